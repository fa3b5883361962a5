/**
 * Benchmark (issue 10): `POST /api/payments/create` at 20 concurrent buyers beside
 * `GET /api/books/:id` in the same run, against the built API on the embedded MongoDB.
 *
 * Each create is a new checkout attempt (a fresh Idempotency-Key) of two or three books, so every
 * request reads the books, prices the order with libs/money and inserts it. The book page load runs
 * at the same time over the same database, so the figure says what checkout traffic costs the
 * catalogue. First the book page alone is measured for a baseline, then both together.
 *
 * Run: `npm run bench:payments -w bench` (BENCH_SECONDS=20, BENCH_CONNECTIONS=20, BENCH_BOOKS=500;
 * `--no-build` reuses services/api/dist).
 */
import { seedDemoData } from '@mechabrim/demo-data';
import {
  catalogueBooks,
  loadLine,
  loadWithLatencies,
  paymentCreateRequest,
  startBenchApi,
} from './support/api-load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BOOKS = Number(process.env.BENCH_BOOKS ?? 500);
const BUYERS = CONNECTIONS;

const LOAD = { connections: CONNECTIONS, seconds: SECONDS };

async function main(): Promise<void> {
  const api = await startBenchApi({
    name: 'payments',
    seed: (mongoUri, dataDir) =>
      seedDemoData(mongoUri, { books: BOOKS, reset: true, covers: false, dataDir }),
    // The buyers register from one machine: each through its own forwarded address.
    env: { TRUST_PROXY: 'loopback' },
  });
  try {
    const { base } = api;
    const books = await catalogueBooks(base);

    const tokens: string[] = [];
    for (let i = 0; i < BUYERS; i += 1) {
      const res = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${i + 1}` },
        body: JSON.stringify({
          name: `קונה ${i + 1}`,
          email: `bench.buyer.${i + 1}@example.com`,
          password: 'Sefer#2024',
          role: 'user',
          agreeToTerms: true,
        }),
      });
      if (res.status !== 201) throw new Error(`register answered ${res.status}`);
      tokens.push(((await res.json()) as { token: string }).token);
    }

    let n = 0;
    const bookAt = (k: number) => books[k % books.length]?._id ?? '';
    const createRequest = () => {
      const k = n++;
      const items = [
        { id: bookAt(k), quantity: 1 + (k % 3) },
        { id: bookAt(k + 7), quantity: 1 },
        ...(k % 2 ? [{ id: bookAt(k + 13), quantity: 2 }] : []),
      ];
      return paymentCreateRequest({
        token: tokens[k % tokens.length] ?? '',
        idempotencyKey: `bench-${process.pid}-${k}`,
        items,
        shippingMethod: k % 4 === 0 ? 'express' : 'standard',
      });
    };
    let m = 0;
    const bookRequest = () => ({ method: 'GET' as const, path: `/api/books/${bookAt(m++ * 11)}` });

    const alone = await loadWithLatencies(base, LOAD, bookRequest);
    const [creates, beside] = await Promise.all([
      loadWithLatencies(base, LOAD, createRequest),
      loadWithLatencies(base, LOAD, bookRequest),
    ]);
    console.log(`payments-create bench: ${SECONDS} s per load, ${CONNECTIONS} connections each`);
    console.log(loadLine('GET /api/books/:id alone', alone));
    console.log(loadLine('POST /api/payments/create', creates));
    console.log(loadLine('GET /api/books/:id beside creates', beside));
  } finally {
    await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
