import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import {
  CLIENT_LOGS_JOB,
  ClientLogEntry,
  ClientLogsJob,
  QUEUE_NAMES,
  QueuedClientLogEntry,
  clientLogsJobSchema,
} from '@mechabrim/contracts';
import { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import { QueueProducer } from '../infra/queue-producer';

/** The same entry sent twice (a browser retry) gets the same key, so it is stored once. */
export function clientLogKey(entry: ClientLogEntry): string {
  const { timestamp, level, message, context, url, userId, sessionId, data, remotes } = entry;
  return createHash('sha256')
    .update(
      JSON.stringify([
        timestamp,
        level,
        message,
        context,
        url,
        userId,
        sessionId,
        data ?? null,
        ...(remotes ? [remotes] : []),
      ]),
    )
    .digest('hex');
}

/**
 * Browser log entries are not written by the request: they go to the `client-logs` queue and the
 * worker stores them, so a burst of client errors never slows the API down.
 */
@Injectable()
export class ClientLogsService {
  constructor(
    @InjectQueue(QUEUE_NAMES.clientLogs) private readonly queue: Queue<ClientLogsJob>,
    private readonly producer: QueueProducer,
  ) {
    // Connection errors are reported by the Redis client and /api/health; a request that needs
    // the queue meanwhile answers 503.
    this.queue.on('error', () => undefined);
  }

  async accept(
    entries: ClientLogEntry[],
    sender: { sessionId?: string; ip?: string; userAgent?: string } = {},
  ): Promise<{ accepted: number }> {
    const { sessionId } = sender;
    const queued: QueuedClientLogEntry[] = entries.map((entry) => {
      const withSession = { ...entry, sessionId: entry.sessionId ?? sessionId };
      return { ...withSession, key: clientLogKey(withSession) };
    });
    const job = clientLogsJobSchema.parse({
      receivedAt: new Date().toISOString(),
      ip: sender.ip?.slice(0, 100),
      userAgent: sender.userAgent?.slice(0, 500),
      entries: queued,
    });
    const jobId = createHash('sha256')
      .update(queued.map((e) => e.key).join(','))
      .digest('hex');
    await this.producer.add(this.queue, CLIENT_LOGS_JOB, job, {
      jobId,
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      // A stored job is removed at once: its payload is in MongoDB now, and completed jobs kept
      // with their payload would let a flood of logs fill Redis as well.
      removeOnComplete: true,
      // A failed one is kept a day for diagnosis, and never more than a few hundred.
      removeOnFail: { age: 24 * 3600, count: 500 },
    });
    return { accepted: queued.length };
  }
}
