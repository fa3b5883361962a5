import { CLIENT_LOGS_JOB, QUEUE_NAMES, type ClientLogsJob } from '@mechabrim/contracts';
import {
  startTestMongo,
  startTestRedis,
  type TestMongo,
  type TestRedis,
  until,
} from '@mechabrim/testing';
// The one cross-service journey (API → queue → worker) needs the real API beside the worker;
// its own harness is the one place that knows how to start it.
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { createTestApi, type TestApi } from '../../api/test/test-api';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import mongoose, { type Connection } from 'mongoose';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ClientLogsProcessor } from '../src/client-logs/client-logs.processor';
import { WORKER_LOCK_SETTINGS } from '../src/queue-settings';
import { startTestWorker } from './worker-app';

const root = path.resolve(__dirname, '../../..');

let mongo: TestMongo;
let redis: TestRedis;
let api: TestApi;
let db: Connection;

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  api = await createTestApi({ mongoUri: mongo.uri, redisUrl: redis.url });
  db = await mongoose.createConnection(mongo.uri).asPromise();
});

afterAll(async () => {
  await api?.close();
  await db?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
});

const startWorker = (env: Record<string, string> = {}) =>
  startTestWorker({ mongoUri: mongo.uri, redisUrl: redis.url }, env);

const logs = () => db.collection('client_logs');
const entry = (message: string) => ({
  timestamp: new Date().toISOString(),
  level: 'error',
  message,
  url: '/cart',
});

async function postBulk(messages: string[], sessionId = 'session-1') {
  const res = await fetch(`${api.baseUrl}/api/logs/client-bulk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'jest-e2e' },
    body: JSON.stringify({ logs: messages.map(entry), sessionId }),
  });
  expect(res.status).toBe(202);
  return res.json();
}

describe('client-logs queue, API to worker to MongoDB', () => {
  it('stores what the API accepted, once, with the sender beside each entry', async () => {
    const worker = await startWorker({ WORKER_CONCURRENCY: '3' });
    try {
      // WORKER_CONCURRENCY reaches the BullMQ worker.
      expect(worker.app.get(ClientLogsProcessor).worker.concurrency).toBe(3);
      const health = await until('worker health', async () => {
        const res = await fetch(`${worker.url}/health`);
        return res.status === 200 ? res.json() : undefined;
      });
      expect(health.details).toMatchObject({ mongodb: { status: 'up' }, redis: { status: 'up' } });

      expect(await postBulk(['first', 'second', 'שלישי'])).toEqual({ accepted: 3 });
      await until('three stored entries', async () =>
        (await logs().countDocuments({ sessionId: 'session-1' })) === 3 ? true : undefined,
      );
      const stored = await logs().findOne({ message: 'שלישי' });
      expect(stored).toMatchObject({
        level: 'error',
        url: '/cart',
        userAgent: 'jest-e2e',
        sessionId: 'session-1',
      });
      expect(stored?.key).toMatch(/^[a-f0-9]{64}$/);
      expect(stored?.remotes).toEqual({});

      // The version of each remote the page ran is stored with the entry: remote:releases
      // counts a version's errors by it (tools/releases/src/client-errors.ts).
      const versioned = await fetch(`${api.baseUrl}/api/logs/client-error`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...entry('בגרסה השלישית'),
          sessionId: 'session-versions',
          remotes: { storefront: '3-cccccccccc', checkout: 'own-build' },
        }),
      });
      expect(versioned.status).toBe(202);
      const storedWithVersions = await until(
        'the versioned entry',
        async () => (await logs().findOne({ sessionId: 'session-versions' })) ?? undefined,
      );
      expect(storedWithVersions.remotes).toEqual({
        storefront: '3-cccccccccc',
        checkout: 'own-build',
      });
      expect(await logs().countDocuments({ 'remotes.storefront': '3-cccccccccc' })).toBe(1);

      // The same entries delivered again in another job (a retried request or a replayed job)
      // are not stored twice: the processor upserts on the entry key.
      const queue = new Queue<ClientLogsJob>(QUEUE_NAMES.clientLogs, {
        connection: { url: redis.url },
      });
      try {
        const docs = await logs().find({ sessionId: 'session-1' }).toArray();
        const replay = await queue.add(CLIENT_LOGS_JOB, {
          receivedAt: new Date().toISOString(),
          entries: docs.map((d) => ({
            key: d.key,
            timestamp: d.timestamp.toISOString(),
            level: d.level,
            message: d.message,
          })),
        });
        await until('the replayed job to finish', async () =>
          (await replay.isCompleted()) ? true : undefined,
        );
        const job = await queue.getJob(replay.id!);
        expect(job?.returnvalue).toEqual({ stored: 0, duplicates: 3 });
        expect(await logs().countDocuments({ sessionId: 'session-1' })).toBe(3);

        // A payload that breaks the contract fails at once, without retries.
        const bad = await queue.add(
          CLIENT_LOGS_JOB,
          { receivedAt: 'nope', entries: [] },
          {
            attempts: 5,
          },
        );
        await until('the bad job to fail', async () => ((await bad.isFailed()) ? true : undefined));
        const failed = await queue.getJob(bad.id!);
        expect(failed?.attemptsMade).toBe(1);
        expect(failed?.failedReason).toMatch(/invalid client-logs payload/);

        // So does an entry whose data has a NUL in a key (MongoDB would refuse it on every
        // retry), had one got past the API.
        const nul = await queue.add(
          CLIENT_LOGS_JOB,
          {
            receivedAt: new Date().toISOString(),
            entries: [
              {
                key: 'f'.repeat(64),
                timestamp: new Date().toISOString(),
                level: 'error',
                message: 'NUL',
                data: { 'a\u0000b': 1 },
              },
            ],
          },
          { attempts: 5 },
        );
        await until('the NUL job to fail', async () => ((await nul.isFailed()) ? true : undefined));
        expect((await queue.getJob(nul.id!))?.attemptsMade).toBe(1);
      } finally {
        await queue.close();
      }
    } finally {
      await worker.app.close();
    }
  });

  it('hands a job whose worker was SIGKILLed mid-job to another worker once its short lock lapses', async () => {
    const child = spawn(
      process.execPath,
      [
        '-r',
        path.join(root, 'libs/testing/swc-register.cjs'),
        path.join(__dirname, 'fixtures/crashing-worker.ts'),
      ],
      {
        cwd: root,
        env: { ...process.env, REDIS_URL: redis.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let worker: { app: NestFastifyApplication } | undefined;
    try {
      await until('the crashing worker to connect', async () =>
        out.includes('ready') ? true : undefined,
      );
      await postBulk(['taken by a worker that dies'], 'session-crash');
      const jobId = await until(
        'the crashing worker to take the job',
        async () => /active (\S+)/.exec(out)?.[1],
      );

      // A healthy worker is running, but the job is locked by the one about to die.
      worker = await startWorker();
      await new Promise((r) => setTimeout(r, 500));
      expect(await logs().countDocuments({ sessionId: 'session-crash' })).toBe(0);

      // The lock the dying worker holds lapses within the short lock duration (BullMQ's default
      // is 30 s), read from Redis rather than timed: a busy machine would skew a clock.
      const probe = new Redis(redis.url, { lazyConnect: true });
      await probe.connect();
      const lockLeftMs = await probe
        .pttl(`bull:${QUEUE_NAMES.clientLogs}:${jobId}:lock`)
        .finally(() => probe.quit());
      expect(lockLeftMs).toBeGreaterThan(0);
      expect(lockLeftMs).toBeLessThanOrEqual(WORKER_LOCK_SETTINGS.lockDuration);
      // What a crash costs at most: the lock's lapse, then the next stalled-job check.
      expect(
        WORKER_LOCK_SETTINGS.lockDuration + WORKER_LOCK_SETTINGS.stalledInterval,
      ).toBeLessThanOrEqual(12_000);

      child.kill('SIGKILL');
      await exited;
      // Within lockDuration + stalledInterval (12 s) on an idle machine; the wait only bounds a
      // failure, and is below the ~30 s BullMQ's default lock alone would take.
      await until(
        'the job to be stored by the other worker',
        async () =>
          (await logs().countDocuments({ sessionId: 'session-crash' })) === 1 ? true : undefined,
        25_000,
      );
      // What the dead worker had taken is stored whole, by the job the API queued for it.
      const stored = await logs().findOne({ sessionId: 'session-crash' });
      expect(stored).toMatchObject({
        message: 'taken by a worker that dies',
        level: 'error',
        url: '/cart',
        userAgent: 'jest-e2e',
      });
      expect(jobId).toBe(createHash('sha256').update(stored!.key).digest('hex'));
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await worker?.app.close();
    }
  });
});
