import { randomBytes } from 'node:crypto';

export interface TestMongo {
  /** A connection string naming a database of its own. */
  uri: string;
  stop(): Promise<void>;
}

/** Puts a fresh database name into a MongoDB connection string, keeping its options. */
export function withDatabase(uri: string, dbName: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(\/[^?]*)?(\?.*)?$/.exec(uri);
  if (!match) throw new Error(`not a MongoDB connection string: ${uri}`);
  return `${match[1]}/${dbName}${match[3] ?? ''}`;
}

/**
 * A MongoDB for one test suite: `MONGODB_TEST_URI` with a fresh database name when set,
 * else the embedded MongoDB-compatible server, in memory, on a free port.
 */
export async function startTestMongo(): Promise<TestMongo> {
  const dbName = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const external = process.env.MONGODB_TEST_URI;
  if (external) {
    const uri = withDatabase(external, dbName);
    return {
      uri,
      stop: async () => {
        // Drop what the suite wrote so a shared server does not fill up.
        const { MongoClient } = await import('mongodb');
        const client = new MongoClient(uri, { serverSelectionTimeoutMS: 2000 });
        try {
          await client.connect();
          await client.db(dbName).dropDatabase();
        } catch {
          // The server may be gone already; nothing to clean then.
        } finally {
          await client.close().catch(() => undefined);
        }
      },
    };
  }
  const { startEmbeddedMongo } = await import('@mechabrim/embedded-mongo');
  const server = await startEmbeddedMongo({ host: '127.0.0.1', port: 0 });
  return { uri: withDatabase(server.uri, dbName), stop: () => server.stop() };
}
