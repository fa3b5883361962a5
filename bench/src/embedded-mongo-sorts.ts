/**
 * Ad-hoc measurement: catalogue-shaped paged finds (sort + skip + limit + projection) on the demo
 * catalogue seeded with BOOKS books, through the official driver, server in this process.
 * Run: npx tsx --tsconfig tsconfig.base.json bench/src/embedded-mongo-sorts.ts (BOOKS, QUERIES,
 * EMBEDDED_SRC)
 */
import { MongoClient } from 'mongodb';
import { seedDemoData } from '@mechabrim/demo-data';
import { PUBLIC_BOOK_FIELDS } from '@mechabrim/db';

const BOOKS = Number(process.env.BOOKS ?? 10_000);
const QUERIES = Number(process.env.QUERIES ?? 300);
const SORTS = [
  { salesCount: -1, _id: 1 },
  { createdAt: -1, _id: 1 },
  { price: 1, _id: 1 },
  { price: -1, _id: 1 },
  { rating: -1, totalRatings: -1, _id: 1 },
  { title: 1, _id: 1 },
];

/** The value at `q` (0–1) of an ascending list; NaN when it is empty. */
const quantile = (sorted: number[], q: number) => sorted[Math.floor(sorted.length * q)] ?? NaN;

async function main(): Promise<void> {
  // EMBEDDED_SRC: another copy of the server's src/ to compare with (e.g. an older commit's,
  // extracted), by its absolute path.
  const { startEmbeddedMongo } = (await import(
    process.env.EMBEDDED_SRC ?? '@mechabrim/embedded-mongo'
  )) as typeof import('@mechabrim/embedded-mongo');
  const server = await startEmbeddedMongo({ port: 0 });
  const uri = `${server.uri}bench`;
  const t0 = Date.now();
  await seedDemoData(uri, { books: BOOKS, reset: true, covers: false, dataDir: '/tmp' });
  console.log(`seeded in ${Date.now() - t0} ms`);
  const client = await MongoClient.connect(uri);
  const books = client.db().collection('books');
  console.log((await books.indexes()).map((i) => JSON.stringify(i.key)).join(' '));
  const categories = (await books.distinct('category')).slice(0, 10);
  let seed = 3;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const per = new Map<string, number[]>();
  for (let q = 0; q < QUERIES; q++) {
    const sort = SORTS[q % SORTS.length] ?? {};
    const filter: Record<string, unknown> = { isAvailable: true };
    if (rand() < 0.5) filter.category = categories[Math.floor(rand() * categories.length)];
    const page = 1 + Math.floor(rand() * 50);
    const started = process.hrtime.bigint();
    await books
      .find(filter, { projection: PUBLIC_BOOK_FIELDS })
      .sort(sort)
      .skip((page - 1) * 20)
      .limit(20)
      .toArray();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const k = Object.keys(sort).join(',') + (filter.category ? ' +cat' : '');
    per.set(k, [...(per.get(k) ?? []), ms]);
  }
  const all: number[] = [];
  for (const [k, v] of per) {
    all.push(...v);
    v.sort((a, b) => a - b);
    console.log(
      `${k.padEnd(36)} n=${v.length} mean=${(v.reduce((a, b) => a + b, 0) / v.length).toFixed(2)} ms p50=${quantile(v, 0.5).toFixed(2)}`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `ALL mean=${(all.reduce((a, b) => a + b, 0) / all.length).toFixed(2)} ms p50=${quantile(all, 0.5).toFixed(2)} p95=${quantile(all, 0.95).toFixed(2)}`,
  );
  await client.close();
  await server.stop();
}

void main();
