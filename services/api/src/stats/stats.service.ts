import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { SiteStats } from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  USER_MODEL,
  type BookModel,
  type LedgerEntryModel,
  type UserModel,
} from '@mechabrim/db';
import { agorot, DONATED_TO_DATE, toShekels } from '@mechabrim/money';

/** Public site figures (spec §7 `GET /api/stats`). */
@Injectable()
export class StatsService {
  constructor(
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
  ) {}

  /** Authors with at least one book on sale (the 'active authors'), and the books on sale. */
  async site(): Promise<SiteStats> {
    const [selling, books, donated] = await Promise.all([
      this.books.distinct('author', { isAvailable: true }),
      this.books.countDocuments({ isAvailable: true }),
      this.donated(),
    ]);
    const authors = await this.users.countDocuments({ role: 'author', _id: { $in: selling } });
    return { authors, books, donated };
  }

  /**
   * The community fund's total in shekels: the ledger's community entries (sales less reversals,
   * and direct donations),
   * or the spec's fixed figure while the ledger holds less than it (a young shop's ledger would
   * otherwise show a smaller number than the pages always have).
   */
  private async donated(): Promise<number> {
    const [sum] = await this.ledger.aggregate<{ total: number }>([
      // Allocations hand the fund's money to its projects: still donated, so not subtracted.
      { $match: { party: 'community', kind: { $ne: 'allocation' } } },
      { $group: { _id: null, total: { $sum: '$amountAgorot' } } },
    ]);
    const fromLedger = agorot(sum?.total ?? 0);
    return toShekels(fromLedger > DONATED_TO_DATE ? fromLedger : DONATED_TO_DATE);
  }
}
