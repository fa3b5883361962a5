import {
  PRINT_IDEMPOTENCY_HEADER,
  printJobSchema,
  type PrintJobCreate,
} from '@mechabrim/contracts';
import {
  chargeOf,
  PRINT_TOKEN_PATH,
  PrintPartnerClient,
  type PrintCharge,
} from '@mechabrim/server-kit';

/** What the partner said when it took a job. */
export interface AcceptedPrintJob {
  /** The partner's print-job id (Lulu's numeric id, as text). */
  jobId: string;
  /** The job's status when accepted (usually CREATED). */
  status: string;
  /** What the partner charges for the job, per line and shipping, when its answer says. */
  charge?: PrintCharge | null;
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
  /**
   * The job the partner made for this order, if any (null: none); throws when it cannot tell.
   * Asked after a handoff that got no answer, which may have made one.
   */
  findJob(orderId: string): Promise<AcceptedPrintJob | null>;
}

export const PRINT_SERVICE = Symbol('PRINT_SERVICE');

/** Lulu's OpenID Connect token endpoint, under the API's own origin. */
export const TOKEN_PATH = PRINT_TOKEN_PATH;

/**
 * The Lulu Print API adapter, over the shared partner client (libs/server-kit: token, timeouts).
 * A job is created with `POST /print-jobs/`, our order id as `external_id` and the handoff's key
 * in an `Idempotency-Key` header. Lulu does not document such a header; the simulator honours it,
 * and against Lulu the worker's own claim on the order (one handoff in flight per order) and the
 * `external_id` keep a retried handoff from printing twice. The job's answer carries its `costs`
 * once the partner has priced it: the actual charge, kept on the order.
 */
export class HttpPrintService implements PrintService {
  private readonly client: PrintPartnerClient;

  constructor(
    settings: { apiUrl: string; apiKey: string; apiSecret: string },
    now: () => number = () => Date.now(),
  ) {
    this.client = new PrintPartnerClient(settings, now);
  }

  get provider(): string {
    return this.client.provider;
  }

  async createJob(job: PrintJobCreate, idempotencyKey: string): Promise<AcceptedPrintJob> {
    const response = await this.client.postJson('/print-jobs/', job, {
      [PRINT_IDEMPOTENCY_HEADER]: idempotencyKey,
    });
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
    let charge: PrintCharge | null = null;
    if (parsed.data.costs) {
      try {
        charge = chargeOf(parsed.data.costs);
      } catch {
        // Priced in another currency: the job stands; the charge is not ours to book in agorot.
        charge = null;
      }
    }
    return { jobId: String(parsed.data.id), status: parsed.data.status.name, charge };
  }

  async findJob(orderId: string): Promise<AcceptedPrintJob | null> {
    const found = await this.client.findJob(orderId);
    return found ? { jobId: found.id, status: found.status } : null;
  }
}
