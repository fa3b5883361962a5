import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** Where a child's output lines go. */
export type LineSink = (service: string, line: string, stream: 'stdout' | 'stderr') => void;

export interface ProcessOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  output: LineSink;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Every process group the launcher started and has not seen end: the safety net on exit. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // If the launcher ends without stopping its children (an exception, process.exit), take them
  // with it: SIGKILL is the only thing that can be done synchronously here.
  process.on('exit', () => {
    for (const pgid of liveGroups) signalGroup(pgid, 'SIGKILL');
  });
}

/** Sends a signal to a whole process group; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await delay(50);
  }
  return true;
}

/**
 * A child process in its own process group, so that stopping it also stops whatever it spawned
 * (a shell, a compiler, a browser) and a Ctrl-C in the terminal reaches the launcher only.
 */
export class ManagedProcess {
  readonly name: string;
  private child: ChildProcess | undefined;
  private exited: Promise<ExitInfo> | undefined;
  private stopping = false;

  constructor(private readonly options: ProcessOptions) {
    this.name = options.name;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process; `onUnexpectedExit` fires when it ends without `stop()` being called. */
  start(onUnexpectedExit: (info: ExitInfo) => void): Promise<void> {
    installExitHook();
    this.stopping = false;
    const { command, args, cwd, env, output, name } = this.options;
    const child = spawn(command, args, {
      cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        resolve({ code, signal });
        if (!this.stopping) onUnexpectedExit({ code, signal });
      });
    });
    forwardLines(child.stdout, (line) => output(name, line, 'stdout'));
    forwardLines(child.stderr, (line) => output(name, line, 'stderr'));
    return new Promise((resolve, reject) => {
      child.once('spawn', () => {
        if (child.pid) liveGroups.add(child.pid);
        resolve();
      });
      child.once('error', (error: NodeJS.ErrnoException) => {
        this.stopping = true;
        reject(
          error.code === 'ENOENT'
            ? new Error(`${name}: "${command}" was not found on PATH`)
            : new Error(`${name}: could not start "${command}": ${error.message}`),
        );
      });
    });
  }

  /** Resolves when the process has ended. */
  exit(): Promise<ExitInfo> {
    if (!this.exited) throw new Error(`${this.name} was never started`);
    return this.exited;
  }

  get running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    );
  }

  /**
   * SIGTERM to the process group, SIGKILL to whatever is left after `timeoutMs`. Resolves when
   * the child has exited and no process of its group remains.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child?.pid) return;
    this.stopping = true;
    const pgid = child.pid;
    // The signal reaches every member of the group, not just the leader.
    signalGroup(pgid, 'SIGTERM');
    const gone = () => !this.running && !signalGroup(pgid, 0);
    if (!(await waitFor(gone, timeoutMs))) {
      signalGroup(pgid, 'SIGKILL');
      await waitFor(gone, 5_000);
    }
    await this.exited;
    liveGroups.delete(pgid);
  }
}

function forwardLines(stream: Readable | null, onLine: (line: string) => void) {
  if (!stream) return;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
}

const COLORS = [36, 35, 33, 32, 34, 91, 96, 95, 93, 92];
/** Plain white, for when the table above is somehow exhausted (it wraps, so only if empty). */
const DEFAULT_COLOUR = 37;

/** Prints each line as `name | line`, names padded to one width and coloured on a terminal. */
export function prefixedConsole(
  names: readonly string[],
  stream: NodeJS.WriteStream = process.stdout,
): LineSink {
  const width = Math.max(...names.map((name) => name.length), 5);
  const colour = stream.isTTY && !process.env.NO_COLOR;
  const colours = new Map<string, number>();
  return (service, line) => {
    if (!colours.has(service))
      colours.set(service, COLORS[colours.size % COLORS.length] ?? DEFAULT_COLOUR);
    const label = service.padEnd(width);
    const prefix = colour ? `\u001b[${colours.get(service)}m${label}\u001b[0m` : label;
    stream.write(`${prefix} | ${line}\n`);
  };
}

/** Keeps the last lines of each service, to show when one fails while output is silenced. */
export class OutputTail {
  private readonly lines = new Map<string, string[]>();

  constructor(private readonly limit = 60) {}

  readonly sink: LineSink = (service, line) => {
    const lines = this.lines.get(service) ?? [];
    lines.push(line);
    if (lines.length > this.limit) lines.shift();
    this.lines.set(service, lines);
  };

  of(service: string): string {
    return (this.lines.get(service) ?? []).join('\n');
  }
}
