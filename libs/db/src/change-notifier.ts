import type { Schema } from 'mongoose';

type Listener = (modelName: string) => void;
const listeners = new Set<Listener>();

/**
 * Calls `listener` after any write through mongoose to a model whose schema uses
 * {@link notifyChanges} (in this process). Caches of public answers subscribe to drop stale
 * entries at once; writes by other processes reach them through their short TTL. Returns an
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

/** Makes every write to models of this schema notify {@link onModelChange} listeners. */
export function notifyChanges(schema: Schema, modelName: string): void {
  const notify = () => {
    for (const listener of listeners) listener(modelName);
  };
  schema.post(DOCUMENT_WRITES, { document: true, query: false }, notify);
  schema.post(QUERY_WRITES, { document: false, query: true }, notify);
  schema.post('insertMany', notify);
  schema.post('bulkWrite', notify);
}
