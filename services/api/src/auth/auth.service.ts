import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectModel } from '@nestjs/mongoose';
import type {
  AccessTokenClaims,
  AuthAnswer,
  LoginRequest,
  RegisterData,
  UpdateProfileAnswer,
  User,
} from '@mechabrim/contracts';
import {
  AUTHOR_PROFILE_MODEL,
  BOOK_MODEL,
  USER_MODEL,
  bookSearchFields,
  hashPassword,
  isDuplicateKeyError,
  verifyPassword,
  type AuthorProfileModel,
  type BookModel,
  type UserModel,
} from '@mechabrim/db';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { isAllowedAvatar } from './avatar-url';
import { LoginBackoff } from './login-backoff';
import { toUserAnswer } from './user.answer';

const USER_FIELDS = {
  name: 1,
  email: 1,
  role: 1,
  bio: 1,
  avatar: 1,
  createdAt: 1,
  tokenVersion: 1,
  isVip: 1,
} as const;

/** Registration, login and the signed-in user's profile. */
@Injectable()
export class AuthService {
  constructor(
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(AUTHOR_PROFILE_MODEL) private readonly profiles: AuthorProfileModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    private readonly jwt: JwtService,
    private readonly backoff: LoginBackoff,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** Creates a reader or an author (never an admin) and signs them in. */
  async register(data: RegisterData): Promise<AuthAnswer> {
    if (await this.emailTaken(data.email))
      throw new DomainError('conflict', messagesHe.auth.emailTaken);
    let created;
    try {
      created = await this.users.create({
        name: data.name,
        email: data.email,
        passwordHash: await hashPassword(data.password),
        role: data.role,
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
    const user = toUserAnswer(created);
    return { user, token: await this.sign(user, created.tokenVersion) };
  }

  /**
   * The same answer for an unknown e-mail and a wrong password. After repeated failures on one
   * account (known or not), sign-in to it is refused for a while without checking the password
   * ({@link LoginBackoff}).
   */
  async login({ email, password }: LoginRequest): Promise<AuthAnswer> {
    const account = String(email).toLowerCase();
    const lockedMs = await this.backoff.lockedForMs(account);
    if (lockedMs > 0) throw accountLocked(lockedMs);
    const stored = await this.users
      .findOne({ email: account })
      .setOptions({ sanitizeFilter: true })
      .select({ ...USER_FIELDS, passwordHash: 1 })
      .lean();
    const ok = await verifyPassword(stored?.passwordHash, password);
    if (!stored || !ok) {
      await this.backoff.recordFailure(account);
      throw new DomainError('unauthorized', messagesHe.auth.invalidCredentials);
    }
    await this.backoff.recordSuccess(account);
    const user = toUserAnswer(stored);
    return { user, token: await this.sign(user, stored.tokenVersion) };
  }

  /**
   * Signs the user out everywhere: bumping the token version revokes every token issued to them
   * (this one included), on every device.
   */
  async logout(userId: string): Promise<void> {
    await this.users
      .updateOne({ _id: userId }, { $inc: { tokenVersion: 1 } })
      .setOptions({ sanitizeFilter: true });
  }

  async profile(userId: string): Promise<User> {
    const stored = await this.users.findById(userId).select(USER_FIELDS).lean();
    if (!stored) throw new DomainError('unauthorized', messagesHe.auth.userNotFound);
    return toUserAnswer(stored);
  }

  /**
   * Updates name, e-mail, bio and avatar. An e-mail change revokes every earlier token (someone
   * who took over the old address's sessions loses them) and answers a new one, so this tab stays
   * signed in. An author's new name is copied onto their books, so lists and search follow.
   */
  async updateProfile(
    userId: string,
    changes: { name: string; email: string; bio?: string; avatar?: string },
  ): Promise<UpdateProfileAnswer> {
    if (changes.avatar !== undefined && !isAllowedAvatar(changes.avatar, this.config.avatarHosts)) {
      throw new DomainError('invalid_data', messagesHe.auth.avatarInvalid, [
        { field: 'avatar', message: messagesHe.auth.avatarInvalid },
      ]);
    }
    const before = await this.users.findById(userId).select(USER_FIELDS).lean();
    if (!before) throw new DomainError('unauthorized', messagesHe.auth.userNotFound);
    const emailChanged = changes.email !== before.email;
    if (emailChanged && (await this.emailTaken(changes.email, userId))) {
      throw new DomainError('conflict', messagesHe.auth.emailTaken);
    }
    const set: Record<string, string> = { name: changes.name, email: changes.email };
    if (changes.bio !== undefined) set.bio = changes.bio;
    if (changes.avatar !== undefined) set.avatar = changes.avatar;
    let after;
    try {
      after = await this.users
        .findByIdAndUpdate(
          userId,
          { $set: set, ...(emailChanged ? { $inc: { tokenVersion: 1 } } : {}) },
          { returnDocument: 'after', runValidators: true },
        )
        .setOptions({ sanitizeFilter: true })
        .select(USER_FIELDS)
        .lean();
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new DomainError('conflict', messagesHe.auth.emailTaken);
      throw error;
    }
    if (!after) throw new DomainError('unauthorized', messagesHe.auth.userNotFound);
    if (after.name !== before.name) await this.renameAuthorOnBooks(after._id, after.name);
    const user = toUserAnswer(after);
    return {
      user,
      ...(emailChanged ? { token: await this.sign(user, after.tokenVersion) } : {}),
      message: messagesHe.auth.profileUpdated,
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

  private sign(user: User, tokenVersion: number | null | undefined): Promise<string> {
    const claims: AccessTokenClaims = {
      sub: user.id,
      email: user.email,
      role: user.role,
      ver: tokenVersion ?? 0,
    };
    return this.jwt.signAsync(claims);
  }
}

function accountLocked(lockedMs: number): DomainError {
  return new DomainError('too_many_requests', messagesHe.auth.accountLocked, undefined, {
    retryAfterSeconds: Math.ceil(lockedMs / 1000),
  });
}
