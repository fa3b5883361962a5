import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { createHash, randomBytes } from 'node:crypto';
import {
  ORDER_JOB_NAME,
  ORDER_QUEUE_NAMES,
  mailJobSchema,
  type MailJob,
} from '@mechabrim/contracts';
import { QueueProducer } from '../infra/queue-producer';

/**
 * Account mails carry a token or personal data: each is one job straight on the mail queue (never
 * an outbox row, which is kept), removed once sent; a failed one is kept a day for operators.
 */
const ACCOUNT_MAIL_JOB_OPTIONS = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: true,
  removeOnFail: { age: 24 * 3600 },
} as const;

/** SHA-256 of a mailed token: what the database keeps of it. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use token for a mailed link: 32 random bytes, base64url (43 characters). */
export const newAccountToken = () => randomBytes(32).toString('base64url');

/** Queues the account's mails (reset links, e-mail changes, 'your password changed'). */
@Injectable()
export class AccountMailer {
  constructor(
    @InjectQueue(ORDER_QUEUE_NAMES.mail) private readonly mail: Queue,
    private readonly producer: QueueProducer,
  ) {}

  /** 503 now while Redis is unreachable: for an answer that must not depend on who asks. */
  ensureReady(): void {
    this.producer.ensureReady();
  }

  /** Queues the mail; 503 at once while Redis is unreachable. */
  async send(job: MailJob): Promise<void> {
    await this.producer.add(
      this.mail,
      ORDER_JOB_NAME,
      mailJobSchema.parse(job),
      ACCOUNT_MAIL_JOB_OPTIONS,
    );
  }

  /** Queues a notice whose loss must not undo what it reports (the change is made either way). */
  async tell(job: MailJob): Promise<void> {
    try {
      await this.send(job);
    } catch {
      // The owner sees the change at their next sign-in.
    }
  }
}
