import {
  startTestMongo,
  startTestRedis,
  getFreePort,
  type TestMongo,
  type TestRedis,
} from '@mechabrim/testing';
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const main = path.join(root, 'services/api/src/main.ts');
const register = path.join(root, 'libs/testing/swc-register.cjs');

/** Runs the API's real entry point (from source) as a child process. */
function runApi(env: Record<string, string>) {
  const child = spawn(process.execPath, ['-r', register, main], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('configuration validated at start', () => {
  it('stops with exit code 1 and a message naming the bad variable', async () => {
    const run = runApi({ API_PORT: 'not-a-port', REDIS_URL: 'http://wrong' });
    const { code } = await run.exited;
    expect(code).toBe(1);
    const { stderr } = run.output();
    expect(stderr).toMatch(/API_PORT: must be a port number/);
    expect(stderr).toMatch(/REDIS_URL: must be a URL starting with redis:\/\//);
  });

  it('requires JWT_SECRET in production', async () => {
    const run = runApi({
      NODE_ENV: 'production',
      MONGODB_URI: 'mongodb://127.0.0.1:1/x',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect((await run.exited).code).toBe(1);
    expect(run.output().stderr).toMatch(/JWT_SECRET: is required when NODE_ENV=production/);
  });
});

describe('process lifecycle', () => {
  let mongo: TestMongo;
  let redis: TestRedis;
  beforeAll(async () => {
    [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  });
  afterAll(async () => {
    await Promise.all([mongo?.stop(), redis?.stop()]);
  });

  it('logs one JSON line per request and shuts down cleanly on SIGTERM', async () => {
    const port = await getFreePort();
    const run = runApi({
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      MONGODB_URI: mongo.uri,
      REDIS_URL: redis.url,
      LOG_LEVEL: 'info',
    });
    const deadline = Date.now() + 30000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.status)
        .catch(() => 0);
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    await fetch(`http://127.0.0.1:${port}/api/missing?q=1`);

    run.child.kill('SIGTERM');
    const exit = await run.exited;
    // Nest's shutdown hooks close the server, MongoDB and Redis, flush the logs, then exit 0.
    expect(exit).toEqual({ code: 0, signal: null });

    const lines = run
      .output()
      .stdout.split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const requestLine = lines.find((l) => l.msg === 'request' && l.url === '/api/missing?q=1');
    expect(requestLine).toMatchObject({ method: 'GET', status: 404, level: 30 });
    expect(typeof requestLine?.durationMs).toBe('number');
  });
});
