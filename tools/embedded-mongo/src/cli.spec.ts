import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { startEmbeddedMongo } from './server';
import { spawnServer, stopGracefully } from './test-support/child';

jest.setTimeout(60000);

const CLI = path.resolve(__dirname, 'cli.ts');
const REPO = path.resolve(__dirname, '../../..');

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: REPO });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    p.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('cli', () => {
  it('prints one ready line and exits 0 on SIGTERM', async () => {
    const srv = await spawnServer(['--port', '0', '--host', '127.0.0.1']);
    expect(srv.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+$/);
    expect(await stopGracefully(srv.proc, 'SIGTERM')).toBe(0);
  });

  it('rejects bad arguments with exit code 2', async () => {
    const r = await run(['--port', 'abc']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--port must be an integer');
    expect((await run(['--frobnicate'])).code).toBe(2);
  });

  it('exits 1 with a message when the port is taken', async () => {
    const other = await startEmbeddedMongo({ port: 0 });
    try {
      const r = await run(['--port', String(other.port)]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/failed to start: .*EADDRINUSE/);
    } finally {
      await other.stop();
    }
  });
});
