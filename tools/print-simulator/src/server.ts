import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PRINT_IDEMPOTENCY_HEADER,
  PRINT_SIGNATURE_HEADER,
  PRINT_WEBHOOK_TOPIC,
  printJobCreateSchema,
  type PrintJobCreate,
  type PrintJobStatus,
} from '@mechabrim/contracts';

/** Where Lulu's token endpoint lives (OpenID Connect client credentials). */
export const TOKEN_PATH = '/auth/realms/glasstree/protocol/openid-connect/token';

/** What happens to a job once accepted: printed and shipped, or rejected with a reason. */
export type JobFate = { kind: 'ship' } | { kind: 'reject'; reason: string };

export interface PrintSimulatorOptions {
  /** The API key pair: the token endpoint checks it, and the secret signs every webhook. */
  clientKey: string;
  clientSecret: string;
  /** Where status webhooks are POSTed (our `POST /api/print/callback`); none sends no webhooks. */
  webhookUrl?: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The clock: how long each step (created → in production → shipped → delivered) takes. */
  stepMs?: number;
  /** The first N `POST /print-jobs/` calls answer 503, as a partner having a bad minute. */
  failFirstCalls?: number;
  /** Decides each new job's fate (default: a line without an interior or cover file is rejected). */
  decide?: (job: PrintJobCreate) => JobFate;
  /** Whether a repeated create (same key) finds the first job (default); false prints it again. */
  idempotent?: boolean;
  /** A webhook that is not taken (unreachable or 5xx) is sent again after each of these delays. */
  webhookRetryDelaysMs?: readonly number[];
}

/** One print job as the simulator keeps it (Lulu's print-job object, trimmed). */
export interface SimulatedJob {
  id: number;
  external_id: string;
  idempotencyKey: string;
  request: PrintJobCreate;
  status: { name: PrintJobStatus; messages: Record<string, unknown>; changed: string };
  line_items: {
    id: number;
    external_id: string;
    title: string;
    quantity: number;
    status: {
      name: PrintJobStatus;
      messages?: { tracking_id: string; tracking_urls: string[]; carrier_name: string };
    };
  }[];
  date_created: string;
}

export interface SentWebhook {
  jobId: number;
  status: PrintJobStatus;
  body: string;
  httpStatus: number | null;
  attempts: number;
}

export interface PrintSimulator {
  url: string;
  port: number;
  /** Every job accepted, by id. */
  jobs: ReadonlyMap<number, SimulatedJob>;
  /** `POST /print-jobs/` calls received, failed ones included. */
  readonly createCalls: number;
  /** Every webhook sent, oldest first. */
  webhooks: readonly SentWebhook[];
  /** Makes the next N `POST /print-jobs/` calls answer 503. */
  failNext(count: number): void;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 256 * 1024;
const JOB_PATH = /^\/print-jobs\/(\d{1,12})\/?$/;
const CARRIER = 'דואר ישראל';

/** HMAC-SHA256 (hex) of a webhook's raw body, as Lulu signs its `Lulu-HMAC-SHA256` header. */
export function signWebhook(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** A job with a line missing its interior or cover file cannot be printed. */
export function defaultFate(job: PrintJobCreate): JobFate {
  const broken = job.line_items.find(
    (line) =>
      !line.printable_normalization.interior.source_url ||
      !line.printable_normalization.cover.source_url,
  );
  return broken
    ? {
        kind: 'reject',
        reason: `Line ${broken.external_id}: the interior or cover file is missing`,
      }
    : { kind: 'ship' };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The local print partner (ARCHITECTURE.md decision 5), shaped like the Lulu Print API: a client
 * credentials token at {@link TOKEN_PATH}, `POST /print-jobs/` (idempotent by the
 * `Idempotency-Key` header, else by `external_id`), `GET /print-jobs/{id}/`, and a
 * `PRINT_JOB_STATUS_CHANGED` webhook, signed with HMAC-SHA256 of the raw body, at each step of
 * CREATED → IN_PRODUCTION → SHIPPED (a job of two or more lines ships in two parcels, each its own
 * SHIPPED webhook) → DELIVERED, one step every `stepMs`; or CREATED → REJECTED with a reason.
 */
export async function startPrintSimulator(options: PrintSimulatorOptions): Promise<PrintSimulator> {
  const stepMs = options.stepMs ?? 5000;
  const decide = options.decide ?? defaultFate;
  const retryDelays = options.webhookRetryDelaysMs ?? [1000, 5000, 15000, 30000, 60000];
  const jobs = new Map<number, SimulatedJob>();
  const byKey = new Map<string, SimulatedJob>();
  const tokens = new Set<string>();
  const webhooks: SentWebhook[] = [];
  const lastDelivery = new Map<number, Promise<boolean>>();
  const timers = new Set<NodeJS.Timeout>();
  let failing = options.failFirstCalls ?? 0;
  let createCalls = 0;
  let nextId = 1000;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  async function post(record: SentWebhook): Promise<boolean> {
    if (!options.webhookUrl) return true;
    try {
      const answer = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PRINT_SIGNATURE_HEADER]: signWebhook(record.body, options.clientSecret),
        },
        body: record.body,
        signal: AbortSignal.timeout(5000),
      });
      record.httpStatus = answer.status;
      await answer.arrayBuffer();
      return answer.status < 500;
    } catch {
      return false;
    }
  }

  /** Sends the job as it is now; retried in the background, as Lulu retries its webhooks. */
  function notify(job: SimulatedJob) {
    const body = JSON.stringify({ topic: PRINT_WEBHOOK_TOPIC, data: publicJob(job) });
    const record: SentWebhook = {
      jobId: job.id,
      status: job.status.name,
      body,
      httpStatus: null,
      attempts: 1,
    };
    webhooks.push(record);
    const attempt = (index: number) => {
      // A job's webhooks leave one after another (each after the previous one's first answer);
      // retries may still overtake, as a real partner's do.
      const previous = index === 0 ? (lastDelivery.get(job.id) ?? Promise.resolve(true)) : null;
      const delivery = (previous ?? Promise.resolve(true)).then(() => post(record));
      if (index === 0) lastDelivery.set(job.id, delivery);
      void delivery.then((taken) => {
        const delay = retryDelays[index];
        if (taken || delay === undefined) return;
        later(delay, () => {
          record.attempts += 1;
          attempt(index + 1);
        });
      });
    };
    attempt(0);
  }

  function setStatus(
    job: SimulatedJob,
    name: PrintJobStatus,
    messages: Record<string, unknown> = {},
  ) {
    job.status = { name, messages, changed: new Date().toISOString() };
    for (const line of job.line_items) {
      // A parcel already shipped keeps its own status and tracking.
      if (line.status.name === 'SHIPPED' && name === 'SHIPPED') continue;
      line.status = { ...line.status, name };
    }
    notify(job);
  }

  function ship(job: SimulatedJob, lines: SimulatedJob['line_items']) {
    for (const line of lines) {
      const tracking = `RR${String(job.id)}${String(line.id).slice(-3)}IL`;
      line.status = {
        name: 'SHIPPED',
        messages: {
          tracking_id: tracking,
          tracking_urls: [`https://doar.israelpost.co.il/deliverytracking?itemcode=${tracking}`],
          carrier_name: CARRIER,
        },
      };
    }
    setStatus(job, 'SHIPPED');
  }

  /** The job's life, one step per `stepMs`. */
  function run(job: SimulatedJob, fate: JobFate) {
    setStatus(job, 'CREATED');
    if (fate.kind === 'reject') {
      later(stepMs, () => setStatus(job, 'REJECTED', { error: fate.reason }));
      return;
    }
    later(stepMs, () => {
      setStatus(job, 'IN_PRODUCTION');
      const [first, ...rest] = job.line_items;
      later(stepMs, () => {
        if (rest.length > 0 && first) {
          // Two parcels: the first line leaves first, the rest one step later.
          ship(job, [first]);
          later(stepMs, () => {
            ship(job, rest);
            later(stepMs, () => setStatus(job, 'DELIVERED'));
          });
        } else {
          ship(job, job.line_items);
          later(stepMs, () => setStatus(job, 'DELIVERED'));
        }
      });
    });
  }

  function authorised(request: IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    return token !== undefined && tokens.has(token);
  }

  async function issueToken(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const basic = /^Basic (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const [key, secret] = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':')
      : [form.get('client_id') ?? '', form.get('client_secret') ?? ''];
    if (
      form.get('grant_type') !== 'client_credentials' ||
      !equal(key ?? '', options.clientKey) ||
      !equal(secret ?? '', options.clientSecret)
    ) {
      return json(response, 401, { error: 'invalid_client' });
    }
    const token = randomBytes(24).toString('hex');
    tokens.add(token);
    return json(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
  }

  async function createJob(request: IncomingMessage, response: ServerResponse) {
    createCalls += 1;
    const raw = await readBody(request);
    if (failing > 0) {
      failing -= 1;
      return json(response, 503, { detail: 'Service temporarily unavailable' });
    }
    let parsed: ReturnType<typeof printJobCreateSchema.safeParse>;
    try {
      parsed = printJobCreateSchema.safeParse(JSON.parse(raw));
    } catch {
      return json(response, 400, { detail: 'JSON parse error' });
    }
    if (!parsed.success) return json(response, 400, { detail: parsed.error.issues });
    const header = request.headers[PRINT_IDEMPOTENCY_HEADER];
    const key = (typeof header === 'string' && header) || `external:${parsed.data.external_id}`;
    const known = options.idempotent === false ? undefined : byKey.get(key);
    if (known) return json(response, 200, publicJob(known));
    nextId += 1;
    const job: SimulatedJob = {
      id: nextId,
      external_id: parsed.data.external_id,
      idempotencyKey: key,
      request: parsed.data,
      status: { name: 'CREATED', messages: {}, changed: new Date().toISOString() },
      line_items: parsed.data.line_items.map((line, index) => ({
        id: nextId * 100 + index + 1,
        external_id: line.external_id,
        title: line.title,
        quantity: line.quantity,
        status: { name: 'CREATED' },
      })),
      date_created: new Date().toISOString(),
    };
    jobs.set(job.id, job);
    byKey.set(key, job);
    json(response, 201, publicJob(job));
    run(job, decide(parsed.data));
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://print.local');
    const method = request.method ?? 'GET';
    if (url.pathname === '/health' && method === 'GET')
      return json(response, 200, { status: 'ok' });
    if (url.pathname === TOKEN_PATH && method === 'POST') return issueToken(request, response);
    if (!authorised(request)) return json(response, 401, { detail: 'Authentication required' });
    if (/^\/print-jobs\/?$/.test(url.pathname) && method === 'POST')
      return createJob(request, response);
    if (/^\/print-jobs\/?$/.test(url.pathname) && method === 'GET') {
      const externalId = url.searchParams.get('external_id');
      const results = [...jobs.values()]
        .filter((job) => !externalId || job.external_id === externalId)
        .map(publicJob);
      return json(response, 200, { count: results.length, results });
    }
    const found = JOB_PATH.exec(url.pathname);
    if (found?.[1] && method === 'GET') {
      const job = jobs.get(Number(found[1]));
      return job
        ? json(response, 200, publicJob(job))
        : json(response, 404, { detail: 'Not found' });
    }
    return json(response, 404, { detail: 'Not found' });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) json(response, 400, { detail: 'Bad request' });
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    jobs,
    get createCalls() {
      return createCalls;
    },
    webhooks,
    failNext: (count) => {
      failing = count;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A job as the API answers it and webhooks carry it (without our bookkeeping). */
function publicJob(job: SimulatedJob) {
  return {
    id: job.id,
    external_id: job.external_id,
    status: job.status,
    line_items: job.line_items,
    shipping_level: job.request.shipping_level,
    contact_email: job.request.contact_email,
    date_created: job.date_created,
  };
}
