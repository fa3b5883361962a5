import { createHmac } from 'node:crypto';
import {
  PRINT_SIGNATURE_HEADER,
  PRINT_WEBHOOK_TOPIC,
  type PrintJobCreate,
  type PrintJobStatus,
} from '@mechabrim/contracts';
import type { JobFate, SentWebhook, SimulatedJob } from './types';

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

/** A job as the API answers it and webhooks carry it (without our bookkeeping). */
export function publicJob(job: SimulatedJob) {
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

export interface JobLifeOptions {
  /** How long each step (created → in production → shipped → delivered) takes. */
  stepMs: number;
  /** How long a new job waits in CREATED before it goes into production. */
  productionDelayMs: number;
  /** Where status webhooks are POSTed; none sends no webhooks. */
  webhookUrl: string | undefined;
  /** Signs every webhook. */
  secret: string;
  /** A webhook that is not taken is sent again after each of these delays. */
  retryDelaysMs: readonly number[];
}

/**
 * The jobs' lives on the simulator's clock: each status change is a signed webhook, sent one
 * after another per job and retried in the background, as Lulu retries its webhooks.
 */
export class JobLife {
  /** Every webhook sent, oldest first. */
  readonly webhooks: SentWebhook[] = [];
  private readonly lastDelivery = new Map<number, Promise<boolean>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Each job's pending steps (not its webhook retries): a cancellation clears them. */
  private readonly steps = new Map<number, Set<NodeJS.Timeout>>();

  constructor(private readonly options: JobLifeOptions) {}

  /** The job's life: `productionDelayMs` in CREATED, then one step per `stepMs`. */
  run(job: SimulatedJob, fate: JobFate) {
    const { stepMs, productionDelayMs } = this.options;
    this.setStatus(job, 'CREATED');
    if (fate.kind === 'reject') {
      this.step(job, stepMs, () => this.setStatus(job, 'REJECTED', { error: fate.reason }));
      return;
    }
    this.step(job, productionDelayMs, () => {
      this.setStatus(job, 'IN_PRODUCTION');
      const [first, ...rest] = job.line_items;
      this.step(job, stepMs, () => {
        if (rest.length > 0 && first) {
          // Two parcels: the first line leaves first, the rest one step later.
          this.ship(job, [first]);
          this.step(job, stepMs, () => {
            this.ship(job, rest);
            this.step(job, stepMs, () => this.setStatus(job, 'DELIVERED'));
          });
        } else {
          this.ship(job, job.line_items);
          this.step(job, stepMs, () => this.setStatus(job, 'DELIVERED'));
        }
      });
    });
  }

  /** Stops the job's life where it stands and tells the shop it is cancelled. */
  cancel(job: SimulatedJob) {
    for (const timer of this.steps.get(job.id) ?? []) {
      clearTimeout(timer);
      this.timers.delete(timer);
    }
    this.steps.delete(job.id);
    this.setStatus(job, 'CANCELED');
  }

  /** Clears every pending step and webhook retry. */
  stop() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.steps.clear();
  }

  private later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
    return timer;
  }

  /** The job's next step of its life, after `ms`. */
  private step(job: SimulatedJob, ms: number, run: () => void) {
    const pending = this.steps.get(job.id) ?? new Set<NodeJS.Timeout>();
    this.steps.set(job.id, pending);
    const timer = this.later(ms, () => {
      pending.delete(timer);
      run();
    });
    pending.add(timer);
  }

  private setStatus(
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
    this.notify(job);
  }

  private ship(job: SimulatedJob, lines: SimulatedJob['line_items']) {
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
    this.setStatus(job, 'SHIPPED');
  }

  /** Sends the job as it is now; retried in the background, as Lulu retries its webhooks. */
  private notify(job: SimulatedJob) {
    const body = JSON.stringify({ topic: PRINT_WEBHOOK_TOPIC, data: publicJob(job) });
    const record: SentWebhook = {
      jobId: job.id,
      status: job.status.name,
      body,
      httpStatus: null,
      attempts: 1,
    };
    this.webhooks.push(record);
    const attempt = (index: number) => {
      // A job's webhooks leave one after another (each after the previous one's first answer);
      // retries may still overtake, as a real partner's do.
      const previous =
        index === 0 ? (this.lastDelivery.get(job.id) ?? Promise.resolve(true)) : null;
      const delivery = (previous ?? Promise.resolve(true)).then(() => this.post(record));
      if (index === 0) this.lastDelivery.set(job.id, delivery);
      void delivery.then((taken) => {
        const delay = this.options.retryDelaysMs[index];
        if (taken || delay === undefined) return;
        this.later(delay, () => {
          record.attempts += 1;
          attempt(index + 1);
        });
      });
    };
    attempt(0);
  }

  /** While true, no webhook reaches its address: each counts as not taken and is retried. */
  webhooksHeld = false;

  private async post(record: SentWebhook): Promise<boolean> {
    if (!this.options.webhookUrl) return true;
    if (this.webhooksHeld) return false;
    try {
      const answer = await fetch(this.options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PRINT_SIGNATURE_HEADER]: signWebhook(record.body, this.options.secret),
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
}
