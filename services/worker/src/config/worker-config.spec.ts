import path from 'node:path';
import { ConfigError, loadWorkerConfig } from './worker-config';

/** What production needs: its databases and a real payment provider with its keys. */
const PRODUCTION = {
  NODE_ENV: 'production',
  MONGODB_URI: 'mongodb://db:27017/mechabrim',
  REDIS_URL: 'redis://cache:6379',
  PAYMENT_PROVIDER: 'tranzila',
  TRANZILA_TERMINAL: 'mechabrim',
  TRANZILA_APP_KEY: 'app-key',
  TRANZILA_SECRET: 'tranzila-secret',
};

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
        kind: 'company',
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
      payments: {
        provider: 'simulator',
        simulator: {
          url: 'http://127.0.0.1:4300',
          secret: 'mechabrim-payment-simulator-development-secret',
        },
        tranzila: { terminal: '', appKey: '', secret: '', apiUrl: 'https://api.tranzila.com' },
      },
      payouts: {
        detailsKey: Buffer.from('mechabrim-payout-details-dev-key'),
        withholdingPercent: 30,
        policy: 'monthly',
      },
      masav: { institutionCode: '12345678', sendingInstitutionCode: '12345', name: 'מחברים' },
    });
  });

  it('reads the payout policy and the Masav codes, and refuses codes Masav cannot take', () => {
    const config = loadWorkerConfig({
      PAYOUT_POLICY: 'authors-terms',
      MASAV_INSTITUTION_CODE: '87654321',
      MASAV_SENDING_INSTITUTION: '54321',
    });
    expect(config.payouts.policy).toBe('authors-terms');
    expect(config.masav.institutionCode).toBe('87654321');
    expect(() => loadWorkerConfig({ PAYOUT_POLICY: 'weekly' })).toThrow(/PAYOUT_POLICY/);
    expect(() => loadWorkerConfig({ MASAV_INSTITUTION_CODE: '123456789' })).toThrow(
      /MASAV_INSTITUTION_CODE: must be up to 8 digits/,
    );
    expect(() => loadWorkerConfig({ MASAV_SENDING_INSTITUTION: 'abc' })).toThrow(
      /MASAV_SENDING_INSTITUTION/,
    );
  });

  it('reaches the payment provider with the same variables and production rules as the API', () => {
    expect(
      loadWorkerConfig({
        PAYMENT_SIMULATOR_URL: 'http://127.0.0.1:4999/',
        PAYMENT_SIMULATOR_SECRET: 'a-stack-secret-of-the-launcher',
      }).payments.simulator,
    ).toEqual({ url: 'http://127.0.0.1:4999', secret: 'a-stack-secret-of-the-launcher' });
    expect(
      loadWorkerConfig({ ...PRODUCTION, TRANZILA_API_URL: 'https://api.test/' }).payments,
    ).toEqual({
      provider: 'tranzila',
      simulator: {
        url: 'http://127.0.0.1:4300',
        secret: 'mechabrim-payment-simulator-development-secret',
      },
      tranzila: {
        terminal: 'mechabrim',
        appKey: 'app-key',
        secret: 'tranzila-secret',
        apiUrl: 'https://api.test',
      },
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadWorkerConfig(env);
        return [];
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        return error.problems;
      }
    };
    // Tranzila needs its terminal and API keys, in development too.
    expect(problems({ PAYMENT_PROVIDER: 'tranzila', TRANZILA_TERMINAL: 'shop' })).toEqual([
      { variable: 'TRANZILA_APP_KEY', message: 'is required when PAYMENT_PROVIDER=tranzila' },
      { variable: 'TRANZILA_SECRET', message: 'is required when PAYMENT_PROVIDER=tranzila' },
    ]);
    // No simulator in production, named or by default, nor its development secret.
    const { PAYMENT_PROVIDER: _provider, ...withoutProvider } = PRODUCTION;
    expect(problems(withoutProvider)).toEqual([
      {
        variable: 'PAYMENT_PROVIDER',
        message: 'must not be `simulator` when NODE_ENV=production (set PAYMENT_PROVIDER=tranzila)',
      },
    ]);
    expect(
      problems({
        ...PRODUCTION,
        PAYMENT_SIMULATOR_SECRET: 'mechabrim-payment-simulator-development-secret',
      }),
    ).toEqual([
      {
        variable: 'PAYMENT_SIMULATOR_SECRET',
        message: 'is the development secret, refused when NODE_ENV=production',
      },
    ]);
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
    expect(loadWorkerConfig(PRODUCTION).host).toBe('0.0.0.0');
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
    expect(() => loadWorkerConfig({ ...PRODUCTION, DEV_MAIL: 'true' })).toThrow(
      /^Invalid configuration:\n {2}DEV_MAIL: must not be true when NODE_ENV=production \(the outbox shows buyers' mail\)$/,
    );
    expect(() => loadWorkerConfig({ DEV_MAIL: 'yes' })).toThrow(/DEV_MAIL: must be true or false/);
  });
});
