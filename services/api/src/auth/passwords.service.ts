import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Redis } from 'ioredis';
import { Types } from 'mongoose';
import { PASSWORD_RESET_TTL_MINUTES, type AccountMessageAnswer } from '@mechabrim/contracts';
import {
  ACCOUNT_TOKEN_MODEL,
  USER_MODEL,
  type AccountTokenModel,
  type PasswordHasher,
  type UserModel,
} from '@mechabrim/db';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { spendBudget } from '../common/rate-limit/account-budget';
import { REDIS_CLIENT } from '../infra/redis.module';
import { AccountMailer, newAccountToken, tokenHashOf } from './account-mailer';
import type { AuthenticatedUser } from './authenticated-user';
import { SessionsService } from './sessions.service';
import { PASSWORD_HASHER } from './password-hasher';

const m = messagesHe.auth;

/**
 * Reset links one address may be sent per window, whether or not it has an account (so the limit
 * says nothing about who is registered); the per-IP limit is the route's throttler.
 */
export const RESET_MAILS_PER_ADDRESS = { limit: 3, windowMs: 60 * 60_000 } as const;

/**
 * Forgotten and changed passwords (issue 24). A reset link is single-use, works for
 * {@link PASSWORD_RESET_TTL_MINUTES} minutes, and setting a password through it ends every
 * session of the account; a change from the profile needs the current password and ends every
 * session but the one that made it. Either way the owner is told by mail.
 */
@Injectable()
export class PasswordsService {
  constructor(
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @InjectModel(ACCOUNT_TOKEN_MODEL) private readonly tokens: AccountTokenModel,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly mailer: AccountMailer,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Mails a reset link when the address has an account. The answer is the same either way, and
   * takes about as long: the address's limit is counted first, for every address.
   */
  async forgot(email: string, now = new Date()): Promise<AccountMessageAnswer> {
    const address = email.toLowerCase();
    // A known address needs the mail queue; an unknown one must answer the same while it is down.
    this.mailer.ensureReady();
    await this.countResetMail(address);
    const user = await this.users
      .findOne({ email: address })
      .setOptions({ sanitizeFilter: true })
      .select({ name: 1, email: 1 })
      .lean();
    if (user) {
      const token = newAccountToken();
      const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
      await this.tokens.create({
        user: user._id,
        purpose: 'password-reset',
        tokenHash: tokenHashOf(token),
        createdAt: now,
        expiresAt,
      });
      await this.mailer.send({
        template: 'password-reset',
        to: user.email,
        name: user.name.slice(0, 120),
        token,
        expiresAt: expiresAt.toISOString(),
      });
    }
    return { message: m.resetLinkSent };
  }

  /**
   * Sets a new password through a mailed link: the link is spent first (atomically, so two uses
   * at once make one change), then the password is set and every session of the account ends.
   */
  async reset(token: string, password: string, now = new Date()): Promise<AccountMessageAnswer> {
    const spent = await this.tokens
      .findOneAndUpdate(
        {
          tokenHash: tokenHashOf(token),
          purpose: 'password-reset',
          usedAt: null,
          expiresAt: { $gt: now },
        },
        { $set: { usedAt: now } },
      )
      .lean();
    if (!spent) throw new DomainError('invalid_data', m.resetLinkExpired);
    const passwordHash = await this.hasher.hash(password);
    const user = await this.users
      .findByIdAndUpdate(spent.user, { $set: { passwordHash } }, { returnDocument: 'after' })
      .select({ name: 1, email: 1 })
      .lean();
    if (!user) throw new DomainError('invalid_data', m.resetLinkExpired);
    // Other links mailed before this one must not set the password again, nor a pending e-mail
    // change move the account: ending every session voids them.
    await this.sessions.endAll(user._id.toHexString());
    await this.tellOwner(user, 'reset', now);
    return { message: m.passwordReset };
  }

  /** Changes the password from the profile; the current one is required. */
  async change(
    current: AuthenticatedUser,
    currentPassword: string,
    newPassword: string,
    now = new Date(),
  ): Promise<AccountMessageAnswer> {
    const stored = await this.users
      .findById(current.id)
      .select({ name: 1, email: 1, passwordHash: 1 })
      .lean();
    if (!stored) throw new DomainError('unauthorized', m.userNotFound);
    if (!(await this.hasher.verify(stored.passwordHash, currentPassword))) {
      throw new DomainError('invalid_data', m.currentPasswordWrong, [
        { field: 'currentPassword', message: m.currentPasswordWrong },
      ]);
    }
    if (await this.hasher.verify(stored.passwordHash, newPassword)) {
      throw new DomainError('invalid_data', m.passwordUnchanged, [
        { field: 'newPassword', message: m.passwordUnchanged },
      ]);
    }
    await this.users.updateOne(
      { _id: stored._id },
      { $set: { passwordHash: await this.hasher.hash(newPassword) } },
    );
    await this.sessions.endOtherSessions(current.id, current.sessionId);
    // A reset link or an e-mail change someone else asked for with the old password stops here.
    await this.sessions.voidControlLinks(current.id, now);
    await this.tellOwner(stored, 'changed', now);
    return { message: m.passwordChanged };
  }

  /** The 'your password was changed' mail. */
  private tellOwner(
    user: { _id: Types.ObjectId; name: string; email: string },
    how: 'changed' | 'reset',
    at: Date,
  ): Promise<void> {
    return this.mailer.tell({
      template: 'password-changed',
      to: user.email,
      name: user.name.slice(0, 120),
      changedAt: at.toISOString(),
      how,
    });
  }

  /** Counts a reset mail for the address; over the limit, a Hebrew 429. */
  private countResetMail(address: string): Promise<void> {
    return spendBudget(
      this.redis,
      `mechabrim:reset-mails:${tokenHashOf(address)}`,
      RESET_MAILS_PER_ADDRESS,
      m.tooManyResetMails,
    );
  }
}
