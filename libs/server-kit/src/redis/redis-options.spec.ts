import { redisOptionsFromUrl } from './redis-options';

describe('redisOptionsFromUrl', () => {
  it('reads host and port, defaulting to 6379', () => {
    expect(redisOptionsFromUrl('redis://cache.example')).toEqual({
      host: 'cache.example',
      port: 6379,
    });
    expect(redisOptionsFromUrl('redis://127.0.0.1:41235')).toEqual({
      host: '127.0.0.1',
      port: 41235,
    });
  });

  it('reads the credentials (percent-decoded), the database and TLS for rediss://', () => {
    expect(redisOptionsFromUrl('rediss://app:p%40ss@cache.example:6380/2')).toEqual({
      host: 'cache.example',
      port: 6380,
      username: 'app',
      password: 'p@ss',
      db: 2,
      tls: {},
    });
  });
});
