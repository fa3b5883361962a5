import {
  printCostAnswerSchema,
  withinDeadline,
  type PrintCostAnswer,
  type PrintCostRequest,
} from '@mechabrim/contracts';

/** Lulu's OpenID Connect token endpoint, under the API's own origin. */
export const PRINT_TOKEN_PATH = '/auth/realms/glasstree/protocol/openid-connect/token';
/** Lulu's cost calculation. */
export const PRINT_COST_PATH = '/print-job-cost-calculations/';
/** The currency the partner's account must price in: our amounts are agorot. */
export const PRINT_CURRENCY = 'ILS';
const TIMEOUT_MS = 15_000;
/** Lulu cancels a job only before production starts. */
const CANCELLABLE = new Set(['CREATED', 'UNPAID', 'PAYMENT_IN_PROGRESS']);
/** The 4xx answers with which Lulu refuses to cancel a job that has gone further. */
const REFUSED_CANCEL = new Set([400, 403, 409, 422]);

/** How to reach the print partner (Lulu's API, or the local simulator, which speaks it). */
export interface PrintPartnerSettings {
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
}

/** The partner's answer, read whole. */
export interface PrintPartnerAnswer {
  status: number;
  ok: boolean;
  text: string;
}

/** The partner could not be reached, or answered with something other than a price. */
export class PrintPartnerError extends Error {}

/** Network errors that mean the request never reached the partner (no connection was made). */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Whether a failed call certainly never reached the partner: no connection was made, so nothing
 * was created there. A timeout, a reset or a 5xx may come after the partner acted on the call.
 */
export function neverReachedPartner(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 8) return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && NEVER_CONNECTED.has(code)) return true;
  if (Array.isArray(errors) && errors.length > 0)
    return errors.every((inner) => neverReachedPartner(inner, depth + 1));
  return neverReachedPartner(cause, depth + 1);
}

/**
 * What asking the partner to cancel a print job came to: cancelled now, cancelled before (by us
 * or at the partner), or too late to stop (`status`: the partner's status of the job, such as
 * IN_PRODUCTION or SHIPPED).
 */
export type PrintCancelOutcome =
  | { outcome: 'cancelled' }
  | { outcome: 'already-cancelled' }
  | { outcome: 'too-late'; status: string };

type HttpMethod = 'GET' | 'POST' | 'PUT';

/** The status a partner's answer names: a job's `status.name`, or a refusal's `status`. */
function statusNamed(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const status: unknown = (body as { status?: unknown }).status;
  const name =
    typeof status === 'string'
      ? status
      : typeof status === 'object' && status !== null
        ? (status as { name?: unknown }).name
        : undefined;
  return typeof name === 'string' && name.trim() !== '' ? name.trim().toUpperCase() : null;
}

/** A decimal money string of the partner (`"12.34"`) as whole agorot, rounded once to the agora. */
export function decimalToAgorot(value: string): number {
  const amount = Number(value);
  if (!Number.isFinite(amount)) throw new PrintPartnerError(`not an amount: ${value}`);
  const scaled = Math.abs(amount) * 100;
  const rounded = Math.round(scaled + scaled * Number.EPSILON);
  return amount < 0 ? -rounded : rounded;
}

/** A cost answer in agorot: per line (in the request's order), shipping and total. */
export interface PrintCharge {
  lines: number[];
  shippingAgorot: number;
  totalAgorot: number;
  currency: string;
}

/** Reads a cost calculation or a job's `costs` as agorot; refuses another currency than ILS. */
export function chargeOf(costs: PrintCostAnswer): PrintCharge {
  if (costs.currency.toUpperCase() !== PRINT_CURRENCY) {
    throw new PrintPartnerError(
      `print partner priced in ${costs.currency}; the account must price in ${PRINT_CURRENCY}`,
    );
  }
  return {
    lines: costs.line_item_costs.map((line) => decimalToAgorot(line.total_cost_incl_tax)),
    shippingAgorot: decimalToAgorot(costs.shipping_cost.total_cost_incl_tax),
    totalAgorot: decimalToAgorot(costs.total_cost_incl_tax),
    currency: PRINT_CURRENCY,
  };
}

/**
 * The print partner's HTTP client, Lulu-shaped: every call carries a bearer token from the
 * client-credentials grant (the key pair sent as HTTP Basic, cached until a minute before it
 * expires; dropped on a 401), and every answer is read whole within 15 s. The worker's print
 * handoff, the API's cost quotes and its cancellations all go through it.
 */
export class PrintPartnerClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly settings: PrintPartnerSettings,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Who prints (the partner's host). */
  get provider(): string {
    return new URL(this.settings.apiUrl).host;
  }

  /** POSTs JSON with the bearer token and returns the answer as it came. */
  postJson(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<PrintPartnerAnswer> {
    return this.call('POST', path, body, headers);
  }

  /**
   * Lulu's `POST /print-job-cost-calculations/`: what printing and shipping these lines would
   * cost, in agorot. Throws {@link PrintPartnerError} when the partner is unreachable, refuses or
   * answers without a price.
   */
  async calculateCost(request: PrintCostRequest): Promise<PrintCharge> {
    const answer = await this.reach('POST', PRINT_COST_PATH, request);
    if (!answer.ok) {
      throw new PrintPartnerError(
        `print partner answered ${answer.status}: ${answer.text.slice(0, 300)}`,
      );
    }
    let parsed: ReturnType<typeof printCostAnswerSchema.safeParse>;
    try {
      parsed = printCostAnswerSchema.safeParse(JSON.parse(answer.text));
    } catch {
      throw new PrintPartnerError('print partner answered a cost that is not JSON');
    }
    if (!parsed.success) throw new PrintPartnerError('print partner answered without a price');
    const charge = chargeOf(parsed.data);
    if (charge.lines.length !== request.line_items.length) {
      throw new PrintPartnerError('print partner priced another number of lines');
    }
    return charge;
  }

  /**
   * Lulu's `PUT /print-jobs/{id}/status/` with `{"name":"CANCELED"}`, which Lulu allows only
   * before production (CREATED, UNPAID, PAYMENT_IN_PROGRESS). The job is read first, so a job
   * already cancelled is told apart; a refusal (400, 403, 409 or 422) is `too-late` with the
   * job's status as the refusal names it, or else as the job reads now. Throws
   * {@link PrintPartnerError} when the partner is unreachable, too slow, answers 5xx or knows no
   * such job: the caller cannot know whether the press stops.
   */
  async cancelJob(jobId: string): Promise<PrintCancelOutcome> {
    const before = await this.jobStatus(jobId);
    if (before === 'CANCELED') return { outcome: 'already-cancelled' };
    const answer = await this.reach('PUT', `${this.jobPath(jobId)}status/`, { name: 'CANCELED' });
    if (answer.ok) return { outcome: 'cancelled' };
    if (REFUSED_CANCEL.has(answer.status)) {
      const now = statusNamed(answer.text) ?? (await this.jobStatus(jobId));
      if (now === 'CANCELED') return { outcome: 'already-cancelled' };
      if (!CANCELLABLE.has(now)) return { outcome: 'too-late', status: now };
    }
    throw new PrintPartnerError(
      `print partner answered ${answer.status} to cancelling job ${jobId}: ${answer.text.slice(0, 300)}`,
    );
  }

  /**
   * The job the partner made for our `externalId` (Lulu's `GET /print-jobs/?external_id=`, its
   * answer read for that id alone), or null when it has none. Throws {@link PrintPartnerError}
   * when it cannot tell: unreachable, too slow, or an answer that is not a job list.
   */
  async findJob(externalId: string): Promise<{ id: string; status: string } | null> {
    const answer = await this.reach(
      'GET',
      `/print-jobs/?external_id=${encodeURIComponent(externalId)}`,
    );
    let list: unknown;
    try {
      list = JSON.parse(answer.text);
    } catch {
      list = null;
    }
    const results = (list as { results?: unknown } | null)?.results;
    if (!answer.ok || !Array.isArray(results)) {
      throw new PrintPartnerError(`print partner answered ${answer.status} to a job search`);
    }
    const found = results.find(
      (job): job is { id: number | string; status?: { name?: string } } =>
        typeof job === 'object' &&
        job !== null &&
        (job as { external_id?: unknown }).external_id === externalId,
    );
    if (found) return { id: String(found.id), status: found.status?.name ?? '' };
    // Other jobs and not ours: the search was not narrowed to our id (one page of everything),
    // so ours may be on another page. Only an empty answer says there is none.
    if (results.length > 0) {
      throw new PrintPartnerError('print partner answered a job search not narrowed to our id');
    }
    return null;
  }

  /** Lulu's `GET /print-jobs/{id}/`: the job's status name, upper case. */
  private async jobStatus(jobId: string): Promise<string> {
    const answer = await this.reach('GET', this.jobPath(jobId));
    if (!answer.ok) {
      throw new PrintPartnerError(
        `print partner answered ${answer.status} for job ${jobId}: ${answer.text.slice(0, 300)}`,
      );
    }
    const name = statusNamed(answer.text);
    if (!name) throw new PrintPartnerError(`print partner answered job ${jobId} without a status`);
    return name;
  }

  private jobPath(jobId: string): string {
    return `/print-jobs/${encodeURIComponent(jobId)}/`;
  }

  /** {@link call}, with a partner out of reach (or refusing our key) as a {@link PrintPartnerError}. */
  private async reach(method: HttpMethod, path: string, body?: unknown) {
    try {
      return await this.call(method, path, body);
    } catch (error) {
      throw new PrintPartnerError(
        `print partner unreachable: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }

  /** Sends JSON (when there is a body) with the bearer token; a 401 drops the token. */
  private async call(
    method: HttpMethod,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<PrintPartnerAnswer> {
    const answer = await this.send(
      method,
      path,
      body === undefined ? undefined : JSON.stringify(body),
      {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        authorization: `Bearer ${await this.bearer()}`,
        ...headers,
      },
    );
    if (answer.status === 401) this.token = null;
    return answer;
  }

  private async bearer(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now() + 60_000) return this.token.value;
    const basic = Buffer.from(`${this.settings.apiKey}:${this.settings.apiSecret}`).toString(
      'base64',
    );
    const response = await this.send('POST', PRINT_TOKEN_PATH, 'grant_type=client_credentials', {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${basic}`,
    });
    let answer: { access_token?: string; expires_in?: number } = {};
    try {
      answer = JSON.parse(response.text) as typeof answer;
    } catch {
      // not JSON: refused below
    }
    if (!response.ok || !answer.access_token)
      throw new Error(`print partner refused the API key (${response.status})`);
    this.token = {
      value: answer.access_token,
      expiresAt: this.now() + (answer.expires_in ?? 3600) * 1000,
    };
    return answer.access_token;
  }

  /** Sends and reads the whole answer within `TIMEOUT_MS` (see withinDeadline). */
  private send(
    method: HttpMethod,
    path: string,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<PrintPartnerAnswer> {
    return withinDeadline(TIMEOUT_MS, async (signal) => {
      const response = await fetch(`${this.settings.apiUrl}${path}`, {
        method,
        headers,
        body,
        signal,
      });
      return { status: response.status, ok: response.ok, text: await response.text() };
    });
  }
}
