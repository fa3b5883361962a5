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
import mongoose, { Types } from 'mongoose';
import { BOOK_MODEL, LEDGER_ENTRY_MODEL, registerCatalogueModels } from '@mechabrim/db';
import { seedDemoData } from '@mechabrim/demo-data';
import { catalogueBooks, loadLine, loadWithLatencies, startBenchApi } from './support/api-load';
import { summarizeLatencies } from './support/latency';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 10_000);
const AUTHOR_BOOKS = 20;
const MONTHS = 24;
const COLD_SAMPLES = Number(process.env.BENCH_COLD_SAMPLES ?? 5);

const LOAD = { connections: CONNECTIONS, seconds: SECONDS };
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const api = await startBenchApi({
    name: 'earnings',
    seed: (mongoUri, dataDir) =>
      seedDemoData(mongoUri, { books: 500, reset: true, covers: false, dataDir }),
  });
  let db: mongoose.Connection | undefined;
  try {
    const { base, mongoUri } = api;
    const books = await catalogueBooks(base);

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

    const bookAlone = await loadWithLatencies(base, LOAD, bookRequest);
    const earningsAlone = await loadWithLatencies(base, LOAD, earningsRequest);
    const [earningsBeside, bookBeside] = await Promise.all([
      loadWithLatencies(base, LOAD, earningsRequest),
      loadWithLatencies(base, LOAD, bookRequest),
    ]);
    console.log(
      `author-earnings bench: ${stored} ledger entries of one author (${earnings.totalOrders} orders, ${earnings.monthlyBreakdown.length} months, ${earnings.totalEarnings} ₪ net); ${SECONDS} s per load, ${CONNECTIONS} connections each`,
    );
    console.log(
      `GET /api/earnings/author uncached, one at a time (${COLD_SAMPLES} samples): p50 ${ms(coldSummary.p50)}  max ${ms(Math.max(...cold))}`,
    );
    console.log(loadLine('GET /api/books/:id alone (baseline)', bookAlone));
    console.log(loadLine('GET /api/earnings/author alone', earningsAlone));
    console.log(loadLine('GET /api/earnings/author beside books', earningsBeside));
    console.log(loadLine('GET /api/books/:id beside earnings', bookBeside));
  } finally {
    await db?.close();
    await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
