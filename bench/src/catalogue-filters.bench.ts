/**
 * Benchmark (issue 13 §8): the catalogue call of `/books` — `GET /api/books` with the catalogue's
 * filters (words, category, price band, sort, page) — at 50 connections with 10,000 books, beside
 * the same call with the demo's 156 books, in the same run on the same machine.
 *
 * Two loads per catalogue size:
 * - first page: `GET /api/books?limit=20&sort=sales`, what `/books` asks first (answer cache);
 * - filtered, varied: a stream of distinct URLs — one of ~60 words or none, a category or none, a
 *   price band or none, six sorts, pages 1–3 — so almost every request misses the answer cache
 *   and runs the database query and its count.
 *
 * Latency percentiles are exact (every response's latency, all rounds together).
 *
 * Run: `npm run bench:catalogue-filters -w bench` (BENCH_SECONDS=10 per load, BENCH_CONNECTIONS=50,
 * BENCH_BOOKS=10000; `--no-build` reuses services/api/dist).
 */
import autocannon from 'autocannon';
import { seedDemoData } from '@mechabrim/demo-data';
import { startBenchApi } from './support/api-load';
import { percentileOfSorted } from './support/latency';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BIG = Number(process.env.BENCH_BOOKS ?? 10_000);
const DEMO = 156;

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  responses: number;
  failed: number;
}

interface Run {
  rps: number;
  latencies: number[];
  failed: number;
}

async function load(url: string, seconds: number, paths?: () => string): Promise<Run> {
  const options: autocannon.Options = { url, connections: CONNECTIONS, duration: seconds };
  if (paths) options.requests = [{ setupRequest: (req) => ({ ...req, path: paths() }) }];
  const latencies: number[] = [];
  const instance = autocannon(options) as unknown as autocannon.Instance &
    PromiseLike<autocannon.Result>;
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  return {
    rps: result.requests.average,
    latencies,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** Rounds of one load: mean req/s, exact percentiles over every response of all rounds. */
function combine(runs: Run[]): Figures {
  const all = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const r = (ms: number) => Math.round(ms * 10) / 10;
  return {
    rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length,
    p50: r(percentileOfSorted(all, 50)),
    p95: r(percentileOfSorted(all, 95)),
    p99: r(percentileOfSorted(all, 99)),
    responses: all.length,
    failed: runs.reduce((n, run) => n + run.failed, 0),
  };
}

const CATEGORIES = ['', 'fantasy', 'novel', 'history', 'children', 'poetry', 'cooking'];
const BANDS = ['', 'under-30', '30-50', 'over-50'];
const SORTS = ['sales', 'newest', 'price', 'price-desc', 'rating', 'title'];

/** Distinct filtered URLs: words (some with a prefix particle or half-typed) × filters × pages. */
function filteredUrls(words: readonly string[]): () => string {
  let n = 0;
  return () => {
    const k = n++;
    const word = k % 3 === 0 ? '' : (words[(k * 7) % words.length] ?? '');
    const category = CATEGORIES[Math.floor(k / 3) % CATEGORIES.length] ?? '';
    const band = BANDS[Math.floor(k / 21) % BANDS.length] ?? '';
    const sort = SORTS[Math.floor(k / 84) % SORTS.length] ?? 'sales';
    const page = 1 + (Math.floor(k / 504) % 3);
    const qs = new URLSearchParams({ limit: '20', sort, page: String(page) });
    if (word) qs.set('q', word);
    if (category) qs.set('category', category);
    if (band) qs.set('price', band);
    return `/api/books?${qs}`;
  };
}

async function measure(
  books: number,
): Promise<{ first: Figures; varied: Figures; available: number }> {
  const api = await startBenchApi({
    name: 'catalogue-filters',
    seed: async (mongoUri, dataDir) => {
      const seeded = Date.now();
      const summary = await seedDemoData(mongoUri, { books, reset: true, covers: false, dataDir });
      console.log(
        `seeded ${summary.books} books in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
      );
    },
    env: { LOG_LEVEL: 'info' },
  });
  try {
    const { base } = api;
    let first: Response | undefined;
    for (let i = 0; i < 60 && first?.status !== 200; i += 1) {
      first = await fetch(`${base}/api/books?limit=20&sort=sales`).catch(() => undefined);
      if (first?.status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    if (first?.status !== 200) throw new Error(`the API did not answer: ${first?.status}`);
    const page = (await first.json()) as { total: number; books: { title: string }[] };
    // Words from the catalogue's own titles, whole, with a particle, half-typed.
    const sample = (await (await fetch(`${base}/api/books?limit=100&sort=title`)).json()) as {
      books: { title: string; authorName: string }[];
    };
    const words = new Set<string>();
    for (const b of sample.books) {
      const [w] = b.title.split(' ');
      if (w && w.length > 2) {
        words.add(w);
        words.add(`ו${w}`);
        words.add(w.slice(0, Math.max(2, w.length - 2)));
      }
      const [first] = b.authorName.split(' ');
      if (first) words.add(first);
    }
    const next = filteredUrls([...words].slice(0, 60));
    const probe = await fetch(`${base}${next()}`);
    if (probe.status !== 200) throw new Error(`a filtered URL failed: ${probe.status}`);

    await load(`${base}/api/books?limit=20&sort=sales`, 2);
    await load(base, 3, next);
    const rounds = 2;
    const firsts: Run[] = [];
    const varied: Run[] = [];
    for (let r = 0; r < rounds; r += 1) {
      firsts.push(await load(`${base}/api/books?limit=20&sort=sales`, SECONDS / rounds));
      varied.push(await load(base, SECONDS / rounds, next));
    }
    return { first: combine(firsts), varied: combine(varied), available: page.total };
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  const small = await measure(DEMO);
  const big = await measure(BIG);
  const ms = (v: number) => v.toFixed(1).padStart(6);
  const row = (name: string, f: Figures) =>
    `${name.padEnd(58)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(f.p50)} ms  p95 ${ms(f.p95)} ms  p99 ${ms(f.p99)} ms  (${f.responses} responses, ${f.failed} failed)`;
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s per load in 2 alternating rounds; same machine, same run; exact percentiles over every response`,
  );
  console.log(row(`first page, ${DEMO} books (${small.available} on sale)`, small.first));
  console.log(row(`first page, ${BIG} books (${big.available} on sale)`, big.first));
  console.log(row(`filtered, varied (database), ${DEMO} books`, small.varied));
  console.log(row(`filtered, varied (database), ${BIG} books`, big.varied));
  console.log(
    `filtered p95, ${BIG} / ${DEMO} books: ${(big.varied.p95 / Math.max(0.1, small.varied.p95)).toFixed(2)}×`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
