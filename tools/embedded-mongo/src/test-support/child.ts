import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

const CLI = path.resolve(__dirname, '../cli.ts');
const REPO = path.resolve(__dirname, '../../../..');

export interface ChildServer {
  proc: ChildProcess;
  uri: string;
  port: number;
}

/** Starts the CLI (TypeScript source through tsx) as a separate process; resolves when it listens. */
export function spawnServer(args: string[]): Promise<ChildServer> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start: ${err}`));
    }, 20000);
    proc.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /embedded-mongo listening on (mongodb:\/\/[^\s]+:(\d+))/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, uri: m[1] ?? '', port: Number(m[2]) });
      }
    });
    proc.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
}

export function killHard(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}

export function stopGracefully(
  proc: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve(proc.exitCode);
    proc.once('exit', (code) => resolve(code));
    proc.kill(signal);
  });
}
