import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { ALL_QUEUE_NAMES } from '@mechabrim/contracts';
import { Queue } from 'bullmq';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';

/** Every queue the worker reports on: the ones it consumes and the order and book queues the API fills. */
export const REPORTED_QUEUES = ALL_QUEUE_NAMES;

/** How one queue stands, for `/health` (issue 11: depths, failures, the oldest waiting job). */
export interface QueueDepth {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  /** How long the oldest waiting job has waited, in ms (0 when none waits). */
  oldestWaitingMs: number;
}

/**
 * Reads the queues' counts for the health answer, on handles of its own that give up at once when
 * Redis is down (the health check then reports Redis, not a hang).
 */
@Injectable()
export class QueueDepths implements OnModuleDestroy {
  private readonly queues: Queue[];

  constructor(@Inject(WORKER_CONFIG) config: WorkerConfig) {
    this.queues = REPORTED_QUEUES.map((name) => {
      const queue = new Queue(name, {
        connection: { url: config.redisUrl, maxRetriesPerRequest: 1, enableOfflineQueue: false },
      });
      // An outage is reported by the health check's Redis indicator; nothing to log here.
      queue.on('error', () => undefined);
      return queue;
    });
  }

  async snapshot(now = Date.now()): Promise<Record<string, QueueDepth>> {
    const entries = await Promise.all(
      this.queues.map(async (queue): Promise<[string, QueueDepth]> => {
        const [counts, [oldest]] = await Promise.all([
          queue.getJobCounts('waiting', 'active', 'delayed', 'failed'),
          queue.getJobs(['waiting'], 0, 0, true),
        ]);
        return [
          queue.name,
          {
            waiting: counts.waiting ?? 0,
            active: counts.active ?? 0,
            delayed: counts.delayed ?? 0,
            failed: counts.failed ?? 0,
            oldestWaitingMs: oldest ? Math.max(0, now - oldest.timestamp) : 0,
          },
        ];
      }),
    );
    return Object.fromEntries(entries);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close().catch(() => undefined)));
  }
}
