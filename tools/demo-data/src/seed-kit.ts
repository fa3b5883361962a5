import { createHash } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';

// What every seeding step shares: the deterministic random streams, the demo's clock, and the
// raw bulk writes of documents built by their models.

/** A document as the seed builds it (its model's defaults applied) before the bulk insert. */
export type SeedDoc = Record<string, unknown>;

/** What a seeding step works with. */
export interface SeedContext {
  connection: Connection;
  /** The main random stream: every step draws from it in the order the seed always drew. */
  rand: () => number;
  model: (name: string) => Model<unknown>;
}

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The element at `index`; the demo data's tables are fixed, so a miss is a bug in the seed. */
export function elementAt<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`demo data: no element ${index} of ${list.length}`);
  return item;
}

export const pick = <T>(rand: () => number, list: readonly T[]): T =>
  elementAt(list, Math.floor(rand() * list.length));

export function pickSome<T>(rand: () => number, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < count && pool.length)
    out.push(elementAt(pool.splice(Math.floor(rand() * pool.length), 1), 0));
  return out;
}

export const DAY = 24 * 60 * 60 * 1000;
export const EPOCH = Date.UTC(2021, 0, 1);
/** Nothing in the demo happens after this, so runs on different days give the same data. */
export const LATEST = Date.UTC(2026, 5, 30);

export async function withConnection<T>(
  target: string | Connection,
  work: (c: Connection) => Promise<T>,
): Promise<T> {
  if (typeof target !== 'string') return work(target);
  const connection = await mongoose
    .createConnection(target, { serverSelectionTimeoutMS: 10_000 })
    .asPromise();
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}

/** Builds a document with the schema's defaults applied, ready for a raw bulk insert. */
export async function materialize(model: Model<unknown>, data: SeedDoc): Promise<SeedDoc> {
  const doc = new model(data);
  await doc.validate();
  return doc.toObject({ depopulate: true, virtuals: false, versionKey: true });
}

export async function insertAll(model: Model<unknown>, docs: SeedDoc[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 1000) {
    await model.collection.insertMany(docs.slice(i, i + 1000), { ordered: false });
  }
}

/** A small PRNG of its own for record `n` of `kind`, so its text does not shift the main stream. */
export function ownPrng(kind: string, n: number): () => number {
  return prng(createHash('sha1').update(`${kind}:${n}`).digest().readUInt32LE(0));
}
