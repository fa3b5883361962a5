/**
 * Benchmark: the embedded MongoDB-compatible server through mongoose over loopback, with 10,000 books,
 * beside a plain in-process Map as the ceiling. Run: `npm run bench:embedded-mongo -w bench`.
 * The server runs as its own process (like mongod) with a journal in a temporary directory.
 */
import { spawn, ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import mongoose, { Schema } from 'mongoose';
import { startEmbeddedMongo } from '../../tools/embedded-mongo/src/index';

const BOOKS = 10_000;
const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const SEARCHES = 300;
/** `process` (default): the server as its own process, like mongod; `inline`: in this process. */
const SERVER_MODE = process.env.BENCH_SERVER === 'inline' ? 'inline' : 'process';

interface Book {
  isbn: string;
  title: string;
  authors: { name: string }[];
  tags: string[];
  price: number;
  stock: number;
  description: string;
}

const WORDS = [
  'אהבה',
  'ים',
  'Jerusalem',
  'לילה',
  'Garden',
  'שיר',
  'River',
  'בית',
  'Winter',
  'עיר',
  'Light',
  'חלום',
  'Stone',
  'דרך',
  'Bird',
];
const NAMES = [
  'Amos Oz',
  'לאה גולדברג',
  'David Grossman',
  'רחל',
  'Etgar Keret',
  'ש"י עגנון',
  'Zeruya Shalev',
  'יהודה עמיחי',
];
const TAGS = [
  'Poetry',
  'פרוזה',
  'Children',
  'היסטוריה',
  'Fantasy',
  'מתח',
  'Biography',
  'קלאסיקה',
  'Science',
  'בישול',
];

function book(i: number): Book {
  const w = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];
  return {
    isbn: `978-965-${String(i).padStart(6, '0')}`,
    title: `${w(1)} ${w(2)} ${i}`,
    authors: [
      { name: NAMES[i % NAMES.length] },
      ...(i % 5 === 0 ? [{ name: NAMES[(i + 3) % NAMES.length] }] : []),
    ],
    tags: [TAGS[i % TAGS.length], TAGS[(i * 3) % TAGS.length]],
    price: 20 + (i % 180),
    stock: i % 40,
    description: `${w(3)} `.repeat(20),
  };
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

async function timed(concurrency: number, op: (i: number) => Promise<unknown>): Promise<number> {
  const end = Date.now() + DURATION_MS;
  let n = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) await op(n++);
    }),
  );
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  lastOps = n;
  return n / secs;
}

let lastOps = 0;

/** CPU time (user + system) a process has used, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface RunningServer {
  uri: string;
  pid: number;
  stop(): Promise<void>;
}

async function startServer(dataDir: string): Promise<RunningServer> {
  if (SERVER_MODE === 'inline') {
    const s = await startEmbeddedMongo({ port: 0, dataDir });
    return { uri: s.uri.replace(/\/$/, ''), pid: process.pid, stop: () => s.stop() };
  }
  const { proc, uri } = await spawnServer(dataDir);
  return {
    uri,
    pid: proc.pid as number,
    stop: () =>
      new Promise<void>((r) => {
        proc.once('exit', () => r());
        proc.kill('SIGTERM');
      }),
  };
}

function spawnServer(dataDir: string): Promise<{ proc: ChildProcess; uri: string }> {
  const repo = path.resolve(__dirname, '../..');
  // The built CLI when there is one (what the launcher runs), else the TypeScript source through tsx.
  const built = path.join(repo, 'tools/embedded-mongo/dist/cli.js');
  const entry = existsSync(built)
    ? [built]
    : ['--import', 'tsx', path.join(repo, 'tools/embedded-mongo/src/cli.ts')];
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...entry, '--port', '0', '--dbpath', dataDir], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (mongodb:\/\/\S+)/.exec(out);
      if (m) resolve({ proc, uri: m[1] });
    });
    proc.once('exit', (code) => reject(new Error(`embedded-mongo exited with ${code}`)));
  });
}

const searchTerms = [
  'ירושלים',
  'garden',
  'אהבה',
  'oz',
  'poetry',
  'קלאסיקה',
  'river',
  'לילה',
  'keret',
  'שיר',
  'stone',
  'fantasy',
];

async function benchEmbedded() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-embedded-mongo-'));
  const server = await startServer(dataDir);
  const uri = server.uri;
  try {
    const conn = await mongoose
      .createConnection(`${uri}/bench`, { maxPoolSize: CONCURRENCY })
      .asPromise();
    const schema = new Schema<Book>({
      isbn: { type: String, required: true, unique: true },
      title: { type: String, required: true },
      authors: [{ _id: false, name: String }],
      tags: { type: [String], index: true },
      price: Number,
      stock: Number,
      description: String,
    });
    const Book = conn.model<Book>('Book', schema);
    await Book.init();
    let t = Date.now();
    for (let i = 0; i < BOOKS; i += 1000)
      await Book.insertMany(
        Array.from({ length: 1000 }, (_, k) => book(i + k)),
        { lean: true },
      );
    const seedMs = Date.now() - t;
    const rssAfterSeed = rssMb(server.pid);

    // Warm-up (JIT, connection pool) before anything is measured.
    await timed(CONCURRENCY, (i) => Book.findOne({ isbn: book(i % BOOKS).isbn }).lean(), 1000);
    await Book.find({ tags: /poetry/i })
      .limit(20)
      .lean();
    let cpu0 = cpuMs(server.pid);
    const lookups = await timed(CONCURRENCY, async (i) => {
      const doc = await Book.findOne({ isbn: book((i * 7919) % BOOKS).isbn }).lean();
      if (!doc) throw new Error('missing book');
    });
    const cpuPerLookup = (cpuMs(server.pid) - cpu0) / lastOps;
    const hydrated = await timed(CONCURRENCY, async (i) => {
      const doc = await Book.findOne({ isbn: book((i * 7919) % BOOKS).isbn });
      if (!doc) throw new Error('missing book');
    });

    const latencies: number[] = [];
    let hits = 0;
    cpu0 = cpuMs(server.pid);
    for (let i = 0; i < SEARCHES; i++) {
      const re = new RegExp(escapeRegex(searchTerms[i % searchTerms.length]), 'i');
      t = performance.now();
      const res = await Book.find({ $or: [{ title: re }, { 'authors.name': re }, { tags: re }] })
        .sort({ title: 1 })
        .collation({ locale: 'he', strength: 2 })
        .limit(20)
        .lean();
      latencies.push(performance.now() - t);
      hits += res.length;
    }
    if (!hits) throw new Error('search found nothing');
    let next = BOOKS;
    const cpuPerSearch = (cpuMs(server.pid) - cpu0) / SEARCHES;
    cpu0 = cpuMs(server.pid);
    const inserts = await timed(CONCURRENCY, async () => {
      await Book.create(book(next++));
    });
    const total = await Book.estimatedDocumentCount();
    const rssEnd = rssMb(server.pid);
    await conn.close();
    const cpuPerInsert = (cpuMs(server.pid) - cpu0) / lastOps;
    return {
      cpuPerLookup,
      cpuPerSearch,
      cpuPerInsert,
      seedMs,
      lookups,
      hydrated,
      inserts,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      rssAfterSeed,
      rssEnd,
      total,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchMap() {
  const rssBefore = process.memoryUsage().rss / 1048576;
  const map = new Map<string, Book & { _id: number }>();
  for (let i = 0; i < BOOKS; i++) map.set(book(i).isbn, { _id: i, ...book(i) });
  const rssAfterSeed = process.memoryUsage().rss / 1048576 - rssBefore;
  const lookups = await timed(1, async (i) => {
    if (!map.get(book((i * 7919) % BOOKS).isbn)) throw new Error('missing');
  });
  const collator = new Intl.Collator('he', { sensitivity: 'accent' });
  const latencies: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const re = new RegExp(escapeRegex(searchTerms[i % searchTerms.length]), 'i');
    const t = performance.now();
    const out: Book[] = [];
    for (const b of map.values())
      if (
        re.test(b.title) ||
        b.authors.some((a) => re.test(a.name)) ||
        b.tags.some((x) => re.test(x))
      )
        out.push(b);
    out.sort((a, b) => collator.compare(a.title, b.title)).slice(0, 20);
    latencies.push(performance.now() - t);
  }
  let next = BOOKS;
  const inserts = await timed(1, async () => {
    const b = book(next++);
    map.set(b.isbn, { _id: next, ...b });
  });
  return {
    lookups,
    inserts,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rssAfterSeed,
  };
}

async function main() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `server: ${SERVER_MODE === 'inline' ? 'in the benchmark process (RSS includes the client)' : 'separate process (RSS of the server alone)'}; load average before: ${load}`,
  );
  console.log(
    `embedded-mongo benchmark — ${BOOKS} books, ${os.cpus().length} CPUs, Node ${process.version}, ${DURATION_MS} ms per throughput phase, concurrency ${CONCURRENCY}`,
  );
  const e = await benchEmbedded();
  const m = await benchMap();
  const row = (name: string, emb: string, map: string, ratio: string, target: string) =>
    console.log(
      `${name.padEnd(44)}${emb.padStart(14)}${map.padStart(14)}${ratio.padStart(10)}   ${target}`,
    );
  const f = (n: number, d = 0) =>
    n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  row('', 'embedded', 'Map', 'Map/emb', 'target');
  row(
    'indexed point lookups/s (mongoose, lean)',
    f(e.lookups),
    f(m.lookups),
    `${f(m.lookups / e.lookups, 0)}x`,
    `>= 5,000/s ${e.lookups >= 5000 ? 'OK' : 'MISSED'}`,
  );
  row(
    'indexed point lookups/s (hydrated documents)',
    f(e.hydrated),
    f(m.lookups),
    `${f(m.lookups / e.hydrated, 0)}x`,
    '',
  );
  row(
    'journaled inserts/s (Model.create)',
    f(e.inserts),
    f(m.inserts),
    `${f(m.inserts / e.inserts, 0)}x`,
    `>= 3,000/s ${e.inserts >= 3000 ? 'OK' : 'MISSED'}`,
  );
  row('case-insensitive search p50 (ms)', f(e.p50, 2), f(m.p50, 2), `${f(e.p50 / m.p50, 1)}x`, '');
  row(
    'case-insensitive search p95 (ms)',
    f(e.p95, 2),
    f(m.p95, 2),
    `${f(e.p95 / m.p95, 1)}x`,
    `<= 25 ms ${e.p95 <= 25 ? 'OK' : 'MISSED'}`,
  );
  row(
    'RSS after seeding (MB; Map: heap growth)',
    f(e.rssAfterSeed, 1),
    f(m.rssAfterSeed, 1),
    '',
    '',
  );
  row(`RSS at end, ${f(e.total)} docs (MB)`, f(e.rssEnd, 1), '', '', '');
  const who = SERVER_MODE === 'inline' ? 'process' : 'server';
  row(`${who} CPU per indexed lookup (ms)`, f(e.cpuPerLookup, 3), '', '', '');
  row(`${who} CPU per search (ms)`, f(e.cpuPerSearch, 2), '', '', '');
  row(`${who} CPU per journaled insert (ms)`, f(e.cpuPerInsert, 3), '', '', '');
  row('seed 10,000 books via insertMany (ms)', f(e.seedMs), '', '', '');
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
