import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { runLauncher } from './launcher';
import { fakeService } from './testing/fake-services';

const FIXTURE = join(__dirname, 'testing', 'fake-launcher.fixture.ts');

/** A zombie has already ended; only its parent's bookkeeping is left. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

interface FixtureRun {
  output: () => string;
  pids: Promise<number[]>;
  exit: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
}

function runFixture(mode: 'steady' | 'crash', options: { underShell?: boolean } = {}): FixtureRun {
  // Under a shell the way npm runs scripts (`sh -c`); the trailing `true` keeps the shell from
  // replacing itself with node, so node is the shell's child as under `npm start`.
  const child = options.underShell
    ? spawn('sh', ['-c', `"${process.execPath}" --import tsx "${FIXTURE}" ${mode}; true`], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, ['--import', 'tsx', FIXTURE, mode], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  let output = '';
  const pids = new Promise<number[]>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('all ready\n')) {
        const found = [...output.matchAll(/^(?:pid \S+ |\S+\s*\| grandchild=)(\d+)$/gm)].map(
          (match) => Number(match[1]),
        );
        resolve(found);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => reject(new Error(`fixture ended before it was ready:\n${output}`)));
  });
  pids.catch(() => undefined);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { output: () => output, pids, exit, kill: (signal) => child.kill(signal) };
}

const waitFor = async (condition: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return condition();
};

describe('runLauncher', () => {
  jest.setTimeout(60_000);

  it('leaves no process behind after SIGTERM, killing a child that ignores SIGTERM', async () => {
    const run = runFixture('steady');
    const pids = await run.pids;
    // the launcher, three children and the grandchild each of them spawned
    expect(pids).toHaveLength(7);
    expect(pids.every(isAlive)).toBe(true);

    run.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    expect(await waitFor(() => pids.every((pid) => !isAlive(pid)), 10_000)).toBe(true);
    expect(run.output()).toContain('SIGTERM received');
  });

  it('stops everything when the shell that ran it ends (SIGTERM to npm never reaches it)', async () => {
    const run = runFixture('steady', { underShell: true });
    const pids = await run.pids;
    expect(pids).toHaveLength(7);

    run.kill('SIGTERM');
    await run.exit;
    expect(await waitFor(() => pids.every((pid) => !isAlive(pid)), 10_000)).toBe(true);
  });

  it('stops the whole stack with a non-zero exit when a service dies on its own', async () => {
    const run = runFixture('crash');
    const pids = await run.pids;

    expect(await run.exit).toBe(1);
    expect(run.output()).toMatch(/gamma stopped unexpectedly \(exit code 3\)/);
    expect(await waitFor(() => pids.every((pid) => !isAlive(pid)), 10_000)).toBe(true);
  });

  describe('a fixed port already in use', () => {
    let server: Server;
    let port: number;

    beforeAll(async () => {
      server = createServer();
      await new Promise<void>((resolve) => server.listen(0, resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('names the variable that moves it and starts nothing', async () => {
      const lines: string[] = [];
      const code = await runLauncher({
        env: { ...process.env, FAKE_API_PORT: String(port) },
        withoutInfra: true,
        build: false,
        seed: false,
        services: [fakeService('api', { port: { variable: 'FAKE_API_PORT', default: 3000 } })],
        log: (line) => lines.push(line),
        output: () => undefined,
      });

      expect(code).toBe(1);
      expect(lines).toEqual([`Port ${port} is in use — set FAKE_API_PORT to another port`]);
    });
  });

  it('rejects a port variable that is not a port, naming it', async () => {
    const lines: string[] = [];
    const code = await runLauncher({
      env: { FAKE_API_PORT: 'eighty' },
      withoutInfra: true,
      build: false,
      services: [fakeService('api', { port: { variable: 'FAKE_API_PORT', default: 3000 } })],
      log: (line) => lines.push(line),
    });

    expect(code).toBe(1);
    expect(lines).toEqual(['FAKE_API_PORT must be a port number from 1 to 65535, got "eighty"']);
  });
});
