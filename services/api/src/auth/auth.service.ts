import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectModel } from '@nestjs/mongoose';
import {
  ACCESS_TOKEN_AUDIENCE,
  type AccessTokenClaims,
  type AuthAnswer,
  type HandoverAnswer,
  type LoginRequest,
  type RegisterData,
  type SessionList,
  type UpdateProfileAnswer,
  type User,
} from '@mechabrim/contracts';
import {
  AUTHOR_PROFILE_MODEL,
  BOOK_MODEL,
  USER_MODEL,
  bookSearchFields,
  isDuplicateKeyError,
  type AuthorProfileModel,
  type BookModel,
  type PasswordHasher,
  type UserModel,
} from '@mechabrim/db';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { isAllowedAvatar } from './avatar-url';
import { deviceSummary } from './device-summary';
import { EmailChangesService } from './email-changes.service';
import { EmailVerificationService } from './email-verification.service';
import { LoginBackoff } from './login-backoff';
import { SessionsService } from './sessions.service';
import type { AuthenticatedUser } from './authenticated-user';
import { toUserAnswer } from './user.answer';
import { PASSWORD_HASHER } from './password-hasher';

const USER_FIELDS = {
  name: 1,
  email: 1,
  role: 1,
  bio: 1,
  avatar: 1,
  createdAt: 1,
  isVip: 1,
  emailVerified: 1,
} as const;

/** Registration, login and the signed-in user's profile. */
@Injectable()
export class AuthService {
  constructor(
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @InjectModel(AUTHOR_PROFILE_MODEL) private readonly profiles: AuthorProfileModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    private readonly jwt: JwtService,
    private readonly sessions: SessionsService,
    private readonly backoff: LoginBackoff,
    private readonly emailChanges: EmailChangesService,
    private readonly verification: EmailVerificationService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** Creates a reader or an author (never an admin) and signs them in (a new session). */
  async register(data: RegisterData, userAgent?: string): Promise<AuthAnswer> {
    if (await this.emailTaken(data.email))
      throw new DomainError('conflict', messagesHe.auth.emailTaken);
    let created;
    try {
      created = await this.users.create({
        name: data.name,
        email: data.email,
        passwordHash: await this.hasher.hash(data.password),
        role: data.role,
        emailVerified: false,
      });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new DomainError('conflict', messagesHe.auth.emailTaken);
      throw error;
    }
    if (data.role === 'author') {
      await this.profiles.updateOne(
        { user: created._id },
        { $setOnInsert: { user: created._id } },
        { upsert: true },
      );
    }
    await this.verification.registered(created);
    const user = toUserAnswer(created);
    return { user, token: await this.startSession(user, userAgent) };
  }

  /**
   * The same answer for an unknown e-mail and a wrong password. After repeated failures on one
   * account (known or not), sign-in to it is refused for a while without checking the password
   * ({@link LoginBackoff}). Each sign-in is a new session, beside the user's others.
   */
  async login({ email, password }: LoginRequest, userAgent?: string): Promise<AuthAnswer> {
    const account = String(email).toLowerCase();
    const lockedMs = await this.backoff.beginAttempt(account);
    if (lockedMs > 0) throw accountLocked(lockedMs);
    try {
      const stored = await this.users
        .findOne({ email: account })
        .setOptions({ sanitizeFilter: true })
        .select({ ...USER_FIELDS, passwordHash: 1 })
        .lean();
      const ok = await this.hasher.verify(stored?.passwordHash, password);
      if (!stored || !ok) {
        await this.backoff.recordFailure(account);
        throw new DomainError('unauthorized', messagesHe.auth.invalidCredentials);
      }
      await this.backoff.recordSuccess(account);
      const user = toUserAnswer(stored);
      return { user, token: await this.startSession(user, userAgent) };
    } finally {
      await this.backoff.endAttempt(account);
    }
  }

  /** A single-use code that carries this sign-in to the site's other origin, `origin`. */
  async offerHandover(current: AuthenticatedUser, origin: string): Promise<HandoverAnswer> {
    const offered = await this.sessions.offerHandover(current.id, current.sessionId, origin);
    if (!offered) throw new DomainError('unauthorized', messagesHe.auth.sessionEnded);
    return { code: offered.code, expiresAt: offered.expiresAt.toISOString() };
  }

  /**
   * Redeems a hand-over code on the other origin: a token for the same session (not a new one),
   * so signing out on either origin ends the sign-in on both. `origin` is the request's `Origin`
   * header: a code is redeemed only from the origin it was offered for, and one tried from
   * anywhere else is spent (it leaked), refused with 403.
   */
  async redeemHandover(code: string, origin: string | undefined): Promise<AuthAnswer> {
    const taken = await this.sessions.takeHandover(code);
    if (taken && taken.origin !== origin) {
      throw new DomainError('forbidden', messagesHe.auth.handoverWrongOrigin);
    }
    const stored = taken
      ? await this.users.findById(taken.userId).select(USER_FIELDS).lean()
      : null;
    if (!taken || !stored) throw new DomainError('unauthorized', messagesHe.auth.handoverInvalid);
    const user = toUserAnswer(stored);
    return { user, token: await this.sign(user, taken.sessionId) };
  }

  /** Signs out here: ends the session of this token; the user's other sessions go on. */
  async logout(current: AuthenticatedUser): Promise<void> {
    await this.sessions.end(current.id, current.sessionId);
  }

  /** Signs out everywhere: ends every session of the user, this one included. */
  async logoutEverywhere(userId: string): Promise<void> {
    await this.sessions.endAll(userId);
  }

  /** The user's sessions, this one marked. */
  async listSessions(current: AuthenticatedUser): Promise<SessionList> {
    return { sessions: await this.sessions.list(current.id, current.sessionId) };
  }

  async profile(userId: string): Promise<User> {
    const stored = await this.users.findById(userId).select(USER_FIELDS).lean();
    if (!stored) throw new DomainError('unauthorized', messagesHe.auth.userNotFound);
    return toUserAnswer(stored);
  }

  /**
   * Updates name, bio and avatar at once. A new e-mail address is not taken here: it needs the
   * current password and moves the account only when the link mailed to it is followed
   * ({@link EmailChangesService}). An author's new name is copied onto their books, so lists and
   * search follow.
   */
  async updateProfile(
    current: AuthenticatedUser,
    changes: {
      name: string;
      email: string;
      bio?: string;
      avatar?: string;
      currentPassword?: string;
    },
  ): Promise<UpdateProfileAnswer> {
    const userId = current.id;
    if (changes.avatar !== undefined && !isAllowedAvatar(changes.avatar, this.config.avatarHosts)) {
      throw new DomainError('invalid_data', messagesHe.auth.avatarInvalid, [
        { field: 'avatar', message: messagesHe.auth.avatarInvalid },
      ]);
    }
    const before = await this.users.findById(userId).select(USER_FIELDS).lean();
    if (!before) throw new DomainError('unauthorized', messagesHe.auth.userNotFound);
    const emailChanged = changes.email !== before.email;
    if (emailChanged) {
      await this.emailChanges.request(userId, changes.email, changes.currentPassword, () =>
        this.emailTaken(changes.email, userId),
      );
    }
    const set: Record<string, string> = { name: changes.name };
    if (changes.bio !== undefined) set.bio = changes.bio;
    if (changes.avatar !== undefined) set.avatar = changes.avatar;
    const after = await this.users
      .findByIdAndUpdate(userId, { $set: set }, { returnDocument: 'after', runValidators: true })
      .setOptions({ sanitizeFilter: true })
      .select(USER_FIELDS)
      .lean();
    if (!after) throw new DomainError('unauthorized', messagesHe.auth.userNotFound);
    if (after.name !== before.name) await this.renameAuthorOnBooks(after._id, after.name);
    return {
      user: toUserAnswer(after),
      message: emailChanged
        ? messagesHe.auth.emailChangePending(changes.email)
        : messagesHe.auth.profileUpdated,
      ...(emailChanged ? { pendingEmail: changes.email } : {}),
    };
  }

  private async renameAuthorOnBooks(
    authorId: import('mongoose').Types.ObjectId,
    name: string,
  ): Promise<void> {
    const books = await this.books.find({ author: authorId }).select({ title: 1, tags: 1 }).lean();
    if (!books.length) return;
    await this.books.bulkWrite(
      books.map((book) => ({
        updateOne: {
          filter: { _id: book._id },
          update: {
            $set: {
              authorName: name,
              ...bookSearchFields({ title: book.title, tags: book.tags, authorName: name }),
            },
          },
        },
      })),
    );
  }

  private async emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
    const found = await this.users
      .findOne({ email })
      .setOptions({ sanitizeFilter: true })
      .select({ _id: 1 })
      .lean();
    return !!found && found._id.toHexString() !== exceptUserId;
  }

  /** Signs a token for a new session and stores the session, which lasts as long as the token. */
  private async startSession(user: User, userAgent: string | undefined): Promise<string> {
    const sessionId = this.sessions.newId();
    const token = await this.sign(user, sessionId);
    await this.sessions.start({
      id: sessionId,
      userId: user.id,
      expiresAt: this.expiryOf(token),
      device: deviceSummary(userAgent),
    });
    return token;
  }

  private sign(user: User, sessionId: string): Promise<string> {
    const claims: AccessTokenClaims = {
      sub: user.id,
      email: user.email,
      role: user.role,
      sid: sessionId,
    };
    return this.jwt.signAsync(claims, { audience: ACCESS_TOKEN_AUDIENCE });
  }

  private expiryOf(token: string): Date {
    const { exp } = this.jwt.decode<{ exp: number }>(token);
    return new Date(exp * 1000);
  }
}

function accountLocked(lockedMs: number): DomainError {
  return new DomainError('too_many_requests', messagesHe.auth.accountLocked, undefined, {
    retryAfterSeconds: Math.ceil(lockedMs / 1000),
  });
}
