import { CLIENT_LOGS_JOB, QUEUE_NAMES, type ClientLogsJob } from '@mechabrim/contracts';
import {
  getFreePort,
  startTestMongo,
  startTestRedis,
  type TestMongo,
  type TestRedis,
} from '@mechabrim/testing';
import { Queue } from 'bullmq';
import mongoose, { type Connection } from 'mongoose';
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const JOBS = 60;

describe('worker process shutdown', () => {
  let mongo: TestMongo;
  let redis: TestRedis;
  let db: Connection;
  let queue: Queue<ClientLogsJob>;

  beforeAll(async () => {
    [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
    db = await mongoose.createConnection(mongo.uri).asPromise();
    queue = new Queue<ClientLogsJob>(QUEUE_NAMES.clientLogs, { connection: { url: redis.url } });
  });
  afterAll(async () => {
    await queue?.close();
    await db?.close();
    await Promise.all([mongo?.stop(), redis?.stop()]);
  });

  it('on SIGTERM finishes the jobs in hand, leaves the rest queued, and exits 0', async () => {
    await queue.addBulk(
      Array.from({ length: JOBS }, (_, i) => ({
        name: CLIENT_LOGS_JOB,
        data: {
          receivedAt: new Date().toISOString(),
          entries: [
            {
              key: i.toString(16).padStart(64, '0'),
              timestamp: new Date().toISOString(),
              level: 'info' as const,
              message: `job ${i}`,
            },
          ],
        },
      })),
    );
    const port = await getFreePort();
    const child = spawn(
      process.execPath,
      [
        '-r',
        path.join(root, 'libs/testing/swc-register.cjs'),
        path.join(root, 'services/worker/src/main.ts'),
      ],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          MONGODB_URI: mongo.uri,
          REDIS_URL: redis.url,
          WORKER_PORT: String(port),
          WORKER_HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );

    // Stop it as soon as it has started working through the queue.
    const deadline = Date.now() + 30000;
    while ((await db.collection('client_logs').countDocuments()) === 0) {
      if (Date.now() > deadline) throw new Error(`worker never processed a job: ${stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });

    // Nothing is left locked by the stopped worker, and nothing is lost: every job is either
    // stored or still waiting for the next worker.
    const counts = await queue.getJobCounts('active', 'waiting', 'completed', 'failed');
    expect(counts.active).toBe(0);
    expect(counts.failed).toBe(0);
    const stored = await db.collection('client_logs').countDocuments();
    expect(counts.completed).toBe(stored);
    expect(stored + (counts.waiting ?? 0)).toBe(JOBS);
  });
});
