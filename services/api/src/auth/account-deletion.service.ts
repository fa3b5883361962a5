import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import type { ClientSession, Connection, QueryFilter, Types } from 'mongoose';
import { randomBytes } from 'node:crypto';
import type { AccountMessageAnswer } from '@mechabrim/contracts';
import {
  AUTHOR_FOLLOW_MODEL,
  type AuthorFollowModel,
  ACCOUNT_TOKEN_MODEL,
  BOOK_MODEL,
  ORDER_MODEL,
  REVIEW_MODEL,
  USER_MODEL,
  WISHLIST_ITEM_MODEL,
  type AccountTokenModel,
  type BookModel,
  type OrderModel,
  type OrderRecord,
  type PasswordHasher,
  type ReviewModel,
  type UserModel,
  type WishlistItemModel,
} from '@mechabrim/db';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { AuthenticatedUser } from './authenticated-user';
import { SessionsService } from './sessions.service';
import { PASSWORD_HASHER } from './password-hasher';

const m = messagesHe.auth;

/** Orders still on their way (or their payment under review): delivery needs the buyer's details. */
const OPEN_ORDER_STATUSES = ['paid', 'processing', 'shipped', 'payment_review'] as const;

/** The address a deleted account is left with: unique, and never a mailbox. */
export const deletedAddressOf = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * Deletes a reader's account (issue 24). Personal data goes: the name, address, bio and picture,
 * the wishlist, the sessions and mailed links; the password becomes one nobody knows. What the
 * law requires to keep stays — orders, their receipts and the ledger — with the buyer's name,
 * contact details and street replaced; a checkout left open expires, so a payment through it is
 * held for review and given back. Reviews stay under a neutral name. An account with an
 * order still on its way, an author's account (books, earnings and payouts) and an admin's are
 * not deleted here.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(REVIEW_MODEL) private readonly reviews: ReviewModel,
    @InjectModel(WISHLIST_ITEM_MODEL) private readonly wishlists: WishlistItemModel,
    @InjectModel(AUTHOR_FOLLOW_MODEL) private readonly follows: AuthorFollowModel,
    @InjectModel(ACCOUNT_TOKEN_MODEL) private readonly tokens: AccountTokenModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    private readonly sessions: SessionsService,
  ) {}

  async delete(current: AuthenticatedUser, password: string): Promise<AccountMessageAnswer> {
    const stored = await this.users
      .findById(current.id)
      .select({ role: 1, passwordHash: 1 })
      .lean();
    if (!stored) throw new DomainError('unauthorized', m.userNotFound);
    if (!(await this.hasher.verify(stored.passwordHash, password))) {
      throw new DomainError('invalid_data', m.currentPasswordWrong, [
        { field: 'password', message: m.currentPasswordWrong },
      ]);
    }
    if (stored.role === 'admin') throw new DomainError('conflict', m.deleteAdmin);
    if (stored.role === 'author' || (await this.books.exists({ author: stored._id }))) {
      throw new DomainError('conflict', m.deleteAuthor);
    }
    const openOrders: QueryFilter<OrderRecord> = {
      'user.userId': stored._id,
      $or: [{ status: { $in: [...OPEN_ORDER_STATUSES] } }, { 'return.state': 'requested' }],
    };
    if (await this.orders.exists(openOrders)) {
      throw new DomainError('conflict', m.deleteOpenOrders);
    }

    const userId = stored._id;
    const deletedAddress = deletedAddressOf(current.id);
    const unusable = await this.hasher.hash(randomBytes(32).toString('base64url'));
    await this.connection.transaction(async (session) => {
      // Read again inside: an order paid since the check above keeps its buyer's details.
      if (await this.orders.exists(openOrders).session(session)) {
        throw new DomainError('conflict', m.deleteOpenOrders);
      }
      await this.closeCheckouts(userId, session);
      await this.users.updateOne(
        { _id: userId },
        {
          $set: {
            name: m.deletedName,
            email: deletedAddress,
            passwordHash: unusable,
            bio: '',
            avatar: '',
            isVip: false,
            deletedAt: new Date(),
          },
        },
        { session },
      );
      await this.orders.updateMany(
        { 'user.userId': userId },
        {
          $set: {
            'user.name': m.deletedName,
            'user.email': deletedAddress,
            'user.firstName': '',
            'user.lastName': '',
            'shippingAddress.fullName': '',
            'shippingAddress.street': m.deletedName,
            'shippingAddress.phone': '',
            'shippingAddress.email': null,
          },
        },
        { session },
      );
      await this.reviews.updateMany(
        { user: userId },
        { $set: { authorName: m.deletedName } },
        { session },
      );
      await this.wishlists.deleteMany({ user: userId }, { session });
      await this.follows.deleteMany({ user: userId }, { session });
      await this.tokens.deleteMany({ user: userId }, { session });
    });
    await this.sessions.endAll(current.id);
    return { message: m.accountDeleted };
  }

  /**
   * A checkout left open expires: a payment through it later is held for review (and given
   * back), never an order shipped to an address that is gone.
   */
  private async closeCheckouts(userId: Types.ObjectId, session: ClientSession): Promise<void> {
    await this.orders.updateMany(
      { 'user.userId': userId, status: 'pending_payment' },
      {
        $set: { status: 'expired', expiresAt: null },
        $push: { statusHistory: { status: 'expired', at: new Date() } },
      },
      { session },
    );
  }
}
