import type { WorkerConfig } from '../config/worker-config';

/** The key the authors' payout details are sealed with. */
export function payoutDetailsKey(config: WorkerConfig): Buffer {
  const key = config.payouts.detailsKey;
  // Production without PAYOUT_DETAILS_KEY: nothing can be paid; the job fails where admins see it.
  if (!key) throw new Error('PAYOUT_DETAILS_KEY is not set: payout details cannot be opened');
  return key;
}
