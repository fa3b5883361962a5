import { randomBytes } from 'node:crypto';
import { startEmbeddedMongo } from '../server';

export interface Target {
  /** Connection string including a fresh database name. */
  uri: string;
  dbName: string;
  /** True when running against MONGODB_TEST_URI instead of the embedded server. */
  external: boolean;
  stop(): Promise<void>;
}

function withDb(uri: string, db: string): string {
  const m = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(\/[^?]*)?(\?.*)?$/.exec(uri);
  if (!m) throw new Error(`not a MongoDB connection string: ${uri}`);
  return `${m[1]}/${db}${m[3] ?? ''}`;
}

/** The server the conformance suite talks to: MONGODB_TEST_URI when set, else the embedded server in memory. */
export async function startTarget(): Promise<Target> {
  const dbName = `conf_${randomBytes(4).toString('hex')}`;
  const external = process.env.MONGODB_TEST_URI;
  if (external) {
    const uri = withDb(external, dbName);
    return {
      uri,
      dbName,
      external: true,
      stop: async () => {
        const { MongoClient } = await import('mongodb');
        const c = new MongoClient(uri);
        await c
          .db(dbName)
          .dropDatabase()
          .catch(() => undefined);
        await c.close();
      },
    };
  }
  const server = await startEmbeddedMongo({ port: 0, ttlMonitorIntervalMs: 200 });
  return { uri: withDb(server.uri, dbName), dbName, external: false, stop: () => server.stop() };
}
