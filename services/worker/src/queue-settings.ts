import type { WorkerOptions } from 'bullmq';

/**
 * Lock and stall settings for every processor. A worker renews its job locks every
 * lockDuration/2; if it dies, the lock lapses within `lockDuration` and the next stalled-job
 * check (every `stalledInterval`) puts the job back in the queue: at most 8 s + 4 s = 12 s after
 * a crash, instead of about 60 s with BullMQ's defaults (30 s + 30 s).
 */
export const WORKER_LOCK_SETTINGS = {
  lockDuration: 8000,
  stalledInterval: 4000,
  // A job may be orphaned twice (two crashes) before it is failed for good.
  maxStalledCount: 2,
} as const satisfies Partial<WorkerOptions>;
