import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU time (user + system, ms) a process has used so far, from /proc; undefined off Linux. */
export function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after the command name,
    // in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the child has exited. */
export function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Resident memory of a process in MB (from /proc), 0 once it is gone or off Linux. */
export function rssMb(pid: number | undefined): number {
  try {
    const resident = readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1];
    return (Number(resident) * 4096) / (1024 * 1024);
  } catch {
    return 0;
  }
}
