/**
 * Benchmark (issue 22): `POST /api/orders/:id/cancel` at 10 concurrent buyers, beside
 * `GET /api/orders/mine` of the same buyers alone in the same run, against the built API on the
 * embedded MongoDB and the local print simulator.
 *
 * Every cancel is of a different paid order. Half of them were handed to the print partner (a job
 * waiting before production), so their cancel asks the partner first; the other half were not
 * handed off yet. Each cancel is one transaction: the order, its refund and outbox row, and the
 * fee's ledger entry. The orders list of the same buyers is the baseline: a read of their orders.
 *
 * Run: `npm run bench:order-cancel -w bench` (BENCH_SECONDS=10, BENCH_CONNECTIONS=10,
 * BENCH_ORDERS=6000; `--no-build` reuses services/api/dist).
 */
import { seedDemoData } from '@mechabrim/demo-data';
import { startPrintSimulator } from '@mechabrim/print-simulator';
import { PrintPartnerClient } from '@mechabrim/server-kit';
import { MongoClient, ObjectId } from 'mongodb';
import {
  catalogueBooks,
  loadLine,
  loadWithLatencies,
  paymentCreateRequest,
  startBenchApi,
} from './support/api-load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 6000);
const BUYERS = CONNECTIONS;
const PRINT = { clientKey: 'bench-print', clientSecret: 'bench-print-secret-bench' };

const LOAD = { connections: CONNECTIONS, seconds: SECONDS };

async function main(): Promise<void> {
  // Jobs wait an hour before production: every handed-off order can still be cancelled.
  const printer = await startPrintSimulator({
    ...PRINT,
    stepMs: 3_600_000,
    productionDelayMs: 3_600_000,
  });
  const api = await startBenchApi({
    name: 'order-cancel',
    seed: (mongoUri, dataDir) =>
      seedDemoData(mongoUri, { books: 200, reset: true, covers: false, dataDir }),
    env: {
      TRUST_PROXY: 'loopback',
      PRINT_API_URL: printer.url,
      PRINT_API_KEY: PRINT.clientKey,
      PRINT_API_SECRET: PRINT.clientSecret,
    },
  });
  const mongo = new MongoClient(api.mongoUri);
  try {
    const { base } = api;
    const books = await catalogueBooks(base);

    const tokens: string[] = [];
    for (let i = 0; i < BUYERS; i += 1) {
      const res = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.0.${i + 1}` },
        body: JSON.stringify({
          name: `קונה ${i + 1}`,
          email: `cancel.buyer.${i + 1}@example.com`,
          password: 'Sefer#2024',
          role: 'user',
          agreeToTerms: true,
        }),
      });
      if (res.status !== 201) throw new Error(`register answered ${res.status}`);
      tokens.push(((await res.json()) as { token: string }).token);
    }

    // One real checkout per buyer, then copied as paid orders (a payment each), split among them.
    await mongo.connect();
    const orders = mongo.db().collection('orders');
    const templates = [];
    for (const [i, token] of tokens.entries()) {
      const request = paymentCreateRequest({
        token,
        idempotencyKey: `cancel-bench-${process.pid}-${i}`,
        items: [{ id: books[i % books.length]?._id ?? '', quantity: 1 }],
        shippingMethod: 'standard',
      });
      const res = await fetch(`${base}${request.path}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      });
      if (res.status !== 201) throw new Error(`payments/create answered ${res.status}`);
      const { order_id: orderId } = (await res.json()) as { order_id: string };
      templates.push(await orders.findOne({ _id: new ObjectId(orderId) }));
    }
    const partner = new PrintPartnerClient({
      apiUrl: printer.url,
      apiKey: PRINT.clientKey,
      apiSecret: PRINT.clientSecret,
    });
    const ids: ObjectId[][] = tokens.map(() => []);
    const paidAt = new Date();
    const rows = [];
    for (let k = 0; k < ORDERS; k += 1) {
      const template = templates[k % templates.length];
      if (!template) continue;
      const _id = new ObjectId();
      let print = null;
      if (k % 2 === 0) {
        const job = await partner.postJson('/print-jobs/', {
          external_id: _id.toHexString(),
          contact_email: 'bench@example.com',
          shipping_level: 'MAIL',
          shipping_address: {
            name: 'קונה',
            street1: 'הרצל 1',
            city: 'תל אביב',
            postcode: '6100000',
            country_code: 'IL',
            phone_number: '0501234567',
          },
          line_items: [
            {
              external_id: `${_id.toHexString()}-0`,
              title: 'ספר',
              quantity: 1,
              printable_normalization: {
                pod_package_id: '0550X0850BWSTDPB060UW444MXX',
                cover: { source_url: 'https://example.com/c.pdf' },
                interior: { source_url: 'https://example.com/i.pdf' },
              },
            },
          ],
        });
        const jobId = String((JSON.parse(job.text) as { id: number }).id);
        print = {
          provider: 'print-partner',
          handoffKey: `bench-${k}`,
          jobId,
          attempts: 1,
          parcels: [],
        };
      }
      rows.push({
        ...template,
        _id,
        idempotencyKey: `cancel-bench-copy-${k}`,
        status: 'paid',
        paidAt,
        print,
        payment: {
          provider: 'simulator',
          transactionId: String(100000 + k),
          notifyLog: [],
          attempts: [],
        },
        statusHistory: [{ status: 'paid', at: paidAt }],
      });
      ids[k % templates.length]?.push(_id);
    }
    await orders.insertMany(rows);

    let list = 0;
    const listRequest = () => ({
      method: 'GET' as const,
      path: '/api/orders/mine?limit=10',
      headers: { authorization: `Bearer ${tokens[list++ % tokens.length] ?? ''}` },
    });
    let next = 0;
    const cancelRequest = () => {
      const buyer = next++ % tokens.length;
      const id = ids[buyer]?.pop();
      return {
        method: 'POST' as const,
        path: `/api/orders/${id?.toHexString() ?? '000000000000000000000000'}/cancel`,
        headers: {
          authorization: `Bearer ${tokens[buyer] ?? ''}`,
          'content-type': 'application/json',
        },
        body: '{}',
      };
    };

    const baseline = await loadWithLatencies(base, LOAD, listRequest);
    const cancels = await loadWithLatencies(base, LOAD, cancelRequest);
    const cancelled = await orders.countDocuments({ status: 'cancelled' });
    console.log(`order-cancel bench: ${SECONDS} s per load, ${CONNECTIONS} concurrent buyers`);
    console.log(loadLine('GET /api/orders/mine (baseline)', baseline));
    console.log(loadLine('POST /api/orders/:id/cancel', cancels));
    console.log(
      `cancelled ${cancelled} orders; print jobs cancelled at the partner: ${
        [...printer.jobs.values()].filter((job) => job.status.name === 'CANCELED').length
      }`,
    );
  } finally {
    await mongo.close();
    await api.stop();
    await printer.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
