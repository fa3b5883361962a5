import { createHmac } from 'node:crypto';
import { SIMULATOR_SIGNATURE_HEADER, type SimulatorNotify } from '@mechabrim/contracts';

/** HMAC-SHA256 (hex) of a notify's raw body, as the simulator signs it and the API checks it. */
export function signNotify(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export interface NotifyRecord {
  body: string;
  status: number | null;
  attempts: number;
}

export interface NotifierOptions {
  /** Signs every notify. */
  secret: string;
  /** How long one delivery waits for the shop's answer. */
  timeoutMs: number;
  /** When the shop did not take a notify, it is sent again after each of these delays. */
  retryDelaysMs: readonly number[];
}

/** The signed server-to-server notifies to the shop, retried as providers retry theirs. */
export class Notifier {
  /** Every notify sent, newest last. */
  readonly notifies: NotifyRecord[] = [];
  private readonly retryTimers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: NotifierOptions) {}

  /** Sends the notify and waits for its first answer; retries go on in the background. */
  async deliver(url: string, notify: SimulatorNotify): Promise<void> {
    const record = { body: JSON.stringify(notify), status: null as number | null, attempts: 1 };
    this.notifies.push(record);
    if (await this.post(url, record)) return;
    // The shop did not take it: send it again in the background. Until one arrives, the shop's
    // result page asks its own status endpoint, and an order never notified expires.
    const retry = (attempt: number) => {
      const delay = this.options.retryDelaysMs[attempt];
      if (delay === undefined) return;
      const timer = setTimeout(() => {
        this.retryTimers.delete(timer);
        record.attempts += 1;
        void this.post(url, record).then((done) => {
          if (!done) retry(attempt + 1);
        });
      }, delay);
      timer.unref();
      this.retryTimers.add(timer);
    };
    retry(0);
  }

  /** Drops the retries still waiting. */
  stop() {
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
  }

  /** One delivery attempt; true when the shop took it or refused it for good (2xx or 4xx). */
  private async post(url: string, record: { body: string; status: number | null }) {
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIMULATOR_SIGNATURE_HEADER]: signNotify(record.body, this.options.secret),
        },
        body: record.body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      record.status = answer.status;
      await answer.arrayBuffer();
      return answer.status < 500;
    } catch {
      return false;
    }
  }
}
