import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PdfJobRequest, PdfJobResult } from './pdf-job';

/** Bounds of one sandboxed PDF job. */
export interface SandboxLimits {
  /** Wall-clock time before the child is killed. */
  timeoutMs: number;
  /** V8 heap of the child (`--max-old-space-size`). */
  maxHeapMb: number;
  /** Resident memory of the child (heap, buffers, zlib) before it is killed; polled. */
  maxRssMb: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  timeoutMs: 60_000,
  maxHeapMb: 384,
  maxRssMb: 768,
};

/**
 * The runner script: beside this file in the built worker (webpack's `preflight-runner` entry),
 * its TypeScript source (run through tsx) in tests and development.
 */
function runner(): { script: string; execArgv: string[] } {
  const built = path.join(__dirname, 'preflight-runner.js');
  if (existsSync(built)) return { script: built, execArgv: [] };
  return { script: path.join(__dirname, 'preflight-runner.ts'), execArgv: ['--import', 'tsx'] };
}

async function rssMb(pid: number): Promise<number> {
  try {
    // statm: total and resident size in pages.
    const [, resident] = (await readFile(`/proc/${pid}/statm`, 'utf8')).split(' ');
    return (Number(resident) * 4096) / (1024 * 1024);
  } catch {
    return 0;
  }
}

/**
 * Runs one PDF job in a child process with a time and a memory limit. A file that takes too
 * long, eats memory or crashes the reader gives `{ ok: false, problem: 'limits' | 'crashed' }`;
 * the worker itself is never at risk.
 */
export function runPdfJobSandboxed(
  request: PdfJobRequest,
  limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS,
): Promise<PdfJobResult & { peakRssMb: number }> {
  const { script, execArgv } = runner();
  return new Promise((resolve) => {
    let settled = false;
    let peakRssMb = 0;
    const child: ChildProcess = fork(script, [], {
      execArgv: [...execArgv, `--max-old-space-size=${limits.maxHeapMb}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });

    const finish = (result: PdfJobResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve({ ...result, peakRssMb: Math.round(peakRssMb) });
    };

    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          problem: 'limits',
          detail: `took longer than ${Math.round(limits.timeoutMs / 1000)} s`,
        }),
      limits.timeoutMs,
    );
    const watch = setInterval(() => {
      if (!child.pid) return;
      void rssMb(child.pid).then((mb) => {
        peakRssMb = Math.max(peakRssMb, mb);
        if (mb > limits.maxRssMb)
          finish({ ok: false, problem: 'limits', detail: `used more than ${limits.maxRssMb} MB` });
      });
    }, 50);

    child.on('message', (message: PdfJobResult) => finish(message));
    child.on('error', (error) =>
      finish({ ok: false, problem: 'crashed', detail: error.message.slice(0, 300) }),
    );
    child.on('exit', (code, signal) => {
      // A child out of heap dies with a V8 fatal error (and code 134 or similar).
      const outOfMemory = /heap out of memory|Allocation failed/i.test(stderr);
      finish({
        ok: false,
        problem: outOfMemory ? 'limits' : 'crashed',
        detail: outOfMemory
          ? `used more than ${limits.maxHeapMb} MB of heap`
          : `reader exited (${signal ?? code ?? 'unknown'})`,
      });
    });
    child.send(request);
  });
}
