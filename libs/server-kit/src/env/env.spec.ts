import { z } from 'zod';
import {
  ConfigError,
  envDocOf,
  enumVar,
  integerVar,
  parseEnv,
  portVar,
  requiredInProduction,
  textVar,
  urlVar,
} from './env';
import { resolveMongoUri, resolveRedisUrl, serverEnvShape } from './server-env';

const schema = z
  .object({
    ...serverEnvShape,
    SOME_PORT: portVar(3000, 'Port of something'),
    SOME_COUNT: integerVar({ default: 4, min: 1, max: 64, description: 'How many' }),
    SOME_MODE: enumVar(['fast', 'safe'], 'safe', 'How to run'),
    SOME_NAME: textVar('mechabrim', { default: '`mechabrim`', description: 'A name' }),
    SOME_URL: urlVar(['https:'], { default: 'unset', description: 'Where to call' }),
  })
  .superRefine(requiredInProduction(['SOME_URL']));

function problemsOf(env: Record<string, string>) {
  try {
    parseEnv(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseEnv', () => {
  it('gives every unset variable its default', () => {
    expect(parseEnv(schema, {})).toEqual({
      NODE_ENV: 'development',
      EMBEDDED_MONGO_PORT: 27027,
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: 8000,
      SOME_PORT: 3000,
      SOME_COUNT: 4,
      SOME_MODE: 'safe',
      SOME_NAME: 'mechabrim',
    });
  });

  it('treats an empty variable as unset and ignores variables it does not read', () => {
    expect(parseEnv(schema, { SOME_PORT: '', HOME: '/root' })).toMatchObject({ SOME_PORT: 3000 });
  });

  it('names each bad variable and says what was wrong with it', () => {
    const problems = problemsOf({
      SOME_PORT: '70000',
      SOME_COUNT: '0',
      SOME_MODE: 'reckless',
      SOME_NAME: '   ',
      SOME_URL: 'http://plain',
      REDIS_URL: 'localhost:6379',
    });
    expect(Object.fromEntries(problems.map((p) => [p.variable, p.message]))).toEqual({
      SOME_PORT: 'must be a port number 0-65535 (got "70000")',
      SOME_COUNT: 'must be an integer 1-64 (got "0")',
      SOME_MODE: 'must be one of fast, safe (got "reckless")',
      SOME_NAME: 'must not be blank',
      SOME_URL: 'must be a URL starting with https://',
      REDIS_URL: 'must be a URL starting with redis:// or rediss://',
    });
  });

  it('puts every problem on its own line of the message', () => {
    expect(() => parseEnv(schema, { SOME_PORT: 'x', SOME_COUNT: 'y' })).toThrow(
      'Invalid configuration:\n  SOME_PORT: must be a port number 0-65535 (got "x")\n  SOME_COUNT: must be an integer 1-64 (got "y")',
    );
  });

  it('requires the production variables only when NODE_ENV=production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      { variable: 'SOME_URL', message: 'is required when NODE_ENV=production' },
    ]);
    expect(
      parseEnv(schema, { NODE_ENV: 'production', SOME_URL: 'https://x.example' }),
    ).toMatchObject({ SOME_URL: 'https://x.example' });
  });
});

describe('variable documentation', () => {
  it('keeps each variable’s default and meaning on its schema, for the docs/configuration.md table', () => {
    expect(envDocOf(schema.shape.SOME_PORT)).toEqual({
      default: '`3000`',
      description: 'Port of something',
    });
    expect(envDocOf(schema.shape.SOME_MODE)).toEqual({
      default: '`safe`',
      description: 'How to run',
    });
    expect(envDocOf(schema.shape.REDIS_URL)?.default).toMatch(/launcher starts `redis-server`/);
    expect(envDocOf(z.string())).toBeUndefined();
  });
});

describe('the servers’ MongoDB and Redis', () => {
  it('follow MONGODB_URI and REDIS_URL, else the local defaults', () => {
    expect(resolveMongoUri({ EMBEDDED_MONGO_PORT: 27999 })).toBe(
      'mongodb://127.0.0.1:27999/mechabrim',
    );
    expect(resolveMongoUri({ MONGODB_URI: 'mongodb://db/x', EMBEDDED_MONGO_PORT: 1 })).toBe(
      'mongodb://db/x',
    );
    expect(resolveRedisUrl({})).toBe('redis://127.0.0.1:6379');
    expect(resolveRedisUrl({ REDIS_URL: 'rediss://cache:6380' })).toBe('rediss://cache:6380');
  });
});

describe('MONGODB_URI', () => {
  const mongoUri = z.object({ MONGODB_URI: serverEnvShape.MONGODB_URI });
  const check = (value: string) => mongoUri.safeParse({ MONGODB_URI: value });

  it("takes a replica set's seed list and an SRV record, as the driver does", () => {
    for (const value of [
      'mongodb://db-0.db:27017,db-1.db:27017,db-2.db:27017/mechabrim?replicaSet=rs0',
      'mongodb+srv://cluster0.example.net/mechabrim',
      'mongodb://user:p%40ss@127.0.0.1:27017/mechabrim?authSource=admin',
    ]) {
      expect(check(value).success).toBe(true);
    }
  });

  it('refuses what is not a MongoDB connection string, saying what it must be', () => {
    for (const value of ['http://db:27017/x', 'mongodb://', 'db:27017', 'mongodb+srv://a,b/x']) {
      const parsed = check(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        'must be a MongoDB connection string starting with mongodb:// or mongodb+srv://',
      );
    }
  });
});
