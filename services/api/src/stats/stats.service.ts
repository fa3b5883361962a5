import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { SiteStats } from '@mechabrim/contracts';
import { BOOK_MODEL, USER_MODEL, type BookModel, type UserModel } from '@mechabrim/db';

/** Public site figures (spec §7 `GET /api/stats`). */
@Injectable()
export class StatsService {
  constructor(
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
  ) {}

  /** Authors with at least one book on sale (the 'active authors'), and the books on sale. */
  async site(): Promise<SiteStats> {
    const [selling, books] = await Promise.all([
      this.books.distinct('author', { isAvailable: true }),
      this.books.countDocuments({ isAvailable: true }),
    ]);
    const authors = await this.users.countDocuments({ role: 'author', _id: { $in: selling } });
    return { authors, books };
  }
}
