import type { PrintCostAnswer, PrintJobCreate, PrintJobStatus } from '@mechabrim/contracts';

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
  /**
   * Makes the next N `POST /print-jobs/` calls create their job and then answer 503, as when the
   * answer is lost on its way back: the caller cannot know the job exists.
   */
  loseNextCreateAnswers(count: number): void;
  /** Makes the next N `GET /print-jobs/` (job searches) answer 503. */
  failNextLists(count: number): void;
  /**
   * Holds every webhook back (each counts as not taken, and is retried on its schedule) while
   * `held` is true, as when our callback address is unreachable.
   */
  holdWebhooks(held: boolean): void;
  stop(): Promise<void>;
}
