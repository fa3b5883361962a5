import { Collection, Db, MongoClient, MongoServerError } from 'mongodb';
import { Target, startTarget } from './target';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = Collection<any>;

export interface DriverContext {
  target: Target;
  client: MongoClient;
  db: Db;
  /** A collection typed loosely: the suites insert numeric and string _ids, which the driver's typing forbids. */
  coll(name: string): Loose;
}

/**
 * Registers beforeAll/afterAll hooks that connect the official driver to the conformance target
 * (the embedded server, or MONGODB_TEST_URI when set) and returns the live handles.
 */
export function useDriver(): DriverContext {
  const ctx = {} as DriverContext;
  beforeAll(async () => {
    ctx.target = await startTarget();
    ctx.client = new MongoClient(ctx.target.uri, { serverSelectionTimeoutMS: 5000 });
    await ctx.client.connect();
    ctx.db = ctx.client.db();
    ctx.coll = (name) => ctx.db.collection(name);
  });
  afterAll(async () => {
    await ctx.client?.close();
    await ctx.target?.stop();
  });
  return ctx;
}

/** The server error a promise rejects with (fails the test if it resolves or rejects otherwise). */
export async function serverError(p: Promise<unknown>): Promise<MongoServerError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof MongoServerError) return e;
    throw e;
  }
  throw new Error('expected the operation to fail');
}
