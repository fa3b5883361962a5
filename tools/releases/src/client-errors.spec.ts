import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import {
  LocalFolderReleaseStore,
  PointersFile,
  canary,
  describeReleases,
  promote,
  type ReleaseContext,
  type ReleaseInfo,
} from '@mechabrim/releases';
import { startTestMongo, type TestMongo } from '@mechabrim/testing';
import { clientLogsMongoUri, MongoClientErrors } from './client-errors';

const V1 = '1-aaaaaaaaaa';
const V2 = '2-bbbbbbbbbb';
const V3 = '3-cccccccccc';

describe('remote:releases counts each version’s client errors since it was shown', () => {
  let mongo: TestMongo;
  let client: MongoClient;
  let root: string;

  beforeAll(async () => {
    mongo = await startTestMongo();
    client = new MongoClient(mongo.uri);
  });
  afterAll(async () => {
    await client?.close();
    await mongo?.stop();
  });
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'remote-errors-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('reads the stored client log by the version each entry names', async () => {
    let clock = Date.parse('2026-11-01T10:00:00Z');
    const context: ReleaseContext = {
      store: new LocalFolderReleaseStore(path.join(root, 'releases')),
      pointers: new PointersFile(path.join(root, 'releases', 'pointers.json')),
      actor: 'dana',
      now: () => new Date((clock += 60_000)),
    };
    const build = path.join(root, 'dist');
    await mkdir(build);
    await writeFile(path.join(build, 'remoteEntry.js'), 'entry');
    for (const version of [V1, V2, V3]) {
      const [number, contentHash] = version.split('-') as [string, string];
      const info: Omit<ReleaseInfo, 'files'> = {
        remote: 'storefront',
        version,
        number: Number(number),
        contentHash,
        publishedAt: new Date(clock).toISOString(),
        publishedBy: 'dana',
      };
      await context.store.publish(info, { dir: build, files: ['remoteEntry.js'] });
    }
    await promote(context, 'storefront', V1);
    const v1Live = new Date(clock);
    await promote(context, 'storefront', V2);
    const v2Live = new Date(clock);
    await canary(context, 'storefront', V3, 30);

    // Entries as the worker stores them (services/worker/src/client-logs).
    const at = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
    const entry = (level: string, remotes: Record<string, string>, receivedAt: Date) => ({
      key: `${Math.random()}`,
      timestamp: receivedAt,
      level,
      message: 'x',
      remotes,
      receivedAt,
    });
    await client
      .db()
      .collection('client_logs')
      .insertMany([
        entry('error', { storefront: V1 }, at(v1Live, 0.5)),
        entry('error', { storefront: V2, checkout: V1 }, at(v2Live, 0.5)),
        entry('error', { storefront: V2 }, at(v2Live, 0.5)),
        entry('warn', { storefront: V2 }, at(v2Live, 0.5)),
        // Before it was shown (a tester on its address): not counted.
        entry('error', { storefront: V2 }, at(v1Live, -5)),
        entry('error', { checkout: V2 }, at(v2Live, 0.5)),
        entry('error', {}, at(v2Live, 0.5)),
      ]);

    const counter = new MongoClientErrors(mongo.uri);
    try {
      const rows = await describeReleases(context, 'storefront', counter);
      expect(rows.map(({ version, status, errors }) => ({ version, status, errors }))).toEqual([
        { version: V3, status: 'candidate', errors: 0 },
        { version: V2, status: 'live', errors: 2 },
        { version: V1, status: 'previous', errors: 1 },
      ]);
    } finally {
      await counter.close();
    }

    // A client log out of reach: '?' (null), not a failure of the command.
    const away = new MongoClientErrors('mongodb://127.0.0.1:9/none');
    try {
      const rows = await describeReleases(context, 'storefront', away);
      expect(rows.map((row) => row.errors)).toEqual([null, null, null]);
    } finally {
      await away.close();
    }
  }, 30_000);

  it('reads the MongoDB the API uses', () => {
    expect(clientLogsMongoUri({ MONGODB_URI: 'mongodb://db:27017/shop' })).toBe(
      'mongodb://db:27017/shop',
    );
    expect(clientLogsMongoUri({ EMBEDDED_MONGO_PORT: '27100' })).toBe(
      'mongodb://127.0.0.1:27100/mechabrim',
    );
    expect(clientLogsMongoUri({})).toBe('mongodb://127.0.0.1:27027/mechabrim');
  });
});
