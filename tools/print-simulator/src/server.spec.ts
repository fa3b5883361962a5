import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PRINT_SIGNATURE_HEADER,
  printCostAnswerSchema,
  printJobSchema,
  printWebhookSchema,
  type PrintJobCreate,
} from '@mechabrim/contracts';
import { until } from '@mechabrim/testing';
import { signWebhook } from './job-life';
import { TOKEN_PATH } from './routes';
import { startPrintSimulator } from './server';
import type { PrintSimulator } from './types';

const KEY = 'spec-key';
const SECRET = 'spec-secret';

const job = (externalId: string, lines = 1, interior = 'https://files.test/interior.pdf') =>
  ({
    external_id: externalId,
    contact_email: 'print@mechabrim.example',
    shipping_level: 'MAIL',
    shipping_address: {
      name: 'דנה לוי',
      street1: 'הרצל 1',
      city: 'תל אביב',
      postcode: '6100000',
      country_code: 'IL',
      phone_number: '0501234567',
    },
    line_items: Array.from({ length: lines }, (_, i) => ({
      external_id: `line-${i}`,
      title: `ספר ${i}`,
      quantity: 1,
      printable_normalization: {
        pod_package_id: '0583X0827.BW.STD.PB.060UW444.MXX',
        page_count: 120,
        cover: { source_url: 'https://files.test/cover.pdf' },
        interior: { source_url: interior },
      },
    })),
  }) satisfies PrintJobCreate;

describe('print simulator over HTTP', () => {
  let simulator: PrintSimulator;
  let shop: Server;
  const received: { body: string; signature: string | undefined }[] = [];
  let token = '';

  beforeAll(async () => {
    shop = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const signature = request.headers[PRINT_SIGNATURE_HEADER];
        received.push({ body, signature: typeof signature === 'string' ? signature : undefined });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    simulator = await startPrintSimulator({
      clientKey: KEY,
      clientSecret: SECRET,
      webhookUrl: `http://127.0.0.1:${(shop.address() as AddressInfo).port}/api/print/callback`,
      stepMs: 40,
    });
    const answer = await fetch(`${simulator.url}${TOKEN_PATH}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await simulator?.stop();
    await new Promise<void>((resolve) => shop.close(() => resolve()));
  });

  const create = (body: unknown, key?: string) =>
    fetch(`${simulator.url}/print-jobs/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
    });
  const webhooksOf = (externalId: string) =>
    received
      .map((entry) => ({ ...entry, parsed: printWebhookSchema.parse(JSON.parse(entry.body)) }))
      .filter((entry) => entry.parsed.data.external_id === externalId);

  it('refuses a wrong key pair and a call without a token', async () => {
    const bad = await fetch(`${simulator.url}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=${KEY}&client_secret=wrong`,
    });
    expect(bad.status).toBe(401);
    const anonymous = await fetch(`${simulator.url}/print-jobs/`, { method: 'POST', body: '{}' });
    expect(anonymous.status).toBe(401);
  });

  it('takes a job once per idempotency key and walks it to DELIVERED in two parcels, signed', async () => {
    const first = await create(job('order-a', 2), 'order-a-key');
    const again = await create(job('order-a', 2), 'order-a-key');
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    const [a, b] = (await Promise.all([first.json(), again.json()])) as { id: number }[];
    expect(b?.id).toBe(a?.id);
    expect([...simulator.jobs.values()].filter((j) => j.external_id === 'order-a')).toHaveLength(1);

    await until('order-a delivered', () =>
      Promise.resolve(
        webhooksOf('order-a').some((w) => w.parsed.data.status.name === 'DELIVERED') || undefined,
      ),
    );
    const hooks = webhooksOf('order-a');
    expect(hooks.map((w) => w.parsed.data.status.name)).toEqual([
      'CREATED',
      'IN_PRODUCTION',
      'SHIPPED',
      'SHIPPED',
      'DELIVERED',
    ]);
    for (const hook of hooks) expect(hook.signature).toBe(signWebhook(hook.body, SECRET));
    const tracking = (index: number) =>
      hooks[index]?.parsed.data.line_items.map((line) => line.status?.messages?.tracking_id);
    // The first SHIPPED names one parcel, the second both.
    expect(tracking(2)?.filter(Boolean)).toHaveLength(1);
    expect(new Set(tracking(3)).size).toBe(2);
  });

  it('rejects a job whose files are missing, with the reason', async () => {
    expect((await create(job('order-b', 1, ''), 'order-b-key')).status).toBe(201);
    await until('order-b rejected', () =>
      Promise.resolve(
        webhooksOf('order-b').some((w) => w.parsed.data.status.name === 'REJECTED') || undefined,
      ),
    );
    const rejected = webhooksOf('order-b').find((w) => w.parsed.data.status.name === 'REJECTED');
    expect(rejected?.parsed.data.status.messages?.error).toMatch(/interior or cover file/);
  });

  it('fails the first N create calls with 503 and then takes the job', async () => {
    simulator.failNext(2);
    expect((await create(job('order-c'), 'order-c-key')).status).toBe(503);
    expect((await create(job('order-c'), 'order-c-key')).status).toBe(503);
    expect((await create(job('order-c'), 'order-c-key')).status).toBe(201);
  });

  it("can lose a create call's answer: the job exists, and the retry with its key finds it", async () => {
    simulator.loseNextCreateAnswers(1);
    const before = simulator.jobs.size;
    expect((await create(job('order-lost'), 'order-lost-key')).status).toBe(503);
    expect(simulator.jobs.size).toBe(before + 1);
    const retried = await create(job('order-lost'), 'order-lost-key');
    expect(retried.status).toBe(200);
    expect(simulator.jobs.size).toBe(before + 1);
  });

  it('answers 400 to a body that is not a print job', async () => {
    expect((await create({ external_id: 'x' }, 'bad-key')).status).toBe(400);
  });

  const quote = (body: unknown) =>
    fetch(`${simulator.url}/print-job-cost-calculations/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const costRequest = (podPackageId: string, pages: number, quantity = 1) => ({
    line_items: [{ pod_package_id: podPackageId, page_count: pages, quantity }],
    shipping_address: { country_code: 'IL', city: 'תל אביב', postcode: '6100000' },
    shipping_option: 'MAIL',
  });

  it('quotes print and shipping in Lulu’s cost shape, from the price table', async () => {
    const answer = await quote(costRequest('0583X0827.BW.STD.PB.060UW444.MXX', 200, 2));
    expect(answer.status).toBe(201);
    const costs = printCostAnswerSchema.parse(await answer.json());
    // 2 × (9 ₪ + 200 × 0.03 ₪) = 30 ₪; MAIL: 15 ₪ + 2 × 2 ₪.
    expect(costs.line_item_costs[0]).toMatchObject({
      quantity: 2,
      cost_excl_discounts: '15.00',
      total_cost_incl_tax: '30.00',
    });
    expect(costs.shipping_cost.total_cost_incl_tax).toBe('19.00');
    expect(costs.total_cost_incl_tax).toBe('49.00');
    expect(costs.currency).toBe('ILS');
    const colour = printCostAnswerSchema.parse(
      await (await quote(costRequest('0583X0827.FC.STD.PB.080CW444.MXX', 100))).json(),
    );
    // 9 ₪ + 100 × (0.12 + 0.01) ₪.
    expect(colour.line_item_costs[0]?.total_cost_incl_tax).toBe('22.00');
  });

  it('refuses to quote an unknown product, and fails the next quotes on demand', async () => {
    expect((await quote(costRequest('A5-bw', 100))).status).toBe(400);
    simulator.failNextQuotes(1);
    expect((await quote(costRequest('0583X0827.BW.STD.PB.060UW444.MXX', 100))).status).toBe(503);
    expect((await quote(costRequest('0583X0827.BW.STD.PB.060UW444.MXX', 100))).status).toBe(201);
  });

  const cancel = (id: number | string, body: unknown = { name: 'CANCELED' }, auth = token) =>
    fetch(`${simulator.url}/print-jobs/${id}/status/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses to cancel a job in production or beyond, naming its status', async () => {
    const created = printJobSchema.parse(
      await (await create(job('order-e'), 'order-e-key')).json(),
    );
    await until('order-e in production', () =>
      Promise.resolve(
        webhooksOf('order-e').some((w) => w.parsed.data.status.name === 'IN_PRODUCTION') ||
          undefined,
      ),
    );
    const calls = simulator.cancelCalls;
    const answer = await cancel(created.id);
    expect(answer.status).toBe(400);
    const refusal = (await answer.json()) as { detail: string; status: string };
    expect(refusal.detail).toMatch(/cannot be canceled/);
    expect(['IN_PRODUCTION', 'SHIPPED', 'DELIVERED']).toContain(refusal.status);
    expect(simulator.cancelCalls).toBe(calls + 1);
    expect(simulator.jobs.get(Number(created.id))?.status.name).not.toBe('CANCELED');
  });

  it('answers 404 to cancelling an unknown job, 400 to another status and 401 without a token', async () => {
    expect((await cancel(987_654)).status).toBe(404);
    const created = printJobSchema.parse(
      await (await create(job('order-f'), 'order-f-key')).json(),
    );
    expect((await cancel(created.id, { name: 'SHIPPED' })).status).toBe(400);
    expect((await cancel(created.id, 'CANCELED')).status).toBe(400);
    expect((await cancel(created.id, { name: 'CANCELED' }, 'not-a-token')).status).toBe(401);
  });

  it('answers a new job with its costs', async () => {
    const answer = await create(job('order-d', 2), 'order-d-key');
    const created = printJobSchema.parse(await answer.json());
    // Two lines of one copy, 120 pages: 9 + 3.60 = 12.60 ₪ each; MAIL for two copies 19 ₪.
    expect(created.costs?.line_item_costs.map((line) => line.total_cost_incl_tax)).toEqual([
      '12.60',
      '12.60',
    ]);
    expect(created.costs?.total_cost_incl_tax).toBe('44.20');
  });
});

describe('cancelling a print job in the simulator', () => {
  let simulator: PrintSimulator;
  let token = '';

  beforeAll(async () => {
    // Production starts 6 s after a job is created (the cancels below come well before, however
    // busy the machine); every later step takes 20 ms.
    simulator = await startPrintSimulator({
      clientKey: KEY,
      clientSecret: SECRET,
      stepMs: 20,
      productionDelayMs: 6000,
    });
    const answer = await fetch(`${simulator.url}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=${KEY}&client_secret=${SECRET}`,
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await simulator?.stop();
  });

  const create = async (externalId: string) => {
    const answer = await fetch(`${simulator.url}/print-jobs/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(job(externalId, 2)),
    });
    return Number(printJobSchema.parse(await answer.json()).id);
  };
  const cancel = (id: number) =>
    fetch(`${simulator.url}/print-jobs/${id}/status/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'CANCELED' }),
    });
  const statusesOf = (id: number) =>
    simulator.webhooks.filter((hook) => hook.jobId === id).map((hook) => hook.status);

  it('cancels a job still in CREATED: its life stops, a CANCELED webhook goes out, a repeat answers the same', async () => {
    const cancelled = await create('held-a');
    const answer = await cancel(cancelled);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ name: 'CANCELED' });
    const stored = simulator.jobs.get(cancelled);
    expect(stored?.status.name).toBe('CANCELED');
    expect(stored?.line_items.map((line) => line.status.name)).toEqual(['CANCELED', 'CANCELED']);

    const again = await cancel(cancelled);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ name: 'CANCELED' });
    expect(simulator.cancelCalls).toBe(2);

    // A job created after it, on the same clock, walks its whole life: had the cancelled job's
    // steps still been pending, they would have come due first.
    const later = await create('held-b');
    await until('held-b delivered', () =>
      Promise.resolve(statusesOf(later).includes('DELIVERED') || undefined),
    );
    expect(statusesOf(cancelled)).toEqual(['CREATED', 'CANCELED']);
    expect(simulator.jobs.get(cancelled)?.status.name).toBe('CANCELED');
  });

  it('answers 503 to the next cancels on demand, and then cancels', async () => {
    const id = await create('held-c');
    simulator.failNextCancels(1);
    expect((await cancel(id)).status).toBe(503);
    expect(simulator.jobs.get(id)?.status.name).toBe('CREATED');
    expect((await cancel(id)).status).toBe(200);
  });
});
