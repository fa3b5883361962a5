import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { printJobSchema, type PrintJobCreate } from '@mechabrim/contracts';
import { startPrintSimulator, type PrintSimulator } from '@mechabrim/print-simulator';
import { until } from '@mechabrim/testing';
import {
  neverReachedPartner,
  PRINT_TOKEN_PATH,
  PrintPartnerClient,
  PrintPartnerError,
} from './print-partner';

const KEY = 'spec-key';
const SECRET = 'spec-secret';

const job = (externalId: string, interior = 'https://files.test/interior.pdf') =>
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
    line_items: [
      {
        external_id: 'line-0',
        title: 'ספר',
        quantity: 1,
        printable_normalization: {
          pod_package_id: '0583X0827.BW.STD.PB.060UW444.MXX',
          page_count: 120,
          cover: { source_url: 'https://files.test/cover.pdf' },
          interior: { source_url: interior },
        },
      },
    ],
  }) satisfies PrintJobCreate;

const clientOf = (url: string) =>
  new PrintPartnerClient({ apiUrl: url, apiKey: KEY, apiSecret: SECRET });

async function createJob(client: PrintPartnerClient, externalId: string, interior?: string) {
  const answer = await client.postJson('/print-jobs/', job(externalId, interior));
  expect(answer.status).toBe(201);
  return String(printJobSchema.parse(JSON.parse(answer.text)).id);
}

describe('cancelling a print job at the partner (against the print simulator)', () => {
  // Holds every job in CREATED (well past any test); rejects a job without files at once.
  let holding: PrintSimulator;
  // Puts every job into production at once and ships it.
  let prompt: PrintSimulator;

  beforeAll(async () => {
    [holding, prompt] = await Promise.all([
      startPrintSimulator({
        clientKey: KEY,
        clientSecret: SECRET,
        stepMs: 20,
        productionDelayMs: 600_000,
      }),
      startPrintSimulator({ clientKey: KEY, clientSecret: SECRET, stepMs: 20 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([holding?.stop(), prompt?.stop()]);
  });

  it('cancels a job before production, then finds it already cancelled', async () => {
    const client = clientOf(holding.url);
    const jobId = await createJob(client, 'cancel-a');

    await expect(client.cancelJob(jobId)).resolves.toEqual({ outcome: 'cancelled' });
    expect(holding.jobs.get(Number(jobId))?.status.name).toBe('CANCELED');
    const calls = holding.cancelCalls;

    await expect(client.cancelJob(jobId)).resolves.toEqual({ outcome: 'already-cancelled' });
    // Read, not asked again.
    expect(holding.cancelCalls).toBe(calls);
  });

  it('finds the job made for an external id, none for another, and cannot tell when the search fails', async () => {
    const client = clientOf(holding.url);
    const jobId = await createJob(client, 'find-a');
    await expect(client.findJob('find-a')).resolves.toEqual({ id: jobId, status: 'CREATED' });
    await expect(client.findJob('find-nobody')).resolves.toBeNull();
    holding.failNextLists(1);
    await expect(client.findJob('find-a')).rejects.toBeInstanceOf(PrintPartnerError);
  });

  it('is too late once the job is in production or beyond, and names its status', async () => {
    const client = clientOf(prompt.url);
    const jobId = await createJob(client, 'cancel-b');
    await until('job cancel-b in production', () =>
      Promise.resolve(prompt.jobs.get(Number(jobId))?.status.name !== 'CREATED' || undefined),
    );

    const answer = await client.cancelJob(jobId);
    expect(answer.outcome).toBe('too-late');
    expect(['IN_PRODUCTION', 'SHIPPED', 'DELIVERED']).toContain(
      answer.outcome === 'too-late' ? answer.status : '',
    );
    expect(prompt.jobs.get(Number(jobId))?.status.name).not.toBe('CANCELED');
  });

  it('is too late for a job the partner rejected', async () => {
    const client = clientOf(holding.url);
    const jobId = await createJob(client, 'cancel-c', '');
    await until('job cancel-c rejected', () =>
      Promise.resolve(holding.jobs.get(Number(jobId))?.status.name === 'REJECTED' || undefined),
    );
    await expect(client.cancelJob(jobId)).resolves.toEqual({
      outcome: 'too-late',
      status: 'REJECTED',
    });
  });

  it('throws PrintPartnerError on a 5xx, an unknown job and a partner out of reach', async () => {
    const client = clientOf(holding.url);
    const jobId = await createJob(client, 'cancel-d');
    holding.failNextCancels(1);
    await expect(client.cancelJob(jobId)).rejects.toBeInstanceOf(PrintPartnerError);
    expect(holding.jobs.get(Number(jobId))?.status.name).toBe('CREATED');
    // The partner back: the same call now cancels.
    await expect(client.cancelJob(jobId)).resolves.toEqual({ outcome: 'cancelled' });

    await expect(client.cancelJob('987654')).rejects.toBeInstanceOf(PrintPartnerError);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(clientOf(`http://127.0.0.1:${port}`).cancelJob('1')).rejects.toBeInstanceOf(
      PrintPartnerError,
    );
  });
});

describe('a refusal to cancel that does not name the status', () => {
  // A partner that moved the job into production between our read and our cancel, and refuses
  // with a bare 409: the client reads the job again.
  let partner: Server;
  let url = '';
  let reads = 0;

  beforeAll(async () => {
    partner = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const reply = (status: number, body: unknown) =>
          response
            .writeHead(status, { 'content-type': 'application/json' })
            .end(JSON.stringify(body));
        if (request.url === PRINT_TOKEN_PATH)
          return reply(200, { access_token: 'token', expires_in: 3600 });
        if (request.method === 'GET' && request.url === '/print-jobs/77/') {
          reads += 1;
          return reply(200, {
            id: 77,
            status: { name: reads === 1 ? 'CREATED' : 'IN_PRODUCTION' },
            line_items: [],
          });
        }
        if (request.method === 'PUT' && request.url === '/print-jobs/77/status/')
          return reply(409, { detail: 'Conflict' });
        // A job search that ignores its filter: one page of everyone's jobs.
        if (request.method === 'GET' && request.url?.startsWith('/print-jobs/?'))
          return reply(200, { count: 120, results: [{ id: 5, external_id: 'someone-else' }] });
        return reply(404, { detail: 'Not found' });
      });
    });
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => partner.close(() => resolve()));
  });

  it('cannot tell from a job search not narrowed to our id that there is no job', async () => {
    await expect(clientOf(url).findJob('ours')).rejects.toBeInstanceOf(PrintPartnerError);
  });

  it('is too late, with the status the job reads now', async () => {
    await expect(clientOf(url).cancelJob('77')).resolves.toEqual({
      outcome: 'too-late',
      status: 'IN_PRODUCTION',
    });
    expect(reads).toBe(2);
  });
});

describe('neverReachedPartner', () => {
  it('tells a refused connection (nothing made there) from a timeout or an answer', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const refused = await fetch(`http://127.0.0.1:${port}/print-jobs/`).catch((e: unknown) => e);
    expect(neverReachedPartner(new PrintPartnerError('unreachable', { cause: refused }))).toBe(
      true,
    );
    expect(neverReachedPartner(new Error('print partner answered 503'))).toBe(false);
    const timedOut = Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    expect(neverReachedPartner(new PrintPartnerError('unreachable', { cause: timedOut }))).toBe(
      false,
    );
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(neverReachedPartner(reset)).toBe(false);
  });
});
