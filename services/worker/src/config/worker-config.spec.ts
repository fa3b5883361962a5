import { ConfigError, loadWorkerConfig } from './worker-config';

describe('loadWorkerConfig', () => {
  it('uses the development defaults', () => {
    expect(loadWorkerConfig({})).toEqual({
      nodeEnv: 'development',
      port: 3100,
      host: '127.0.0.1',
      concurrency: 4,
      splitPolicy: 'community-first',
      mongodbUri: 'mongodb://127.0.0.1:27027/mechabrim',
      redisUrl: 'redis://127.0.0.1:6379',
      logLevel: 'info',
      shutdownTimeoutMs: 8000,
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
  });
});
