import {
  PRINT_IDEMPOTENCY_HEADER,
  printJobSchema,
  withinDeadline,
  type PrintJobCreate,
} from '@mechabrim/contracts';

/** The partner's answer, read whole. */
interface PartnerAnswer {
  status: number;
  ok: boolean;
  text: string;
}

/** What the partner said when it took a job. */
export interface AcceptedPrintJob {
  /** The partner's print-job id (Lulu's numeric id, as text). */
  jobId: string;
  /** The job's status when accepted (usually CREATED). */
  status: string;
}

/** The partner refused the job for good (4xx other than 408/429): retrying will not help. */
export class PrintJobRefusedError extends Error {}

/**
 * The print-service port: hands a print job to the print partner. `idempotencyKey` makes a repeated
 * call (a retried job, a second worker) find the job the first call created instead of printing
 * the order twice. Adapter: {@link HttpPrintService} (Lulu's API, and the local simulator, which
 * speaks it).
 */
export interface PrintService {
  /** Who prints (kept on the order). */
  readonly provider: string;
  createJob(job: PrintJobCreate, idempotencyKey: string): Promise<AcceptedPrintJob>;
}

export const PRINT_SERVICE = Symbol('PRINT_SERVICE');

/** Lulu's OpenID Connect token endpoint, under the API's own origin. */
export const TOKEN_PATH = '/auth/realms/glasstree/protocol/openid-connect/token';
const TIMEOUT_MS = 15_000;

/**
 * The Lulu Print API adapter. Each call carries a bearer token from the client-credentials grant
 * (the key pair sent as HTTP Basic, cached until a minute before it expires); a job is created
 * with `POST /print-jobs/`, our order id as `external_id` and the handoff's key in an
 * `Idempotency-Key` header. Lulu does not document such a header; the simulator honours it, and
 * against Lulu the worker's own claim on the order (one handoff in flight per order) and the
 * `external_id` keep a retried handoff from printing twice.
 */
export class HttpPrintService implements PrintService {
  readonly provider: string;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly settings: { apiUrl: string; apiKey: string; apiSecret: string },
    private readonly now: () => number = () => Date.now(),
  ) {
    this.provider = new URL(settings.apiUrl).host;
  }

  async createJob(job: PrintJobCreate, idempotencyKey: string): Promise<AcceptedPrintJob> {
    const response = await this.send('/print-jobs/', JSON.stringify(job), {
      'content-type': 'application/json',
      authorization: `Bearer ${await this.bearer()}`,
      [PRINT_IDEMPOTENCY_HEADER]: idempotencyKey,
    });
    if (response.status === 401) this.token = null;
    const { text } = response;
    if (!response.ok) {
      const message = `print partner answered ${response.status}: ${text.slice(0, 300)}`;
      const permanent =
        response.status >= 400 &&
        response.status < 500 &&
        ![401, 408, 409, 429].includes(response.status);
      throw permanent ? new PrintJobRefusedError(message) : new Error(message);
    }
    const parsed = printJobSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error('print partner answered a job without an id or status');
    return { jobId: String(parsed.data.id), status: parsed.data.status.name };
  }

  private async bearer(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now() + 60_000) return this.token.value;
    const basic = Buffer.from(`${this.settings.apiKey}:${this.settings.apiSecret}`).toString(
      'base64',
    );
    const response = await this.send(TOKEN_PATH, 'grant_type=client_credentials', {
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

  /** POSTs and reads the whole answer within `TIMEOUT_MS` (see withinDeadline). */
  private send(
    path: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<PartnerAnswer> {
    return withinDeadline(TIMEOUT_MS, async (signal) => {
      const response = await fetch(`${this.settings.apiUrl}${path}`, {
        method: 'POST',
        headers,
        body,
        signal,
      });
      return { status: response.status, ok: response.ok, text: await response.text() };
    });
  }
}
