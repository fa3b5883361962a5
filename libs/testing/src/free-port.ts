import { createServer } from 'node:net';

/**
 * Ports handed out below the kernel's ephemeral range (Linux: 32768–60999). A port the OS picks
 * for `listen(0)` comes from that range, which is also where every outgoing connection takes its
 * local port: between the check and the child binding it, a database client or a browser may
 * have taken it. Below the range only another test's listener can, and it picks at random too.
 */
const FIRST_PORT = 20_000;
const PORT_COUNT = 12_000;

/**
 * Jest runs test files in several worker processes at once, each starting servers: each worker
 * draws from its own slice of the range (the main process, e.g. a global setup, from the first),
 * so two processes never hand out the same port before either has bound it. `TEST_PORT_SLICE`
 * (0-3) puts a whole run in one slice.
 */
const SLICES = 4;
export const PORT_SLICE_SIZE = PORT_COUNT / SLICES;
const SLICE_SIZE = PORT_SLICE_SIZE;
export function portSliceStart(
  workerId = process.env.JEST_WORKER_ID,
  chosenSlice = process.env.TEST_PORT_SLICE,
): number {
  // A Jest run beside another (`npm test` runs the browser journeys beside the unit tests) names
  // a slice of its own, since both runs number their workers from 1.
  const chosen = Number(chosenSlice);
  if (chosenSlice && Number.isInteger(chosen) && chosen >= 0 && chosen < SLICES) {
    return FIRST_PORT + chosen * SLICE_SIZE;
  }
  const id = Number(workerId);
  const slice = Number.isInteger(id) && id > 0 ? id % SLICES : 0;
  return FIRST_PORT + slice * SLICE_SIZE;
}

/**
 * Ports this process handed out: a caller asks for several before its servers bind any (a
 * stack's plan), and a port still free must not be handed out twice.
 */
const handedOut = new Set<number>();

/** Whether `port` can be listened on at `host` right now. */
function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Asks the OS for a free TCP port (its own choice), closed again before it is returned. */
function osFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A TCP port free on 127.0.0.1 and on ::1 (servers told `localhost` may take either), chosen at
 * random below the ephemeral range, in this process's slice of it and never handed out before by
 * this process; the OS's own choice if none of 50 tries is free.
 */
export async function getFreePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = portSliceStart() + Math.floor(Math.random() * SLICE_SIZE);
    if (handedOut.has(port) || !(await canListen(port, '127.0.0.1'))) continue;
    // No IPv6 loopback on this machine is fine; a port taken there is not.
    const v6 = await new Promise<'free' | 'taken' | 'absent'>((resolve) => {
      const server = createServer();
      server.unref();
      server.once('error', (error: NodeJS.ErrnoException) =>
        resolve(error.code === 'EADDRINUSE' ? 'taken' : 'absent'),
      );
      server.listen(port, '::1', () => server.close(() => resolve('free')));
    });
    if (v6 !== 'taken') {
      handedOut.add(port);
      return port;
    }
  }
  return osFreePort();
}

/** Resolves once something accepts TCP connections on host:port, or rejects after `timeoutMs`. */
export async function waitForPort(
  port: number,
  host = '127.0.0.1',
  timeoutMs = 10000,
): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
