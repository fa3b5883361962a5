import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { EMAIL_CHANGE_TTL_HOURS, type AccountMessageAnswer } from '@mechabrim/contracts';
import {
  ACCOUNT_TOKEN_MODEL,
  USER_MODEL,
  isDuplicateKeyError,
  type AccountTokenModel,
  type PasswordHasher,
  type UserModel,
} from '@mechabrim/db';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { AccountMailer, newAccountToken, tokenHashOf } from './account-mailer';
import { SessionsService } from './sessions.service';
import { PASSWORD_HASHER } from './password-hasher';

const m = messagesHe.auth;

/**
 * A new e-mail address is confirmed before the account moves to it (issue 24): the current
 * password is required to ask, a single-use link goes to the new address and a notice to the
 * current one. Following the link moves the account and ends every session, so whoever held one
 * signs in again with the new address.
 */
@Injectable()
export class EmailChangesService {
  constructor(
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @InjectModel(ACCOUNT_TOKEN_MODEL) private readonly tokens: AccountTokenModel,
    private readonly mailer: AccountMailer,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Asks to move the account to `newEmail`; nothing moves until the link is followed. Whether the
   * address belongs to another account (`isTaken`) is asked only once the password is right, so
   * the answer tells nothing to someone who does not know it.
   */
  async request(
    userId: string,
    newEmail: string,
    currentPassword: string | undefined,
    isTaken: () => Promise<boolean>,
    now = new Date(),
  ): Promise<void> {
    if (!currentPassword) {
      throw new DomainError('invalid_data', m.emailChangeNeedsPassword, [
        { field: 'currentPassword', message: m.emailChangeNeedsPassword },
      ]);
    }
    const stored = await this.users
      .findById(userId)
      .select({ name: 1, email: 1, passwordHash: 1 })
      .lean();
    if (!stored) throw new DomainError('unauthorized', m.userNotFound);
    if (!(await this.hasher.verify(stored.passwordHash, currentPassword))) {
      throw new DomainError('invalid_data', m.currentPasswordWrong, [
        { field: 'currentPassword', message: m.currentPasswordWrong },
      ]);
    }
    if (await isTaken()) throw new DomainError('conflict', m.emailTaken);
    const token = newAccountToken();
    const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3600_000);
    // One pending change at a time: an earlier link stops working.
    await this.tokens.updateMany(
      { user: stored._id, purpose: 'email-change', usedAt: null },
      { $set: { usedAt: now } },
    );
    await this.tokens.create({
      user: stored._id,
      purpose: 'email-change',
      tokenHash: tokenHashOf(token),
      newEmail,
      createdAt: now,
      expiresAt,
    });
    const name = stored.name.slice(0, 120);
    await this.mailer.send({
      template: 'email-change-confirm',
      to: newEmail,
      name,
      token,
      expiresAt: expiresAt.toISOString(),
    });
    await this.mailer.tell({
      template: 'email-change-requested',
      to: stored.email,
      name,
      newEmail,
      requestedAt: now.toISOString(),
    });
  }

  /** Follows the link: the account moves to the new address and every session ends. */
  async confirm(token: string, now = new Date()): Promise<AccountMessageAnswer> {
    const spent = await this.tokens
      .findOneAndUpdate(
        {
          tokenHash: tokenHashOf(token),
          purpose: 'email-change',
          usedAt: null,
          expiresAt: { $gt: now },
        },
        { $set: { usedAt: now } },
      )
      .lean();
    if (!spent?.newEmail) throw new DomainError('invalid_data', m.emailLinkExpired);
    try {
      const moved = await this.users.updateOne(
        { _id: spent.user },
        // The link reached the new address: it is verified too.
        { $set: { email: spent.newEmail, emailVerified: true } },
        { runValidators: true },
      );
      if (moved.matchedCount === 0) throw new DomainError('invalid_data', m.emailLinkExpired);
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new DomainError('conflict', m.emailTaken);
      throw error;
    }
    await this.sessions.endAll(spent.user.toHexString());
    return { message: m.emailChanged };
  }
}
