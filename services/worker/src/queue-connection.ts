import type { Logger } from '@nestjs/common';
import type { Queue, Worker } from 'bullmq';

/**
 * Logs a queue's Redis outage once and its end once. BullMQ reconnects by itself and would
 * otherwise report an error per retry; the queue handle reports the same outage as the worker,
 * so its errors are left to the worker's listener.
 */
export function reportQueueOutages(worker: Worker, queue: Queue, logger: Logger): void {
  let down = false;
  worker.on('error', (error) => {
    if (!down) logger.warn(`queue connection problem: ${error.message}`);
    down = true;
  });
  queue.on('error', () => undefined);
  worker.on('ready', () => {
    if (down) logger.log('queue connection restored');
    down = false;
  });
}
