import { ChildProcess, spawn } from 'node:child_process';
import { getFreePort, waitForPort } from './free-port';

export interface TestRedis {
  /** `redis://127.0.0.1:<port>`, or `redis://:<password>@127.0.0.1:<port>` with a password. */
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL); safe to call twice. */
  stop(): Promise<void>;
  /** Stops and starts again on the same port, empty — for fault tests. */
  restart(): Promise<void>;
  /** Starts it again on the same port after `stop()`. */
  start(): Promise<void>;
}

const REDIS_BIN = process.env.REDIS_SERVER_BIN ?? 'redis-server';

/**
 * A real `redis-server` on a free port, without persistence, for integration tests.
 * Needs `redis-server` on PATH (Debian: `apt-get install redis-server`) or `REDIS_SERVER_BIN`.
 * `port` pins the port (fault tests that start Redis after its client); `password` makes it
 * require one, as the Redis `npm start` runs does.
 */
export async function startTestRedis(
  options: { port?: number; password?: string } = {},
): Promise<TestRedis> {
  const port = options.port ?? (await getFreePort());
  let child: ChildProcess | undefined;

  const start = async () => {
    if (child) return;
    const proc = spawn(
      REDIS_BIN,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'warning',
        ...(options.password === undefined ? [] : ['--requirepass', options.password]),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const failed = new Promise<never>((_, reject) => {
      proc.once('error', (e) => reject(new Error(`cannot start ${REDIS_BIN}: ${e.message}`)));
      proc.once('exit', (code) =>
        reject(new Error(`redis-server exited with ${code}: ${stderr.trim()}`)),
      );
    });
    child = proc;
    try {
      await Promise.race([waitForPort(port), failed]);
    } catch (error) {
      child = undefined;
      proc.kill('SIGKILL');
      throw error;
    }
    failed.catch(() => undefined);
  };

  const stop = async () => {
    const proc = child;
    if (!proc) return;
    child = undefined;
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => proc.kill('SIGKILL'), 3000);
      proc.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      proc.kill('SIGTERM');
    });
  };

  await start();
  return {
    url:
      options.password === undefined
        ? `redis://127.0.0.1:${port}`
        : `redis://:${encodeURIComponent(options.password)}@127.0.0.1:${port}`,
    port,
    stop,
    start,
    restart: async () => {
      await stop();
      await start();
    },
  };
}
