import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { getFreePort } from './free-port';
import { startTestMongo, withDatabase } from './mongo';
import { startTestRedis } from './redis';
import { until } from './until';

describe('startTestRedis', () => {
  it('runs a real redis-server that answers, and restart() brings it back empty on the same port', async () => {
    const redis = await startTestRedis();
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 100 });
    client.on('error', () => undefined);
    try {
      expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
      await client.set('k', 'v');
      expect(await client.get('k')).toBe('v');

      await redis.stop();
      await expect(client.ping()).rejects.toThrow(/max retries per request/);

      await redis.start();
      await new Promise<void>((resolve) =>
        client.status === 'ready' ? resolve() : client.once('ready', resolve),
      );
      expect(await client.ping()).toBe('PONG');
      // No persistence: the value written before the stop is gone.
      expect(await client.get('k')).toBeNull();

      await redis.restart();
      await new Promise<void>((resolve) =>
        client.status === 'ready' ? resolve() : client.once('ready', resolve),
      );
      expect(await client.ping()).toBe('PONG');
    } finally {
      client.disconnect();
      await redis.stop();
    }
  });
});

describe('startTestMongo', () => {
  it('gives each suite its own database that mongoose can write and read', async () => {
    const a = await startTestMongo();
    const b = await startTestMongo();
    const conn = await mongoose
      .createConnection(a.uri, { serverSelectionTimeoutMS: 5000 })
      .asPromise();
    try {
      expect(new URL(a.uri.replace('mongodb://', 'http://')).pathname).not.toBe(
        new URL(b.uri.replace('mongodb://', 'http://')).pathname,
      );
      await conn.collection('things').insertOne({ name: 'ספר' });
      expect(await conn.collection('things').findOne({}, { projection: { _id: 0 } })).toEqual({
        name: 'ספר',
      });
    } finally {
      await conn.close();
      await a.stop();
      await b.stop();
    }
  });

  it('replaces the database name and keeps the options of a connection string', () => {
    expect(withDatabase('mongodb://h:1/old?replicaSet=rs0', 'fresh')).toBe(
      'mongodb://h:1/fresh?replicaSet=rs0',
    );
    expect(withDatabase('mongodb://u:p@h:1', 'fresh')).toBe('mongodb://u:p@h:1/fresh');
    expect(() => withDatabase('http://nope', 'x')).toThrow(/not a MongoDB/);
  });
});

describe('getFreePort', () => {
  it('returns a port nothing listens on', async () => {
    const port = await getFreePort();
    expect(port).toBeGreaterThan(0);
    const { createServer } = await import('node:net');
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

describe('until', () => {
  it('returns the first defined value the probe gives', async () => {
    let calls = 0;
    const value = await until(
      'the third call',
      async () => (++calls === 3 ? 'ready' : undefined),
      2_000,
      5,
    );
    expect(value).toBe('ready');
    expect(calls).toBe(3);
  });

  it('names what it waited for when time runs out', async () => {
    await expect(
      until('a server that never answers', async () => undefined, 30, 5),
    ).rejects.toThrow('timed out waiting for a server that never answers');
  });
});
