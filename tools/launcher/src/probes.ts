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
        return await redisPing(probe.host, probe.port, probe.password);
      case 'mongo':
        return await mongoPing(probe.uri);
    }
  } catch {
    return false;
  }
}

/** Redis's inline-command quoting: the password goes between double quotes. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

function redisPing(host: string, port: number, password?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    // With a password, AUTH answers first (+OK or an error), then PING.
    const expectedLines = password === undefined ? 1 : 2;
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () =>
      socket.write(`${password === undefined ? '' : `AUTH ${quoted(password)}\r\n`}PING\r\n`),
    );
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const lines = answer.split('\r\n');
      if (lines.length > expectedLines) done(lines[expectedLines - 1] === '+PONG');
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
