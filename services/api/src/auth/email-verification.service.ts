import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Redis } from 'ioredis';
import type { Types } from 'mongoose';
import { EMAIL_VERIFY_TTL_HOURS, type AccountMessageAnswer } from '@mechabrim/contracts';
import {
  ACCOUNT_TOKEN_MODEL,
  USER_MODEL,
  type AccountTokenModel,
  type UserModel,
} from '@mechabrim/db';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { spendBudget } from '../common/rate-limit/account-budget';
import { REDIS_CLIENT } from '../infra/redis.module';
import { AccountMailer, newAccountToken, tokenHashOf } from './account-mailer';
import type { AuthenticatedUser } from './authenticated-user';

const m = messagesHe.auth;

/** Verification links one account may be sent per window on request (the registration's aside). */
export const VERIFY_MAILS_PER_ACCOUNT = { limit: 3, windowMs: 60 * 60_000 } as const;

interface Owner {
  _id: Types.ObjectId;
  name: string;
  email: string;
}

/**
 * Verifying a new account's address (issue 24). Registration mails a single-use link, valid for
 * {@link EMAIL_VERIFY_TTL_HOURS} hours, bound to the address it went to: following it after the
 * address changed verifies nothing. Until then the storefront shows a banner with 'send again'
 * (limited per account here and per IP by the route), and the new-books mail of followed authors
 * is not sent; order mail goes to the account's address either way (see the README).
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(ACCOUNT_TOKEN_MODEL) private readonly tokens: AccountTokenModel,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly mailer: AccountMailer,
  ) {}

  /** The registration's link: a queue outage must not undo the account (the banner resends). */
  async registered(user: Owner, now = new Date()): Promise<void> {
    try {
      await this.mailLink(user, now, 'tell');
    } catch {
      // The token row could not be written: the reader asks again from the banner.
    }
  }

  /** 'Send again' from the banner; refused when already verified or over the account's budget. */
  async resend(current: AuthenticatedUser, now = new Date()): Promise<AccountMessageAnswer> {
    await spendBudget(
      this.redis,
      `mechabrim:verify-mails:${current.id}`,
      VERIFY_MAILS_PER_ACCOUNT,
      m.tooManyVerifyMails,
    );
    const user = await this.users
      .findById(current.id)
      .select({ name: 1, email: 1, emailVerified: 1 })
      .lean();
    if (!user) throw new DomainError('unauthorized', m.userNotFound);
    if (user.emailVerified !== false) throw new DomainError('conflict', m.alreadyVerified);
    await this.mailLink(user, now, 'send');
    return { message: m.verifyLinkSent(user.email) };
  }

  /** Follows the link: spent first (atomically), then the address it went to is verified. */
  async verify(token: string, now = new Date()): Promise<AccountMessageAnswer> {
    const spent = await this.tokens
      .findOneAndUpdate(
        {
          tokenHash: tokenHashOf(token),
          purpose: 'email-verify',
          usedAt: null,
          expiresAt: { $gt: now },
        },
        { $set: { usedAt: now } },
      )
      .lean();
    if (!spent?.newEmail) throw new DomainError('invalid_data', m.verifyLinkExpired);
    const verified = await this.users.updateOne(
      { _id: spent.user, email: spent.newEmail, deletedAt: null },
      { $set: { emailVerified: true } },
    );
    if (verified.matchedCount === 0) throw new DomainError('invalid_data', m.verifyLinkExpired);
    return { message: m.emailVerified };
  }

  /** A new link for the account's current address; earlier links stop working. */
  private async mailLink(user: Owner, now: Date, how: 'send' | 'tell'): Promise<void> {
    const token = newAccountToken();
    const expiresAt = new Date(now.getTime() + EMAIL_VERIFY_TTL_HOURS * 3600_000);
    await this.tokens.updateMany(
      { user: user._id, purpose: 'email-verify', usedAt: null },
      { $set: { usedAt: now } },
    );
    await this.tokens.create({
      user: user._id,
      purpose: 'email-verify',
      tokenHash: tokenHashOf(token),
      newEmail: user.email,
      createdAt: now,
      expiresAt,
    });
    await this.mailer[how]({
      template: 'email-verify',
      to: user.email,
      name: user.name.slice(0, 120),
      token,
      expiresAt: expiresAt.toISOString(),
    });
  }
}
