import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PRINT_IDEMPOTENCY_HEADER,
  PRINT_SIGNATURE_HEADER,
  PRINT_WEBHOOK_TOPIC,
  printCostRequestSchema,
  printJobCreateSchema,
  type PrintCostAnswer,
  type PrintJobCreate,
  type PrintJobStatus,
} from '@mechabrim/contracts';
import { tablePrintCostPerCopy, tableShippingCost } from '@mechabrim/print-specs';

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
  /**
   * How long a new job waits in CREATED before it goes into production (default `stepMs`): the
   * window in which `PUT /print-jobs/{id}/status/` can still cancel it, as a real partner holds a
   * job a while before printing it.
   */
  productionDelayMs?: number;
  /** The first N `POST /print-jobs/` calls answer 503, as a partner having a bad minute. */
  failFirstCalls?: number;
  /** Decides each new job's fate (default: a line without an interior or cover file is rejected). */
  decide?: (job: PrintJobCreate) => JobFate;
  /** Whether a repeated create (same key) finds the first job (default); false prints it again. */
  idempotent?: boolean;
  /** A webhook that is not taken (unreachable or 5xx) is sent again after each of these delays. */
  webhookRetryDelaysMs?: readonly number[];
  /**
   * What a job is charged, per line, compared with the price table (default: the table). Lets a
   * test have the partner charge a line other than it quoted.
   */
  chargeLine?: (line: {
    podPackageId: string;
    pages: number;
    quantity: number;
    table: number;
  }) => number;
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
  /** What the job is charged (Lulu's print job `costs`), from the price table. */
  costs: PrintCostAnswer | null;
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
  /** `POST /print-job-cost-calculations/` calls received, failed ones included. */
  readonly costCalls: number;
  /** `PUT /print-jobs/{id}/status/` calls received, failed and refused ones included. */
  readonly cancelCalls: number;
  /** Every webhook sent, oldest first. */
  webhooks: readonly SentWebhook[];
  /** Makes the next N `POST /print-jobs/` calls answer 503. */
  failNext(count: number): void;
  /** Makes the next N `POST /print-job-cost-calculations/` calls answer 503. */
  failNextQuotes(count: number): void;
  /** Makes the next N `PUT /print-jobs/{id}/status/` calls answer 503. */
  failNextCancels(count: number): void;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 256 * 1024;
const JOB_PATH = /^\/print-jobs\/(\d{1,12})\/?$/;
const JOB_STATUS_PATH = /^\/print-jobs\/(\d{1,12})\/status\/?$/;
/** Lulu cancels a job only before production. */
const CANCELLABLE: ReadonlySet<PrintJobStatus> = new Set([
  'CREATED',
  'UNPAID',
  'PAYMENT_IN_PROGRESS',
]);
const CARRIER = 'דואר ישראל';

/** HMAC-SHA256 (hex) of a webhook's raw body, as Lulu signs its `Lulu-HMAC-SHA256` header. */
export function signWebhook(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Agorot as Lulu's decimal string (`"15.00"`). */
const decimal = (agorot: number) => (agorot / 100).toFixed(2);

/** A line the table cannot price (an unknown product code or no page count). */
class UnpricedLineError extends Error {}

/**
 * Lulu's cost answer for lines and a shipping level, from the price table (libs/print-specs
 * `SIMULATOR_PRICE_TABLE`): per line, its copies times the table's cost per copy (or what
 * `chargeLine` says); the shipping level's price for all the copies; no tax; in ILS.
 */
export function priceLines(
  lines: readonly { pod_package_id: string; page_count?: number; quantity: number }[],
  shippingLevel: string,
  chargeLine?: PrintSimulatorOptions['chargeLine'],
): PrintCostAnswer {
  const lineCosts = lines.map((line) => {
    const pages = line.page_count ?? 0;
    const perCopy = tablePrintCostPerCopy(line.pod_package_id, pages);
    if (perCopy === null) {
      throw new UnpricedLineError(
        `cannot price ${line.pod_package_id} with ${pages} pages: unknown product or page count`,
      );
    }
    const table = perCopy * line.quantity;
    const total = chargeLine
      ? chargeLine({ podPackageId: line.pod_package_id, pages, quantity: line.quantity, table })
      : table;
    return {
      quantity: line.quantity,
      cost_excl_discounts: decimal(perCopy),
      total_cost_excl_discounts: decimal(total),
      total_cost_excl_tax: decimal(total),
      total_tax: '0.00',
      tax_rate: '0.00',
      total_cost_incl_tax: decimal(total),
      discounts: [],
      unit_tier_cost: null,
    };
  });
  const copies = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shipping = tableShippingCost(shippingLevel, Math.max(1, copies)) ?? 0;
  const total =
    lineCosts.reduce((sum, line) => sum + Math.round(Number(line.total_cost_incl_tax) * 100), 0) +
    shipping;
  return {
    line_item_costs: lineCosts,
    shipping_cost: {
      total_cost_excl_tax: decimal(shipping),
      total_tax: '0.00',
      tax_rate: '0.00',
      total_cost_incl_tax: decimal(shipping),
    },
    total_cost_excl_tax: decimal(total),
    total_tax: '0.00',
    total_cost_incl_tax: decimal(total),
    total_discount_amount: '0.00',
    currency: 'ILS',
  };
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
 * `Idempotency-Key` header, else by `external_id`), `GET /print-jobs/{id}/`, `PUT /print-jobs/{id}/status/` (cancels a job still in
 * CREATED), a `POST /print-job-cost-calculations/` (answered from libs/print-specs `SIMULATOR_PRICE_TABLE`,
 * documented in this tool's README; every job's `costs` come from it too), and a
 * `PRINT_JOB_STATUS_CHANGED` webhook, signed with HMAC-SHA256 of the raw body, at each step of
 * CREATED → IN_PRODUCTION → SHIPPED (a job of two or more lines ships in two parcels, each its own
 * SHIPPED webhook) → DELIVERED, one step every `stepMs` (production starts `productionDelayMs`
 * after CREATED); or CREATED → REJECTED with a reason; or CREATED → CANCELED when cancelled.
 */
export async function startPrintSimulator(options: PrintSimulatorOptions): Promise<PrintSimulator> {
  const stepMs = options.stepMs ?? 5000;
  const productionDelayMs = options.productionDelayMs ?? stepMs;
  const decide = options.decide ?? defaultFate;
  const retryDelays = options.webhookRetryDelaysMs ?? [1000, 5000, 15000, 30000, 60000];
  const jobs = new Map<number, SimulatedJob>();
  const byKey = new Map<string, SimulatedJob>();
  const tokens = new Set<string>();
  const webhooks: SentWebhook[] = [];
  const lastDelivery = new Map<number, Promise<boolean>>();
  const timers = new Set<NodeJS.Timeout>();
  /** Each job's pending steps (not its webhook retries): a cancellation clears them. */
  const steps = new Map<number, Set<NodeJS.Timeout>>();
  let failing = options.failFirstCalls ?? 0;
  let createCalls = 0;
  let costCalls = 0;
  let failingQuotes = 0;
  let cancelCalls = 0;
  let failingCancels = 0;
  let nextId = 1000;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
    return timer;
  };

  /** The job's next step of its life, after `ms`. */
  const step = (job: SimulatedJob, ms: number, run: () => void) => {
    const pending = steps.get(job.id) ?? new Set<NodeJS.Timeout>();
    steps.set(job.id, pending);
    const timer = later(ms, () => {
      pending.delete(timer);
      run();
    });
    pending.add(timer);
  };

  /** Stops the job's life where it stands. */
  const halt = (job: SimulatedJob) => {
    for (const timer of steps.get(job.id) ?? []) {
      clearTimeout(timer);
      timers.delete(timer);
    }
    steps.delete(job.id);
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

  /** The job's life: `productionDelayMs` in CREATED, then one step per `stepMs`. */
  function run(job: SimulatedJob, fate: JobFate) {
    setStatus(job, 'CREATED');
    if (fate.kind === 'reject') {
      step(job, stepMs, () => setStatus(job, 'REJECTED', { error: fate.reason }));
      return;
    }
    step(job, productionDelayMs, () => {
      setStatus(job, 'IN_PRODUCTION');
      const [first, ...rest] = job.line_items;
      step(job, stepMs, () => {
        if (rest.length > 0 && first) {
          // Two parcels: the first line leaves first, the rest one step later.
          ship(job, [first]);
          step(job, stepMs, () => {
            ship(job, rest);
            step(job, stepMs, () => setStatus(job, 'DELIVERED'));
          });
        } else {
          ship(job, job.line_items);
          step(job, stepMs, () => setStatus(job, 'DELIVERED'));
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
    let costs: PrintCostAnswer | null = null;
    try {
      costs = priceLines(
        parsed.data.line_items.map((line) => ({
          pod_package_id: line.printable_normalization.pod_package_id,
          page_count: line.printable_normalization.page_count,
          quantity: line.quantity,
        })),
        parsed.data.shipping_level,
        options.chargeLine,
      );
    } catch (error) {
      // A line without a page count is priced once its file is validated; Lulu's job answers
      // its costs as null until then.
      if (!(error instanceof UnpricedLineError)) throw error;
    }
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
      costs,
    };
    jobs.set(job.id, job);
    byKey.set(key, job);
    json(response, 201, publicJob(job));
    run(job, decide(parsed.data));
  }

  /** Lulu's `POST /print-job-cost-calculations/`, answered from the price table. */
  async function calculateCost(request: IncomingMessage, response: ServerResponse) {
    costCalls += 1;
    const raw = await readBody(request);
    if (failingQuotes > 0) {
      failingQuotes -= 1;
      return json(response, 503, { detail: 'Service temporarily unavailable' });
    }
    let parsed: ReturnType<typeof printCostRequestSchema.safeParse>;
    try {
      parsed = printCostRequestSchema.safeParse(JSON.parse(raw));
    } catch {
      return json(response, 400, { detail: 'JSON parse error' });
    }
    if (!parsed.success) return json(response, 400, { detail: parsed.error.issues });
    try {
      return json(response, 201, priceLines(parsed.data.line_items, parsed.data.shipping_option));
    } catch (error) {
      if (error instanceof UnpricedLineError) return json(response, 400, { detail: error.message });
      throw error;
    }
  }

  /**
   * Lulu's `PUT /print-jobs/{id}/status/` with `{"name":"CANCELED"}`: a job not yet in production
   * is cancelled (its life stops; a CANCELED webhook goes out) and its status answered; a job
   * already cancelled answers its status again; a job in production or beyond answers 400 with
   * its current status.
   */
  async function cancelJob(id: number, request: IncomingMessage, response: ServerResponse) {
    cancelCalls += 1;
    const raw = await readBody(request);
    if (failingCancels > 0) {
      failingCancels -= 1;
      return json(response, 503, { detail: 'Service temporarily unavailable' });
    }
    const job = jobs.get(id);
    if (!job) return json(response, 404, { detail: 'Not found' });
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return json(response, 400, { detail: 'JSON parse error' });
    }
    if (
      typeof body !== 'object' ||
      body === null ||
      (body as { name?: unknown }).name !== 'CANCELED'
    ) {
      return json(response, 400, { name: ['The only status a client may set is "CANCELED".'] });
    }
    if (job.status.name === 'CANCELED') return json(response, 200, job.status);
    if (!CANCELLABLE.has(job.status.name)) {
      return json(response, 400, {
        detail: `Print-Job with status ${job.status.name} cannot be canceled.`,
        status: job.status.name,
      });
    }
    halt(job);
    setStatus(job, 'CANCELED');
    return json(response, 200, job.status);
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
    if (/^\/print-job-cost-calculations\/?$/.test(url.pathname) && method === 'POST')
      return calculateCost(request, response);
    if (/^\/print-jobs\/?$/.test(url.pathname) && method === 'GET') {
      const externalId = url.searchParams.get('external_id');
      const results = [...jobs.values()]
        .filter((job) => !externalId || job.external_id === externalId)
        .map(publicJob);
      return json(response, 200, { count: results.length, results });
    }
    const statusOf = JOB_STATUS_PATH.exec(url.pathname);
    if (statusOf?.[1] && method === 'PUT') return cancelJob(Number(statusOf[1]), request, response);
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
    get costCalls() {
      return costCalls;
    },
    get cancelCalls() {
      return cancelCalls;
    },
    webhooks,
    failNext: (count) => {
      failing = count;
    },
    failNextQuotes: (count) => {
      failingQuotes = count;
    },
    failNextCancels: (count) => {
      failingCancels = count;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        steps.clear();
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
    costs: job.costs,
  };
}
