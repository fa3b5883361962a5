import { getFreePort } from '@mechabrim/testing';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const fixture = path.join(__dirname, 'testing/server.fixture.ts');
const register = path.join(root, 'libs/testing/swc-register.cjs');

/** Starts the fixture server (the kit's `runServer` in a real process). */
function runFixture(env: Record<string, string>) {
  const child = spawn(process.execPath, ['-r', register, fixture], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
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

async function waitUntilServing(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/ping`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fixture never answered on port ${port}`);
}

describe('runServer', () => {
  it('stops with exit code 1 and a message naming each bad variable', async () => {
    const run = runFixture({ FIXTURE_PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect((await run.exited).code).toBe(1);
    const { stderr } = run.output();
    expect(stderr).toMatch(/FIXTURE_PORT: must be a port number 0-65535 \(got "eighty"\)/);
    expect(stderr).toMatch(/LOG_LEVEL: must be one of fatal, error/);
  });

  it('on SIGTERM runs the shutdown hooks and exits 0', async () => {
    const port = await getFreePort();
    const run = runFixture({ FIXTURE_PORT: String(port) });
    await waitUntilServing(port);
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.output().stdout).toContain('closed after SIGTERM');
  });

  it('exits 1 with a message when shutting down takes longer than SHUTDOWN_TIMEOUT_MS', async () => {
    const port = await getFreePort();
    const run = runFixture({
      FIXTURE_PORT: String(port),
      FIXTURE_CLOSE_MS: '30000',
      SHUTDOWN_TIMEOUT_MS: '500',
    });
    await waitUntilServing(port);
    const signalledAt = Date.now();
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(20_000);
    expect(run.output().stderr).toMatch(
      /Fixture did not stop within 500 ms of SIGTERM \(SHUTDOWN_TIMEOUT_MS\)/,
    );
  });

  it('names the variable that moves a port already in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const run = runFixture({ FIXTURE_PORT: String(port) });
      expect((await run.exited).code).toBe(1);
      expect(run.output().stderr).toContain(
        `Port ${port} is already in use; set FIXTURE_PORT to another port.`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
