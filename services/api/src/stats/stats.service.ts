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

  /** Registered authors and available books. */
  async site(): Promise<SiteStats> {
    const [authors, books] = await Promise.all([
      this.users.countDocuments({ role: 'author' }),
      this.books.countDocuments({ isAvailable: true }),
    ]);
    return { authors, books };
  }
}
