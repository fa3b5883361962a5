import { startEmbeddedMongo, type EmbeddedMongo } from '@mechabrim/embedded-mongo';
import { getFreePort, until } from '@mechabrim/testing';
import mongoose from 'mongoose';
import { restartStuckMonitors } from './monitor-watchdog';

type MongoClient = InstanceType<typeof mongoose.mongo.MongoClient>;

/** The driver's monitor of the only server, with the parts the race below needs. */
interface MonitorInternals {
  connection: { socket: { destroy(): void } } | null;
  requestCheck(): void;
}
function onlyMonitor(client: MongoClient): MonitorInternals {
  const { servers } = (client as unknown as { topology: { s: { servers: Map<string, unknown> } } })
    .topology.s;
  const [server] = [...servers.values()] as { monitor: MonitorInternals }[];
  if (!server) throw new Error('no server in the topology');
  return server.monitor;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client of its own, with the heartbeats its monitor reported, in order. */
interface WatchedClient {
  client: MongoClient;
  heartbeats: ('started' | 'ended')[];
}

describe('a MongoDB monitor whose check never ends', () => {
  let mongo: EmbeddedMongo;
  let uri: string;
  const clients: MongoClient[] = [];

  beforeAll(async () => {
    const port = await getFreePort();
    mongo = await startEmbeddedMongo({ host: '127.0.0.1', port });
    uri = `mongodb://127.0.0.1:${port}/watchdog`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await mongo.stop();
  });

  async function connect(): Promise<WatchedClient> {
    const client = new mongoose.mongo.MongoClient(uri, {
      connectTimeoutMS: 500,
      heartbeatFrequencyMS: 1000,
      // Only bounds a failure: the server is in this process, which a busy machine can stall.
      serverSelectionTimeoutMS: 10_000,
    });
    clients.push(client);
    const heartbeats: WatchedClient['heartbeats'] = [];
    client.on('serverHeartbeatStarted', () => heartbeats.push('started'));
    client.on('serverHeartbeatSucceeded', () => heartbeats.push('ended'));
    client.on('serverHeartbeatFailed', () => heartbeats.push('ended'));
    await client.connect();
    return { client, heartbeats };
  }

  /**
   * The race MongoDB's restart causes: the monitor's socket is already destroyed (its `close`
   * not yet emitted) when the monitor starts a check on it. Returns the heartbeats seen so far.
   */
  async function loseACheck({ client, heartbeats }: WatchedClient): Promise<number> {
    for (;;) {
      await until('a check to end', async () => (heartbeats.at(-1) === 'ended' ? true : undefined));
      const seen = heartbeats.length;
      // The monitor checks at most every 500 ms when asked, and by itself every 1,000 ms.
      await sleep(600);
      if (heartbeats.length !== seen) continue; // a slow timer let its own check in first
      const monitor = onlyMonitor(client);
      if (!monitor.connection) throw new Error('the monitor has no connection to lose');
      monitor.connection.socket.destroy();
      monitor.requestCheck();
      return heartbeats.length;
    }
  }

  it('is still lost by the driver (when this fails, the driver is fixed and the watchdog can go)', async () => {
    const watched = await connect();
    const count = await loseACheck(watched);
    expect(watched.heartbeats[count - 1]).toBe('started');
    // Every check is bounded by connectTimeoutMS (500 ms) and the next one comes within 1 s.
    await sleep(2500);
    expect(watched.heartbeats.length).toBe(count);
  });

  it('is restarted by the watchdog, which says so, and the monitor checks again', async () => {
    const watched = await connect();
    const warnings: string[] = [];
    // Well past any healthy check, even one a busy machine stalls (with 1.5 s, a stalled
    // healthy check could be flagged too, and there would be two warnings).
    const stop = restartStuckMonitors(watched.client, {
      stuckAfterMs: 5000,
      sweepEveryMs: 100,
      logger: { warn: (message: string) => warnings.push(message) },
    });
    try {
      const count = await loseACheck(watched);
      await until(
        'the monitor to check again',
        async () => (watched.heartbeats.slice(count).includes('ended') ? true : undefined),
        30_000,
      );
      expect(warnings).toEqual([
        expect.stringMatching(/has not ended for \d+ ms; restarting its monitor/),
      ]);
      await expect(watched.client.db('admin').command({ ping: 1 })).resolves.toMatchObject({
        ok: 1,
      });
    } finally {
      stop();
    }
  });
});
