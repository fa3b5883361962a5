import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { getFreePort, until } from '@mechabrim/testing';
import { chooseRedis, withoutPassword } from './infra';
import { probeOnce } from './probes';
import type { StackContext } from './types';

describe('the Redis the launcher starts', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  let url: string;
  let probe: Parameters<typeof probeOnce>[0];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'launcher-redis-'));
    const choice = chooseRedis({}, { ephemeral: true });
    if (choice.kind !== 'managed') throw new Error('expected a managed redis-server');
    const ctx: StackContext = {
      root: process.cwd(),
      dataDir,
      host: 'localhost',
      ports: { redis: await getFreePort() },
      mongoUri: '',
      redisUrl: '',
      env: { REDIS_SERVER_BIN: process.env.REDIS_SERVER_BIN },
      ephemeral: true,
    };
    mkdirSync(join(dataDir, 'redis'));
    url = choice.url(ctx);
    probe = choice.service.probe(ctx);
    const { command, args } = choice.service.command(ctx);
    child = spawn(command, args, { stdio: 'ignore' });
    await until('redis-server to answer its probe', async () =>
      (await probeOnce(probe)) ? true : undefined,
    );
  });

  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('requires the password the API and the worker get in REDIS_URL', async () => {
    const { port } = new URL(url);
    expect(await probeOnce({ kind: 'redis', host: '127.0.0.1', port: Number(port) })).toBe(false);
    const stranger = new Redis({ port: Number(port), lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await stranger.connect().catch(() => undefined);
      await expect(stranger.ping()).rejects.toThrow(/NOAUTH/);
    } finally {
      stranger.disconnect();
    }
  });

  it('caps its memory and never evicts queue keys', async () => {
    const redis = new Redis(url);
    try {
      expect(await redis.config('GET', 'maxmemory')).toEqual([
        'maxmemory',
        String(256 * 1024 * 1024),
      ]);
      expect(await redis.config('GET', 'maxmemory-policy')).toEqual([
        'maxmemory-policy',
        'noeviction',
      ]);
    } finally {
      redis.disconnect();
    }
  });

  it('is printed without its password', () => {
    expect(withoutPassword(url)).toMatch(/^redis:\/\/:\*\*\*@127\.0\.0\.1:\d+$/);
    expect(withoutPassword('redis://cache.example:6379')).toBe('redis://cache.example:6379');
  });
});
