import { ConfigError, loadWorkerConfig } from './worker-config';

describe('loadWorkerConfig', () => {
  it('uses the development defaults', () => {
    expect(loadWorkerConfig({})).toEqual({
      nodeEnv: 'development',
      port: 3100,
      host: '0.0.0.0',
      concurrency: 4,
      mongodbUri: 'mongodb://127.0.0.1:27027/mechabrim',
      redisUrl: 'redis://127.0.0.1:6379',
      logLevel: 'info',
    });
  });

  it('names the bad variables', () => {
    expect(() => loadWorkerConfig({ WORKER_PORT: 'x', WORKER_CONCURRENCY: '0' })).toThrow(
      ConfigError,
    );
    expect(() => loadWorkerConfig({ WORKER_PORT: 'x' })).toThrow(
      /WORKER_PORT: must be a port number/,
    );
    expect(() => loadWorkerConfig({ NODE_ENV: 'production' })).toThrow(/MONGODB_URI: is required/);
  });
});
