import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import type { Book, WishlistState } from '@mechabrim/contracts';
import { WISHLIST_ITEM_MODEL, isDuplicateKeyError, type WishlistItemModel } from '@mechabrim/db';
import { BooksService } from '../books/books.service';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

/** A signed-in user's wishlist. Adding twice or removing what is not there is harmless. */
@Injectable()
export class WishlistService {
  constructor(
    @InjectModel(WISHLIST_ITEM_MODEL) private readonly items: WishlistItemModel,
    private readonly books: BooksService,
  ) {}

  /**
   * The wished books, most recently added first. A book taken off sale since it was wished is
   * shown sold out (`isAvailable: false`); one that was never on sale is not shown.
   */
  async list(userId: string): Promise<Book[]> {
    const rows = await this.items
      .find({ user: new Types.ObjectId(userId) })
      .sort({ createdAt: -1, _id: -1 })
      .limit(500)
      .select({ book: 1 })
      .lean();
    return this.books.manyById(
      rows.map((r) => r.book),
      { listedOnly: true },
    );
  }

  async check(userId: string, bookId: string): Promise<WishlistState> {
    const found = await this.items.exists({
      user: new Types.ObjectId(userId),
      book: new Types.ObjectId(bookId),
    });
    return { bookId, isInWishlist: !!found };
  }

  /** Adds a book the public sees (on sale, or sold out after being on sale). */
  async add(userId: string, bookId: string): Promise<WishlistState & { message: string }> {
    if (!(await this.books.isListed(bookId)))
      throw new DomainError('not_found', messagesHe.books.notFound);
    const key = { user: new Types.ObjectId(userId), book: new Types.ObjectId(bookId) };
    try {
      await this.items.updateOne(key, { $setOnInsert: key }, { upsert: true });
    } catch (error) {
      // Two concurrent adds: the unique index keeps one, which is the wanted outcome.
      if (!isDuplicateKeyError(error)) throw error;
    }
    return { bookId, isInWishlist: true, message: messagesHe.wishlist.added };
  }

  async remove(userId: string, bookId: string): Promise<WishlistState & { message: string }> {
    await this.items.deleteOne({
      user: new Types.ObjectId(userId),
      book: new Types.ObjectId(bookId),
    });
    return { bookId, isInWishlist: false, message: messagesHe.wishlist.removed };
  }
}
