import { Inject, Injectable } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { REDIS_CLIENT } from './redis.module';

/** Longest a request waits for Redis to take a job before it answers 503. */
export const ENQUEUE_TIMEOUT_MS = 3000;

/**
 * Adds jobs for the API's modules. While Redis is unreachable, BullMQ would wait for it
 * indefinitely (notably when Redis was down when the API started): this answers at once with a
 * DomainError `unavailable` (503) instead, and never waits longer than {@link ENQUEUE_TIMEOUT_MS}.
 */
@Injectable()
export class QueueProducer {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  /** Throws {@link add}'s 503 now, when Redis is not ready, before anything else is done. */
  ensureReady(): void {
    if (this.redis.status !== 'ready') throw unavailable(new Error(`redis ${this.redis.status}`));
  }

  async add<T>(
    queue: Queue<T>,
    name: string,
    data: T,
    options?: JobsOptions,
  ): Promise<string | undefined> {
    if (this.redis.status !== 'ready') throw unavailable(new Error(`redis ${this.redis.status}`));
    let timer: NodeJS.Timeout | undefined;
    try {
      const job = await Promise.race([
        // BullMQ's generics over job names are stricter than a plain string name.
        (queue as unknown as Queue).add(name, data, options),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('enqueue timed out')), ENQUEUE_TIMEOUT_MS);
        }),
      ]);
      return job.id;
    } catch (error) {
      throw unavailable(error);
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  /** Adds several jobs to one queue in one round trip (BullMQ's addBulk), failing as {@link add}. */
  async addBulk<T>(
    queue: Queue<T>,
    jobs: { name: string; data: T; opts?: JobsOptions }[],
  ): Promise<void> {
    if (this.redis.status !== 'ready') throw unavailable(new Error(`redis ${this.redis.status}`));
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        (queue as unknown as Queue).addBulk(jobs),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('enqueue timed out')), ENQUEUE_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      throw unavailable(error);
    } finally {
      if (timer) clearTimeout(timer);
    }
  }
}

function unavailable(cause: unknown): DomainError {
  return new DomainError('unavailable', messagesHe.errors.queueUnavailable, undefined, { cause });
}
