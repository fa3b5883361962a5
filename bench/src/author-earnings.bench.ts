/**
 * Benchmark (issue 12 §12): `GET /api/earnings/author` for an author with 10,000 ledger entries,
 * beside `GET /api/books/:id` in the same run, against the built API on the embedded MongoDB.
 *
 * The author's ledger is written as the worker's `order-splits` writes it: per order line one
 * entry each for the author, the community and the platform (85/10/5), over 24 months and 20
 * books, so every earnings request reads all 10,000 entries, sums them per month, per book and per
 * order, and ranks the top sellers. The API reuses an author's summary for up to 60 s or until a
 * catalogue write (a split moves the books' sales counts), so the uncached read is measured on
 * its own first, one request at a time after a write; then each load alone (the book page is the
 * baseline), then both at once over the same database.
 *
 * Run: `npm run bench:author-earnings -w bench` (BENCH_SECONDS=15, BENCH_CONNECTIONS=10,
 * BENCH_LEDGER_ENTRIES=10000; `--no-build` reuses services/api/dist).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mongoose, { Types } from 'mongoose';
import { BOOK_MODEL, LEDGER_ENTRY_MODEL, registerCatalogueModels } from '@mechabrim/db';
import { seedDemoData } from '@mechabrim/demo-data';
import { getFreePort, startTestRedis, waitForPort } from '@mechabrim/testing';
import { summarizeLatencies, type LatencySummary } from './support/latency';
import { stopChild } from './support/process';

const root = path.resolve(__dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 10_000);
const AUTHOR_BOOKS = 20;
const MONTHS = 24;
const COLD_SAMPLES = Number(process.env.BENCH_COLD_SAMPLES ?? 5);

interface Figures extends LatencySummary {
  rps: number;
  non2xx: number;
  errors: number;
}

async function load(
  base: string,
  request: () => { path: string; headers?: Record<string, string> },
): Promise<Figures> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    pipelining: 1,
    requests: [
      {
        setupRequest: (req) => {
          const next = request();
          return { ...req, method: 'GET', ...next, headers: { ...req.headers, ...next.headers } };
        },
      },
    ],
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return {
    ...summarizeLatencies(latencies),
    rps: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (label: string, f: Figures) =>
  `${label.padEnd(40)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  non-2xx ${f.non2xx}  errors ${f.errors}`;

async function main(): Promise<void> {
  const apiMain = path.join(root, 'services/api/dist/main.js');
  if (!process.argv.includes('--no-build') || !existsSync(apiMain)) {
    const build = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/webpack/bin/webpack.js'),
        '--config',
        'services/api/webpack.config.cjs',
      ],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error('API build failed');
  }
  const children: ChildProcess[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'earnings-bench-'));
  const redis = await startTestRedis();
  let db: mongoose.Connection | undefined;
  try {
    const mongoPort = await getFreePort();
    children.push(
      spawn(
        process.execPath,
        [
          path.join(root, 'node_modules/tsx/dist/cli.mjs'),
          'tools/embedded-mongo/src/cli.ts',
          '--host',
          '127.0.0.1',
          '--port',
          String(mongoPort),
        ],
        { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
      ),
    );
    await waitForPort(mongoPort, '127.0.0.1', 30_000);
    const mongoUri = `mongodb://127.0.0.1:${mongoPort}/bench`;
    await seedDemoData(mongoUri, { books: 500, reset: true, covers: false, dataDir });

    const apiPort = await getFreePort();
    children.push(
      spawn(process.execPath, [apiMain], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          JWT_SECRET: 'bench-secret-bench-secret',
          API_PORT: String(apiPort),
          API_HOST: '127.0.0.1',
          MONGODB_URI: mongoUri,
          REDIS_URL: redis.url,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
    await waitForPort(apiPort, '127.0.0.1', 30_000);
    const base = `http://127.0.0.1:${apiPort}`;
    let books: { _id: string }[] = [];
    for (let i = 0; i < 60 && books.length === 0; i += 1) {
      const page = await fetch(`${base}/api/books?limit=40`).catch(() => undefined);
      if (page?.status === 200) books = ((await page.json()) as { books: { _id: string }[] }).books;
      else await new Promise((r) => setTimeout(r, 250));
    }
    if (books.length < 3) throw new Error('the API did not answer the catalogue');

    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'יוצרת עמוסה',
        email: 'busy.author@example.com',
        password: 'Sefer#2024',
        role: 'author',
        agreeToTerms: true,
        agreeToAuthorsTerms: true,
      }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
    const authorId = new Types.ObjectId(user.id);

    // The author's books and ledger, written straight to the database as the worker would.
    db = await mongoose.createConnection(mongoUri).asPromise();
    registerCatalogueModels(db);
    const bookIds: Types.ObjectId[] = [];
    for (let b = 0; b < AUTHOR_BOOKS; b += 1) {
      const book = await db.models[BOOK_MODEL]?.create({
        title: `ספר עמוס ${b + 1}`,
        author: authorId,
        authorName: 'יוצרת עמוסה',
        category: 'רומן',
        price: 40 + b,
        isAvailable: true,
        approvalStatus: 'approved',
      });
      bookIds.push(book?._id as Types.ObjectId);
    }
    const parties = [
      ['author', 85],
      ['community', 10],
      ['platform', 5],
    ] as const;
    const entries: Record<string, unknown>[] = [];
    const start = Date.UTC(2024, 10, 1);
    for (let line = 0; entries.length < ENTRIES; line += 1) {
      const unit = 4000 + (line % AUTHOR_BOOKS) * 100;
      const quantity = 1 + (line % 3);
      const total = unit * quantity;
      const community = Math.round(total / 10);
      const platform = Math.round(total / 20);
      const amounts = { author: total - community - platform, community, platform };
      const orderId = new Types.ObjectId();
      const occurredAt = new Date(start + (line * 86_400_000 * 30 * MONTHS) / (ENTRIES / 3));
      for (const [party] of parties) {
        if (entries.length >= ENTRIES) break;
        entries.push({
          orderId,
          lineIndex: 0,
          party,
          kind: 'sale',
          amountAgorot: amounts[party],
          bookId: bookIds[line % AUTHOR_BOOKS],
          authorId,
          quantity,
          lineTotalAgorot: total,
          policy: 'community-first',
          occurredAt,
          createdAt: occurredAt,
        });
      }
    }
    const ledger = db.models[LEDGER_ENTRY_MODEL];
    if (!ledger) throw new Error('ledger model missing');
    for (let i = 0; i < entries.length; i += 1000) {
      await ledger.collection.insertMany(entries.slice(i, i + 1000));
    }
    const stored = await ledger.countDocuments({ authorId });

    const auth = { authorization: `Bearer ${token}` };
    const check = await fetch(`${base}/api/earnings/author`, { headers: auth });
    if (check.status !== 200) throw new Error(`earnings answered ${check.status}`);
    const earnings = (await check.json()) as {
      totalOrders: number;
      monthlyBreakdown: unknown[];
      totalEarnings: number;
    };

    let m = 0;
    const bookRequest = () => ({ path: `/api/books/${books[m++ % books.length]?._id ?? ''}` });
    const earningsRequest = () => ({ path: '/api/earnings/author', headers: auth });

    // Uncached: the API reuses an author's ledger summary until a catalogue write (a split moves
    // the books' sales counts), so each sample follows a book write and waits for the API to see it.
    const cold: number[] = [];
    for (let i = 0; i < COLD_SAMPLES; i += 1) {
      await db.models[BOOK_MODEL]?.updateOne({ _id: bookIds[0] }, { $inc: { salesCount: 1 } });
      await new Promise((r) => setTimeout(r, 2_500));
      const t0 = performance.now();
      const res = await fetch(`${base}/api/earnings/author`, { headers: auth });
      await res.arrayBuffer();
      cold.push(performance.now() - t0);
    }
    const coldSummary = summarizeLatencies(cold);

    const bookAlone = await load(base, bookRequest);
    const earningsAlone = await load(base, earningsRequest);
    const [earningsBeside, bookBeside] = await Promise.all([
      load(base, earningsRequest),
      load(base, bookRequest),
    ]);
    console.log(
      `author-earnings bench: ${stored} ledger entries of one author (${earnings.totalOrders} orders, ${earnings.monthlyBreakdown.length} months, ${earnings.totalEarnings} ₪ net); ${SECONDS} s per load, ${CONNECTIONS} connections each`,
    );
    console.log(
      `GET /api/earnings/author uncached, one at a time (${COLD_SAMPLES} samples): p50 ${ms(coldSummary.p50)}  max ${ms(Math.max(...cold))}`,
    );
    console.log(line('GET /api/books/:id alone (baseline)', bookAlone));
    console.log(line('GET /api/earnings/author alone', earningsAlone));
    console.log(line('GET /api/earnings/author beside books', earningsBeside));
    console.log(line('GET /api/books/:id beside earnings', bookBeside));
  } finally {
    await db?.close();
    for (const child of children.reverse()) await stopChild(child);
    await redis.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
