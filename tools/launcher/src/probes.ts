import { connect } from 'node:net';
import { MongoClient } from 'mongodb';
import type { Probe } from './types';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One readiness check; resolves true when the service answers as ready. */
export async function probeOnce(probe: Probe): Promise<boolean> {
  try {
    switch (probe.kind) {
      case 'http': {
        const response = await fetch(probe.url, { signal: AbortSignal.timeout(3_000) });
        await response.body?.cancel();
        return response.ok;
      }
      case 'redis':
        return await redisPing(probe.host, probe.port);
      case 'mongo':
        return await mongoPing(probe.uri);
    }
  } catch {
    return false;
  }
}

function redisPing(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

async function mongoPing(uri: string): Promise<boolean> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 2_000, connectTimeoutMS: 2_000 });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
    return true;
  } finally {
    await client.close().catch(() => undefined);
  }
}

export function describeProbe(probe: Probe): string {
  switch (probe.kind) {
    case 'http':
      return probe.url;
    case 'redis':
      return `redis://${probe.host}:${probe.port}`;
    case 'mongo':
      return probe.uri;
  }
}

/**
 * Polls until the probe passes. Gives up after `timeoutMs`, or as soon as `stillRunning` says
 * the process behind it has ended.
 */
export async function waitUntilReady(
  probe: Probe,
  options: { timeoutMs: number; stillRunning?: () => boolean; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await probeOnce(probe)) return;
    if (options.stillRunning && !options.stillRunning()) {
      throw new Error(`exited before ${describeProbe(probe)} answered`);
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `${describeProbe(probe)} did not answer as ready within ${Math.round(options.timeoutMs / 1000)} s`,
      );
    }
    await delay(options.intervalMs ?? 250);
  }
}
