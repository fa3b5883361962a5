import path from 'node:path';
import { ConfigError, loadWorkerConfig } from './worker-config';

describe('loadWorkerConfig', () => {
  it('uses the development defaults', () => {
    expect(loadWorkerConfig({})).toEqual({
      nodeEnv: 'development',
      port: 3100,
      host: '127.0.0.1',
      concurrency: 4,
      splitConcurrency: 32,
      salesCountDelayMs: 5000,
      splitPolicy: 'community-first',
      mongodbUri: 'mongodb://127.0.0.1:27027/mechabrim',
      redisUrl: 'redis://127.0.0.1:6379',
      logLevel: 'info',
      shutdownTimeoutMs: 8000,
      dataDir: '.data',
      storage: { driver: 'local', root: path.resolve('.data', 'files') },
      preflight: { concurrency: 1, timeoutMs: 60000, maxMemoryMb: 768 },
      invoice: { provider: 'local' },
      business: {
        name: 'מחברים בע״מ (הדגמה)',
        taxId: '000000000',
        address: 'רחוב הספרים 1, תל אביב',
        email: 'books@mechabrim.example',
      },
      mail: {
        smtpUrl: null,
        from: 'מחברים <no-reply@mechabrim.example>',
        siteUrl: 'http://localhost:4200',
        devOutbox: false,
      },
      print: {
        apiUrl: 'http://127.0.0.1:4400',
        apiKey: 'mechabrim-print-simulator',
        apiSecret: 'mechabrim-print-simulator-development-secret',
        filesUrl: 'http://localhost:3000/api/print/files',
        fileUrlSecret: 'mechabrim-file-url-development-secret',
        contactEmail: 'print@mechabrim.example',
        retryBaseMs: 5000,
      },
    });
  });

  it('reads the print partner: Lulu in production, with its key pair', () => {
    expect(
      loadWorkerConfig({
        PRINT_API_URL: 'https://api.sandbox.lulu.com/',
        PRINT_API_KEY: 'key',
        PRINT_API_SECRET: 'secret',
        PRINT_RETRY_BASE_MS: '250',
      }).print,
    ).toMatchObject({
      apiUrl: 'https://api.sandbox.lulu.com',
      apiKey: 'key',
      apiSecret: 'secret',
      retryBaseMs: 250,
    });
    expect(() => loadWorkerConfig({ PRINT_API_URL: 'ftp://x' })).toThrow(/PRINT_API_URL/);
    expect(() => loadWorkerConfig({ PRINT_RETRY_BASE_MS: '0' })).toThrow(/PRINT_RETRY_BASE_MS/);
  });

  it('keeps uploads in an S3 bucket when told, and needs the bucket', () => {
    expect(() => loadWorkerConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(
      loadWorkerConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'books',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'books',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      prefix: '',
    });
  });

  it('needs the Morning key with INVOICE_PROVIDER=morning', () => {
    expect(() => loadWorkerConfig({ INVOICE_PROVIDER: 'morning' })).toThrow(/MORNING_API_ID/);
    expect(
      loadWorkerConfig({
        INVOICE_PROVIDER: 'morning',
        MORNING_API_URL: 'https://sandbox.d.greeninvoice.co.il/api/v1/',
        MORNING_API_ID: 'id',
        MORNING_API_SECRET: 'secret',
      }).invoice,
    ).toEqual({
      provider: 'morning',
      apiUrl: 'https://sandbox.d.greeninvoice.co.il/api/v1',
      apiId: 'id',
      apiSecret: 'secret',
    });
  });

  it('listens on loopback unless WORKER_HOST says otherwise or NODE_ENV=production', () => {
    expect(loadWorkerConfig({ WORKER_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadWorkerConfig({
        NODE_ENV: 'production',
        MONGODB_URI: 'mongodb://db:27017/mechabrim',
        REDIS_URL: 'redis://cache:6379',
      }).host,
    ).toBe('0.0.0.0');
  });

  it('names the bad variables', () => {
    expect(() => loadWorkerConfig({ WORKER_PORT: 'x', WORKER_CONCURRENCY: '0' })).toThrow(
      ConfigError,
    );
    expect(() => loadWorkerConfig({ WORKER_PORT: 'x' })).toThrow(
      /WORKER_PORT: must be a port number/,
    );
    expect(() => loadWorkerConfig({ NODE_ENV: 'production' })).toThrow(/MONGODB_URI: is required/);
    expect(() => loadWorkerConfig({ SPLIT_POLICY: '90/5/5' })).toThrow(
      /SPLIT_POLICY: must be one of community-first, compensation/,
    );
    expect(loadWorkerConfig({ SPLIT_POLICY: 'compensation' }).splitPolicy).toBe('compensation');
    expect(() => loadWorkerConfig({ SPLIT_CONCURRENCY: '0' })).toThrow(/SPLIT_CONCURRENCY/);
    expect(() => loadWorkerConfig({ SPLIT_CONCURRENCY: '257' })).toThrow(/SPLIT_CONCURRENCY/);
    expect(loadWorkerConfig({ SPLIT_CONCURRENCY: '128' }).splitConcurrency).toBe(128);
  });

  it('shows the local outbox only when DEV_MAIL=true, and never in production', () => {
    expect(loadWorkerConfig({ DEV_MAIL: 'true' }).mail.devOutbox).toBe(true);
    expect(() =>
      loadWorkerConfig({
        NODE_ENV: 'production',
        MONGODB_URI: 'mongodb://db:27017/mechabrim',
        REDIS_URL: 'redis://cache:6379',
        DEV_MAIL: 'true',
      }),
    ).toThrow(
      /^Invalid configuration:\n {2}DEV_MAIL: must not be true when NODE_ENV=production \(the outbox shows buyers' mail\)$/,
    );
    expect(() => loadWorkerConfig({ DEV_MAIL: 'yes' })).toThrow(/DEV_MAIL: must be true or false/);
  });
});
