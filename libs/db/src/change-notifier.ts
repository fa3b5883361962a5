import { Query, type Connection, type Schema } from 'mongoose';

type Listener = (modelName: string) => void;
const listeners = new Set<Listener>();

/**
 * Calls `listener` after any write through mongoose to a model whose schema uses
 * {@link notifyChanges} in this process, and — through {@link announceModelChanges}, which the
 * API calls when {@link readCatalogueVersions} shows another process's writes — after writes
 * by other processes. Caches of public answers subscribe to drop stale entries. Returns an
 * unsubscribe function.
 */
export function onModelChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const DOCUMENT_WRITES: ['save', 'deleteOne'] = ['save', 'deleteOne'];
const QUERY_WRITES: Array<
  | 'updateOne'
  | 'updateMany'
  | 'findOneAndUpdate'
  | 'findOneAndReplace'
  | 'replaceOne'
  | 'deleteOne'
  | 'deleteMany'
  | 'findOneAndDelete'
> = [
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndDelete',
];

/**
 * One document in this collection counts the writes to each catalogue model by every process
 * (`{ _id: 'catalogue', Book: 12, Review: 3, … }`). Each API process polls it to learn that
 * another process (another API instance, the worker, a script using these models) changed what
 * its caches hold — a cheap point read, because the embedded server has no change streams. A
 * write that bypasses these models (a shell, a raw driver, the demo data's bulk load) is seen
 * once it bumps the counter itself: {@link recordCatalogueWrites}, or from a shell
 * `db.catalogue_versions.updateOne({_id: 'catalogue'}, {$inc: {Book: 1}}, {upsert: true})`.
 */
export const CATALOGUE_VERSIONS_COLLECTION = 'catalogue_versions';
const CATALOGUE_VERSION_ID = 'catalogue';

/** Its one document: `_id`, then one counter per model name, known only at run time. */
type CatalogueVersionsDocument = { _id: string };

/** The write counters of the catalogue models, by model name (a model never written: absent). */
export async function readCatalogueVersions(connection: Connection): Promise<Map<string, number>> {
  // Its fields are model names: each is read as unknown and checked.
  const document: Record<string, unknown> | null = await connection
    .collection<CatalogueVersionsDocument>(CATALOGUE_VERSIONS_COLLECTION)
    .findOne({ _id: CATALOGUE_VERSION_ID });
  const versions = new Map<string, number>();
  for (const [name, value] of Object.entries(document ?? {}))
    if (typeof value === 'number') versions.set(name, value);
  return versions;
}

/** Tells this process's listeners that other processes wrote to these models. */
export function announceModelChanges(modelNames: Iterable<string>): void {
  for (const modelName of modelNames) for (const listener of listeners) listener(modelName);
}

/** The connection a write middleware runs on: a query's model's, a document's or a model's own. */
function connectionOf(context: unknown): Connection | undefined {
  if (context instanceof Query) return (context.model as { db?: Connection }).db;
  return (context as { db?: Connection } | undefined)?.db;
}

/**
 * Counts writes to these models that bypassed them (a bulk load on the raw driver), so every
 * API process drops what it cached of them at its next read of the counters.
 */
export async function recordCatalogueWrites(
  connection: Connection,
  modelNames: readonly string[],
): Promise<void> {
  const increment: Record<string, number> = {};
  for (const modelName of modelNames) increment[modelName] = 1;
  await connection
    .collection<CatalogueVersionsDocument>(CATALOGUE_VERSIONS_COLLECTION)
    .updateOne({ _id: CATALOGUE_VERSION_ID }, { $inc: increment }, { upsert: true });
}

async function bumpCatalogueVersion(context: unknown, modelName: string): Promise<void> {
  const connection = connectionOf(context);
  if (!connection) return;
  try {
    await recordCatalogueWrites(connection, [modelName]);
  } catch {
    // The write itself succeeded; failing it now would make the caller retry a done write.
    // Other processes then see it through their caches' expiry (see CatalogueCache).
  }
}

/**
 * Makes every write to models of this schema notify {@link onModelChange} listeners in this
 * process and bump the model's counter in {@link CATALOGUE_VERSIONS_COLLECTION} for the others.
 * The write's promise settles after the bump, so once a write is answered, every other process
 * sees it at its next poll. Nothing here writes inside a transaction; one that did would be
 * counted before it commits, so its writer must count it again after the commit
 * ({@link recordCatalogueWrites}).
 */
export function notifyChanges(schema: Schema, modelName: string): void {
  async function notify(this: unknown): Promise<void> {
    for (const listener of listeners) listener(modelName);
    await bumpCatalogueVersion(this, modelName);
  }
  schema.post(DOCUMENT_WRITES, { document: true, query: false }, notify);
  schema.post(QUERY_WRITES, { document: false, query: true }, notify);
  schema.post('insertMany', notify);
  schema.post('bulkWrite', notify);
}
