/**
 * Benchmark: the embedded MongoDB-compatible server through mongoose over loopback, with 10,000 books,
 * beside a plain in-process Map as the ceiling. Run: `npm run bench:embedded-mongo -w bench`.
 * The server runs as its own process (like mongod) with a journal in a temporary directory.
 * Knobs: BENCH_MS (ms per throughput phase, default 3000), BENCH_CONCURRENCY (requests in flight,
 * default 64), BENCH_CLIENTS (load-generator processes, default 2: one mongoose client process
 * saturates a core before the server does, so one client would measure mongoose, not the server), BENCH_SERVER=inline (server in
 * this process). The Map baseline's memory is measured in a child process of its own, so its RSS
 * compares like for like with the server process's RSS.
 */
import { spawn, ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import mongoose, { Schema } from 'mongoose';
import { startEmbeddedMongo } from '@mechabrim/embedded-mongo';
import { cpuMs as processCpuMs } from './support/process';

const BOOKS = 10_000;
const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const SEARCHES = 300;
/** Load-generator processes for the throughput phases (the mongoose client costs more CPU than the server). */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
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
  const cycle = (list: readonly string[], n: number) => list[n % list.length] ?? '';
  const w = (k: number) => cycle(WORDS, i * 7 + k * 13);
  return {
    isbn: `978-965-${String(i).padStart(6, '0')}`,
    title: `${w(1)} ${w(2)} ${i}`,
    authors: [{ name: cycle(NAMES, i) }, ...(i % 5 === 0 ? [{ name: cycle(NAMES, i + 3) }] : [])],
    tags: [cycle(TAGS, i), cycle(TAGS, i * 3)],
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
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

async function timed(
  concurrency: number,
  op: (i: number) => Promise<unknown>,
  durationMs = DURATION_MS,
): Promise<number> {
  const end = Date.now() + durationMs;
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

/** CPU time (user + system) a process has used, in ms; NaN where /proc cannot say. */
const cpuMs = (pid: number | undefined): number => processCpuMs(pid) ?? Number.NaN;

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

/** The newest modification time of the files under `dir` (recursively). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function spawnServer(dataDir: string): Promise<{ proc: ChildProcess; uri: string }> {
  const repo = path.resolve(__dirname, '../..');
  // The built CLI when it is up to date (what the launcher runs), else the TypeScript source
  // through tsx: a stale dist/ would measure old code.
  const built = path.join(repo, 'tools/embedded-mongo/dist/cli.js');
  const fresh =
    existsSync(built) &&
    statSync(built).mtimeMs >= newestMtime(path.join(repo, 'tools/embedded-mongo/src'));
  const entry = fresh
    ? [built]
    : ['--import', 'tsx', path.join(repo, 'tools/embedded-mongo/src/cli.ts')];
  console.log(
    `server code: ${fresh ? 'tools/embedded-mongo/dist (built, up to date)' : 'tools/embedded-mongo/src through tsx'}`,
  );
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...entry, '--port', '0', '--dbpath', dataDir], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (mongodb:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve({ proc, uri: m[1] });
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

function bookModel(conn: mongoose.Connection): mongoose.Model<Book> {
  const schema = new Schema<Book>({
    isbn: { type: String, required: true, unique: true },
    title: { type: String, required: true },
    authors: [{ _id: false, name: String }],
    tags: { type: [String], index: true },
    price: Number,
    stock: Number,
    description: String,
  });
  return conn.model<Book>('Book', schema);
}

type Phase = 'lean' | 'hydrated' | 'insert';

function workerOp(
  Book: mongoose.Model<Book>,
  phase: Phase,
  worker: number,
): (i: number) => Promise<unknown> {
  if (phase === 'insert') return (i) => Book.create(book(1_000_000 * (worker + 1) + i));
  return async (i) => {
    const isbn = book((i * 7919 + worker * 131) % BOOKS).isbn;
    const doc =
      phase === 'lean' ? await Book.findOne({ isbn }).lean() : await Book.findOne({ isbn });
    if (!doc) throw new Error('missing book');
  };
}

/** Load-generator process: connects, warms up, waits for "go", runs the phase, prints its count. */
async function runWorker(): Promise<void> {
  const phase = process.env.BENCH_WORKER as Phase;
  const worker = Number(process.env.BENCH_WORKER_INDEX ?? 0);
  const concurrency = Math.max(1, Math.round(CONCURRENCY / CLIENTS));
  const conn = await mongoose
    .createConnection(`${process.env.BENCH_URI}/bench`, { maxPoolSize: concurrency })
    .asPromise();
  const Book = bookModel(conn);
  const op = workerOp(Book, phase, worker);
  await timed(concurrency, phase === 'insert' ? (i) => op(500_000 + i) : op, 1500);
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  process.stdin.destroy();
  const rate = await timed(concurrency, op);
  process.stdout.write(JSON.stringify({ rate, ops: lastOps }) + '\n');
  await conn.close();
}

/** Runs a phase on CLIENTS load-generator processes at once; returns total ops/s and ops. */
async function runPhase(
  uri: string,
  phase: Phase,
  serverPid: number,
): Promise<{ rate: number; ops: number; cpu: number }> {
  const procs = Array.from({ length: CLIENTS }, (_, k) =>
    spawn(process.execPath, ['--import', 'tsx', __filename], {
      env: { ...process.env, BENCH_WORKER: phase, BENCH_WORKER_INDEX: String(k), BENCH_URI: uri },
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const lines = procs.map((p) => {
    const queue: string[] = [];
    const waiters: ((l: string) => void)[] = [];
    let buf = '';
    p.stdout?.on('data', (c: Buffer) => {
      buf += c.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        const w = waiters.shift();
        if (w) w(line);
        else queue.push(line);
      }
    });
    return () =>
      new Promise<string>((resolve, reject) => {
        const q = queue.shift();
        if (q !== undefined) return resolve(q);
        waiters.push(resolve);
        p.once('exit', (code) => reject(new Error(`bench worker exited with ${code}`)));
      });
  });
  await Promise.all(lines.map((next) => next()));
  const cpu0 = cpuMs(serverPid);
  for (const p of procs) p.stdin?.end('go\n');
  const results = (await Promise.all(lines.map((next) => next()))).map(
    (l) => JSON.parse(l) as { rate: number; ops: number },
  );
  const cpu = cpuMs(serverPid) - cpu0;
  await Promise.all(
    procs.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)))),
  );
  return {
    rate: results.reduce((a, r) => a + r.rate, 0),
    ops: results.reduce((a, r) => a + r.ops, 0),
    cpu,
  };
}

async function benchEmbedded() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-embedded-mongo-'));
  const server = await startServer(dataDir);
  const uri = server.uri;
  try {
    const conn = await mongoose
      .createConnection(`${uri}/bench`, { maxPoolSize: CONCURRENCY })
      .asPromise();
    const Book = bookModel(conn);
    await Book.init();
    const rssBeforeSeed = rssMb(server.pid);
    let t = Date.now();
    for (let i = 0; i < BOOKS; i += 1000)
      await Book.insertMany(
        Array.from({ length: 1000 }, (_, k) => book(i + k)),
        { lean: true },
      );
    const seedMs = Date.now() - t;
    const rssAfterSeed = rssMb(server.pid);

    // Throughput phases run on CLIENTS separate load-generator processes (each warms up first),
    // so the mongoose client side is not the bottleneck being measured.
    await Book.find({ tags: /poetry/i })
      .limit(20)
      .lean();
    const lean = await runPhase(uri, 'lean', server.pid);
    const lookups = lean.rate;
    const cpuPerLookup = lean.cpu / lean.ops;
    const hydrated = (await runPhase(uri, 'hydrated', server.pid)).rate;

    const latencies: number[] = [];
    let hits = 0;
    const cpu0 = cpuMs(server.pid);
    for (let i = 0; i < SEARCHES; i++) {
      const re = new RegExp(escapeRegex(searchTerms[i % searchTerms.length] ?? ''), 'i');
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
    const cpuPerSearch = (cpuMs(server.pid) - cpu0) / SEARCHES;
    const created = await runPhase(uri, 'insert', server.pid);
    const inserts = created.rate;
    const cpuPerInsert = created.cpu / created.ops;
    const total = await Book.estimatedDocumentCount();
    const rssEnd = rssMb(server.pid);
    await conn.close();
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
      rssBeforeSeed,
      rssAfterSeed,
      rssEnd,
      total,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Child process: RSS of a process holding only the 10,000 books in a Map (before and after filling it). */
async function runMapMemory(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = rssMb(process.pid);
  const map = new Map<string, Book & { _id: number }>();
  for (let i = 0; i < BOOKS; i++) map.set(book(i).isbn, { _id: i, ...book(i) });
  gc?.();
  const after = rssMb(process.pid);
  if (map.size !== BOOKS) throw new Error('map incomplete');
  process.stdout.write(JSON.stringify({ before, after }) + '\n');
}

/** The Map's memory, measured in a separate process like the server's (not this process's heap). */
function mapMemory(): Promise<{ before: number; after: number }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', __filename], {
      env: { ...process.env, BENCH_WORKER: 'map-memory' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    p.once('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`map memory process exited with ${code}`);
        resolve(JSON.parse(out.trim()) as { before: number; after: number });
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}

async function benchMap() {
  const memory = await mapMemory();
  const map = new Map<string, Book & { _id: number }>();
  for (let i = 0; i < BOOKS; i++) map.set(book(i).isbn, { _id: i, ...book(i) });
  const lookups = await timed(1, async (i) => {
    if (!map.get(book((i * 7919) % BOOKS).isbn)) throw new Error('missing');
  });
  const collator = new Intl.Collator('he', { sensitivity: 'accent' });
  const latencies: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const re = new RegExp(escapeRegex(searchTerms[i % searchTerms.length] ?? ''), 'i');
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
    memory,
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
    `embedded-mongo benchmark — ${BOOKS} books, ${os.cpus().length} CPUs, Node ${process.version}, ${DURATION_MS} ms per throughput phase, concurrency ${CONCURRENCY} over ${CLIENTS} client process(es)`,
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
  // Memory, like for like: each figure is the RSS of a whole process (the server's own, or a
  // process holding only the Map), before and after loading the same 10,000 books.
  const rssLabel = SERVER_MODE === 'inline' ? 'benchmark process (server + client)' : 'server';
  row('process RSS before seeding (MB)', f(e.rssBeforeSeed, 1), f(m.memory.before, 1), '', '');
  row(
    'process RSS after seeding 10,000 books (MB)',
    f(e.rssAfterSeed, 1),
    f(m.memory.after, 1),
    `${f(e.rssAfterSeed / m.memory.after, 1)}x`,
    'bounded (ratio: embedded / Map)',
  );
  row(
    'RSS growth from the 10,000 books (MB)',
    f(e.rssAfterSeed - e.rssBeforeSeed, 1),
    f(m.memory.after - m.memory.before, 1),
    `${f((e.rssAfterSeed - e.rssBeforeSeed) / Math.max(0.1, m.memory.after - m.memory.before), 1)}x`,
    '(ratio: embedded / Map)',
  );
  row(`RSS at end, ${f(e.total)} docs (MB)`, f(e.rssEnd, 1), '', '', '');
  console.log(
    `RSS: embedded = the ${rssLabel} process; Map = a separate process holding only the Map (same Node, same book objects)`,
  );
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

(process.env.BENCH_WORKER === 'map-memory'
  ? runMapMemory()
  : process.env.BENCH_WORKER
    ? runWorker()
    : main()
).catch((err) => {
  console.error(err);
  process.exit(1);
});
