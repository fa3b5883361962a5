import type { Provider } from '@nestjs/common';
import {
  paymentRefundsFrom,
  type PaymentRefunds,
  type RefundOutcome,
  type RefundRequest,
} from '@mechabrim/server-kit';
import type { Job } from 'bullmq';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { workerStringsHe } from '../strings.he';

/** Injection token of the payment port's refunds (the simulator or Tranzila, as configured). */
export const PAYMENT_REFUNDS = Symbol('PAYMENT_REFUNDS');

export const paymentRefundsProvider: Provider = {
  provide: PAYMENT_REFUNDS,
  inject: [WORKER_CONFIG],
  useFactory: (config: WorkerConfig) => paymentRefundsFrom(config.payments),
};

/** What one credit through the port came to: the provider's credit, or why it failed for good. */
export type CreditResult =
  { kind: 'refunded'; transactionId: string } | { kind: 'failed'; reason: string };

/**
 * One credit through the payment port, as every refund makes it. A provider that cannot be
 * reached is the queue's to try again (rethrown, `onFailure` told why); on the job's last attempt,
 * or when the provider declines, it has failed for good (`onFailure` with `final`), in Hebrew.
 */
export async function creditThroughPort(
  refunds: PaymentRefunds,
  request: RefundRequest,
  job: Job,
  onFailure: (reason: string, final: boolean) => Promise<unknown>,
): Promise<CreditResult> {
  let outcome: RefundOutcome;
  try {
    outcome = await refunds.refund(request);
  } catch (error) {
    // Unreachable, timed out, or an answer we could not read: the queue tries again later.
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await onFailure(final ? workerStringsHe.refunds.unavailable(message) : message, final);
    throw error;
  }
  if (outcome.kind === 'declined') {
    const reason = workerStringsHe.refunds.declined(outcome.code, outcome.message.slice(0, 300));
    await onFailure(reason, true);
    return { kind: 'failed', reason };
  }
  return outcome;
}
