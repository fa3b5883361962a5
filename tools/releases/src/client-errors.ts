// `remote:releases` counts each version's client errors straight from the MongoDB the API's
// client log is stored in (the worker writes `client_logs`, each entry with the version of every
// remote the page ran: shell/src/app/federation.ts). Read-only, one count per shown version.
import { MongoClient } from 'mongodb';
import { RUNTIME_CONFIG_KEYS, type ClientErrorCounter, type RemoteId } from '@mechabrim/releases';

/** The MongoDB the API uses: `MONGODB_URI`, else the embedded server on its port. */
export function clientLogsMongoUri(env: Readonly<Record<string, string | undefined>>): string {
  return (
    env.MONGODB_URI?.trim() ||
    `mongodb://127.0.0.1:${env.EMBEDDED_MONGO_PORT?.trim() || '27027'}/mechabrim`
  );
}

/** Counts `level: error` entries of the stored client log by the version of one remote. */
export class MongoClientErrors implements ClientErrorCounter {
  private readonly client: MongoClient;

  constructor(readonly uri: string) {
    this.client = new MongoClient(uri, { serverSelectionTimeoutMS: 3000 });
  }

  count(remote: RemoteId, version: string, since: Date): Promise<number> {
    return this.client
      .db()
      .collection('client_logs')
      .countDocuments({
        level: 'error',
        [`remotes.${RUNTIME_CONFIG_KEYS[remote]}`]: version,
        receivedAt: { $gte: since },
      });
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
