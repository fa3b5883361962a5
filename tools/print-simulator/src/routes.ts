import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  PRINT_IDEMPOTENCY_HEADER,
  printCostRequestSchema,
  printJobCreateSchema,
  type PrintCostAnswer,
  type PrintJobCreate,
  type PrintJobStatus,
} from '@mechabrim/contracts';
import { equal, json, readBody } from './http';
import { publicJob, type JobLife } from './job-life';
import { priceLines, UnpricedLineError } from './pricing';
import type { JobFate, PrintSimulatorOptions, SimulatedJob } from './types';

/** Where Lulu's token endpoint lives (OpenID Connect client credentials). */
export const TOKEN_PATH = '/auth/realms/glasstree/protocol/openid-connect/token';

const JOB_PATH = /^\/print-jobs\/(\d{1,12})\/?$/;
const JOB_STATUS_PATH = /^\/print-jobs\/(\d{1,12})\/status\/?$/;
/** Lulu cancels a job only before production. */
const CANCELLABLE: ReadonlySet<PrintJobStatus> = new Set([
  'CREATED',
  'UNPAID',
  'PAYMENT_IN_PROGRESS',
]);

const unavailable = { detail: 'Service temporarily unavailable' };

export interface PrintRoutesOptions extends Pick<
  PrintSimulatorOptions,
  'clientKey' | 'clientSecret' | 'idempotent' | 'chargeLine'
> {
  /** Decides each new job's fate. */
  decide: (job: PrintJobCreate) => JobFate;
  /** How many of the first `POST /print-jobs/` calls answer 503. */
  failFirstCalls: number;
}

/**
 * The Lulu-shaped routes of the print partner: the token, jobs (create, list, read, cancel) and
 * cost calculations, with the call counts and the outages a test asks for.
 */
export class PrintRoutes {
  /** Every job accepted, by id. */
  readonly jobs = new Map<number, SimulatedJob>();
  /** Calls received per route, failed and refused ones included. */
  readonly calls = { create: 0, cost: 0, cancel: 0 };
  /** How many of the next calls per route answer 503 (`createdButLost`: after creating the job). */
  readonly failing = { create: 0, quotes: 0, cancels: 0, createdButLost: 0, lists: 0 };
  private readonly byKey = new Map<string, SimulatedJob>();
  private readonly tokens = new Set<string>();
  private nextId = 1000;

  constructor(
    private readonly options: PrintRoutesOptions,
    private readonly life: JobLife,
  ) {
    this.failing.create = options.failFirstCalls;
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://print.local');
    const method = request.method ?? 'GET';
    if (url.pathname === '/health' && method === 'GET')
      return json(response, 200, { status: 'ok' });
    if (url.pathname === TOKEN_PATH && method === 'POST') return this.issueToken(request, response);
    if (!this.authorised(request))
      return json(response, 401, { detail: 'Authentication required' });
    if (/^\/print-jobs\/?$/.test(url.pathname) && method === 'POST')
      return this.createJob(request, response);
    if (/^\/print-job-cost-calculations\/?$/.test(url.pathname) && method === 'POST')
      return this.calculateCost(request, response);
    if (/^\/print-jobs\/?$/.test(url.pathname) && method === 'GET')
      return this.listJobs(url.searchParams.get('external_id'), response);
    const statusOf = JOB_STATUS_PATH.exec(url.pathname);
    if (statusOf?.[1] && method === 'PUT')
      return this.cancelJob(Number(statusOf[1]), request, response);
    const found = JOB_PATH.exec(url.pathname);
    if (found?.[1] && method === 'GET') {
      const job = this.jobs.get(Number(found[1]));
      return job
        ? json(response, 200, publicJob(job))
        : json(response, 404, { detail: 'Not found' });
    }
    return json(response, 404, { detail: 'Not found' });
  }

  private authorised(request: IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    return token !== undefined && this.tokens.has(token);
  }

  private async issueToken(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const basic = /^Basic (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const [key, secret] = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':')
      : [form.get('client_id') ?? '', form.get('client_secret') ?? ''];
    if (
      form.get('grant_type') !== 'client_credentials' ||
      !equal(key ?? '', this.options.clientKey) ||
      !equal(secret ?? '', this.options.clientSecret)
    ) {
      return json(response, 401, { error: 'invalid_client' });
    }
    const token = randomBytes(24).toString('hex');
    this.tokens.add(token);
    return json(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
  }

  private listJobs(externalId: string | null, response: ServerResponse) {
    if (this.failing.lists > 0) {
      this.failing.lists -= 1;
      return json(response, 503, unavailable);
    }
    const results = [...this.jobs.values()]
      .filter((job) => !externalId || job.external_id === externalId)
      .map(publicJob);
    return json(response, 200, { count: results.length, results });
  }

  private async createJob(request: IncomingMessage, response: ServerResponse) {
    this.calls.create += 1;
    const raw = await readBody(request);
    if (this.failing.create > 0) {
      this.failing.create -= 1;
      return json(response, 503, unavailable);
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
    const known = this.options.idempotent === false ? undefined : this.byKey.get(key);
    if (known) return json(response, 200, publicJob(known));
    const job = this.newJob(parsed.data, key);
    this.jobs.set(job.id, job);
    this.byKey.set(key, job);
    this.life.run(job, this.options.decide(parsed.data));
    if (this.failing.createdButLost > 0) {
      this.failing.createdButLost -= 1;
      return json(response, 503, unavailable);
    }
    json(response, 201, publicJob(job));
  }

  private newJob(request: PrintJobCreate, idempotencyKey: string): SimulatedJob {
    const costs = this.jobCosts(request);
    this.nextId += 1;
    const id = this.nextId;
    return {
      id,
      external_id: request.external_id,
      idempotencyKey,
      request,
      status: { name: 'CREATED', messages: {}, changed: new Date().toISOString() },
      line_items: request.line_items.map((line, index) => ({
        id: id * 100 + index + 1,
        external_id: line.external_id,
        title: line.title,
        quantity: line.quantity,
        status: { name: 'CREATED' },
      })),
      date_created: new Date().toISOString(),
      costs,
    };
  }

  /** What the job is charged, from the price table. */
  private jobCosts(request: PrintJobCreate): PrintCostAnswer | null {
    try {
      return priceLines(
        request.line_items.map((line) => ({
          pod_package_id: line.printable_normalization.pod_package_id,
          page_count: line.printable_normalization.page_count,
          quantity: line.quantity,
        })),
        request.shipping_level,
        this.options.chargeLine,
      );
    } catch (error) {
      // A line without a page count is priced once its file is validated; Lulu's job answers
      // its costs as null until then.
      if (!(error instanceof UnpricedLineError)) throw error;
      return null;
    }
  }

  /** Lulu's `POST /print-job-cost-calculations/`, answered from the price table. */
  private async calculateCost(request: IncomingMessage, response: ServerResponse) {
    this.calls.cost += 1;
    const raw = await readBody(request);
    if (this.failing.quotes > 0) {
      this.failing.quotes -= 1;
      return json(response, 503, unavailable);
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
  private async cancelJob(id: number, request: IncomingMessage, response: ServerResponse) {
    this.calls.cancel += 1;
    const raw = await readBody(request);
    if (this.failing.cancels > 0) {
      this.failing.cancels -= 1;
      return json(response, 503, unavailable);
    }
    const job = this.jobs.get(id);
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
    this.life.cancel(job);
    return json(response, 200, job.status);
  }
}
