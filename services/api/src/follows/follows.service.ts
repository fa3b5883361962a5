import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Redis } from 'ioredis';
import { Types } from 'mongoose';
import type { AccountMessageAnswer, FollowState, FollowsAnswer } from '@mechabrim/contracts';
import {
  ACCOUNT_TOKEN_MODEL,
  AUTHOR_FOLLOW_MODEL,
  USER_MODEL,
  type AccountTokenModel,
  type AuthorFollowModel,
  type UserModel,
} from '@mechabrim/db';
import { tokenHashOf } from '../auth/account-mailer';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { spendBudget } from '../common/rate-limit/account-budget';
import { REDIS_CLIENT } from '../infra/redis.module';

const m = messagesHe.follows;

/** Follows and unfollows one account may make per window (the per-IP side is the route's). */
export const FOLLOW_CHANGES_PER_ACCOUNT = { limit: 30, windowMs: 60 * 60_000 } as const;

/** The most followed authors the profile lists. */
const LISTED_FOLLOWS = 500;

/**
 * Following authors (issue 24). A follow is a (reader, author) pair; the worker's daily run mails
 * each follower the books first put on sale that day by the authors they follow, with a link
 * that stops those mails without signing in.
 */
@Injectable()
export class FollowsService {
  constructor(
    @InjectModel(AUTHOR_FOLLOW_MODEL) private readonly follows: AuthorFollowModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(ACCOUNT_TOKEN_MODEL) private readonly tokens: AccountTokenModel,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  /** Follows the author (twice is harmless); following turns the new-books mail back on. */
  async follow(reader: AuthenticatedUser, authorId: string): Promise<FollowState> {
    await this.spend(reader);
    const author = await this.author(authorId);
    if (author._id.equals(reader.id)) throw new DomainError('invalid_data', m.notSelf);
    await this.follows.updateOne(
      { user: new Types.ObjectId(reader.id), author: author._id },
      { $setOnInsert: { user: new Types.ObjectId(reader.id), author: author._id } },
      { upsert: true },
    );
    await this.users.updateOne(
      { _id: reader.id, followMails: false },
      { $unset: { followMails: 1 } },
    );
    return { authorId, following: true, message: m.followed(author.name) };
  }

  /** Stops following the author (not following is harmless). */
  async unfollow(reader: AuthenticatedUser, authorId: string): Promise<FollowState> {
    await this.spend(reader);
    const author = await this.author(authorId);
    await this.follows.deleteOne({ user: new Types.ObjectId(reader.id), author: author._id });
    return { authorId, following: false, message: m.unfollowed(author.name) };
  }

  /** The reader's followed authors, newest first, and whether the new-books mail is wanted. */
  async list(reader: AuthenticatedUser): Promise<FollowsAnswer> {
    const [rows, me] = await Promise.all([
      this.follows
        .find({ user: new Types.ObjectId(reader.id) })
        .sort({ createdAt: -1, _id: -1 })
        .limit(LISTED_FOLLOWS)
        .lean(),
      this.users.findById(reader.id).select({ followMails: 1 }).lean(),
    ]);
    const authors = await this.users
      .find({ _id: { $in: rows.map((row) => row.author) }, role: 'author', deletedAt: null })
      .select({ name: 1, avatar: 1 })
      .lean();
    const byId = new Map(authors.map((author) => [author._id.toHexString(), author]));
    return {
      authors: rows.flatMap((row) => {
        const author = byId.get(row.author.toHexString());
        if (!author) return [];
        return [
          {
            id: author._id.toHexString(),
            name: author.name,
            avatar: author.avatar ?? '',
            followedAt: (row.createdAt ?? new Date(0)).toISOString(),
          },
        ];
      }),
      mails: me?.followMails !== false,
    };
  }

  /** Turns the new-books mail on or off from the profile. */
  async setMails(reader: AuthenticatedUser, on: boolean): Promise<AccountMessageAnswer> {
    await this.users.updateOne(
      { _id: reader.id },
      on ? { $unset: { followMails: 1 } } : { $set: { followMails: false } },
    );
    return { message: on ? m.mailsOn : m.unsubscribed };
  }

  /**
   * The mail's unsubscribe link: its token names exactly one reader (only its hash is stored),
   * so nobody can stop another reader's mail. Following it twice gives the same answer.
   */
  async unsubscribe(token: string, now = new Date()): Promise<AccountMessageAnswer> {
    const link = await this.tokens
      .findOne({
        tokenHash: tokenHashOf(token),
        purpose: 'follow-unsubscribe',
        expiresAt: { $gt: now },
      })
      .lean();
    if (!link) throw new DomainError('invalid_data', m.unsubscribeLinkInvalid);
    await this.users.updateOne({ _id: link.user }, { $set: { followMails: false } });
    await this.tokens.updateOne({ _id: link._id, usedAt: null }, { $set: { usedAt: now } });
    return { message: m.unsubscribed };
  }

  private async author(authorId: string) {
    const author = await this.users
      .findOne({ _id: new Types.ObjectId(authorId), role: 'author', deletedAt: null })
      .select({ name: 1 })
      .lean();
    if (!author) throw new DomainError('not_found', m.authorNotFound);
    return author;
  }

  private spend(reader: AuthenticatedUser): Promise<void> {
    return spendBudget(
      this.redis,
      `mechabrim:follow-changes:${reader.id}`,
      FOLLOW_CHANGES_PER_ACCOUNT,
      m.tooManyFollows,
    );
  }
}
