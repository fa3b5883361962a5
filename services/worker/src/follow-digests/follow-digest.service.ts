import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Queue } from 'bullmq';
import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import {
  NEW_BOOKS_MAIL_MAX_BOOKS,
  ORDER_JOB_NAME,
  ORDER_QUEUE_NAMES,
  UNSUBSCRIBE_TTL_DAYS,
  mailJobSchema,
  newBooksMailJobId,
} from '@mechabrim/contracts';
import {
  ACCOUNT_TOKEN_MODEL,
  AUTHOR_FOLLOW_MODEL,
  BOOK_MODEL,
  MAIL_OUTBOX_MODEL,
  USER_MODEL,
  type AccountTokenModel,
  type AuthorFollowModel,
  type BookModel,
  type MailOutboxModel,
  type UserModel,
} from '@mechabrim/db';
import { israelDayBounds } from './israel-day';

/** One reader's mail is one job, removed once sent (it carries an unsubscribe token). */
const NEW_BOOKS_MAIL_OPTIONS = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: true,
  removeOnFail: { age: 24 * 3600 },
} as const;

export interface DigestTotals {
  day: string;
  books: number;
  mailed: number;
}

/**
 * The daily new-books mail (issue 24): the books first put on sale on an Israeli day, grouped by
 * follower, one mail per reader and day. Safe to run again: a reader's mail of a day has one job
 * id, and the mailer sends a job id at most once. Only verified addresses that did not
 * unsubscribe get it.
 */
@Injectable()
export class FollowDigestService {
  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(AUTHOR_FOLLOW_MODEL) private readonly follows: AuthorFollowModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(ACCOUNT_TOKEN_MODEL) private readonly tokens: AccountTokenModel,
    @InjectModel(MAIL_OUTBOX_MODEL) private readonly mailOutbox: MailOutboxModel,
    @InjectQueue(ORDER_QUEUE_NAMES.mail) private readonly mail: Queue,
  ) {}

  async run(day: string, now = new Date()): Promise<DigestTotals> {
    const { start, end } = israelDayBounds(day);
    const books = await this.books
      .find({ firstListedAt: { $gte: start, $lt: end }, isAvailable: true, deletedAt: null })
      .sort({ firstListedAt: 1, _id: 1 })
      .select({ title: 1, author: 1, authorName: 1 })
      .lean();
    if (books.length === 0) return { day, books: 0, mailed: 0 };
    const follows = await this.follows
      .find({ author: { $in: [...new Set(books.map((book) => book.author.toHexString()))] } })
      .select({ user: 1, author: 1 })
      .lean();
    const followed = new Map<string, Set<string>>();
    for (const follow of follows) {
      const user = follow.user.toHexString();
      const authors = followed.get(user) ?? new Set<string>();
      authors.add(follow.author.toHexString());
      followed.set(user, authors);
    }
    const readers = await this.users
      .find({
        _id: { $in: [...followed.keys()].map((id) => new Types.ObjectId(id)) },
        emailVerified: { $ne: false },
        followMails: { $ne: false },
        deletedAt: null,
      })
      .select({ name: 1, email: 1 })
      .lean();
    let mailed = 0;
    for (const reader of readers) {
      const userId = reader._id.toHexString();
      const authors = followed.get(userId) ?? new Set<string>();
      const theirs = books
        .filter((book) => authors.has(book.author.toHexString()))
        .slice(0, NEW_BOOKS_MAIL_MAX_BOOKS);
      const jobId = newBooksMailJobId(userId, day);
      if (theirs.length === 0 || (await this.mailOutbox.exists({ jobId }))) continue;
      const token = await this.unsubscribeToken(reader._id, now);
      const job = mailJobSchema.parse({
        template: 'new-books',
        to: reader.email,
        name: reader.name.slice(0, 120),
        day,
        books: theirs.map((book) => ({
          id: book._id.toHexString(),
          title: book.title.slice(0, 300),
          authorName: (book.authorName ?? '').slice(0, 120),
        })),
        unsubscribeToken: token,
      });
      await this.mail.add(ORDER_JOB_NAME, job, { ...NEW_BOOKS_MAIL_OPTIONS, jobId });
      mailed += 1;
    }
    return { day, books: books.length, mailed };
  }

  /** A new unsubscribe link for the reader; only its hash is kept, as for the account links. */
  private async unsubscribeToken(user: Types.ObjectId, now: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.create({
      user,
      purpose: 'follow-unsubscribe',
      tokenHash: createHash('sha256').update(token).digest('hex'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + UNSUBSCRIBE_TTL_DAYS * 24 * 3600_000),
    });
    return token;
  }
}
