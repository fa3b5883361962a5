import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Types } from 'mongoose';
import { parseQuery, termLookupKeys, type QueryTerm } from '@mechabrim/hebrew';
import type { Book } from '@mechabrim/contracts';
import { BOOK_MODEL, type BookModel } from '@mechabrim/db';
import { BooksService } from './books.service';
import { BookSearchIndex } from './search-index';
import { prepareCandidate, rankCandidates, type SearchCandidate } from './search-ranking';

/** At most this many matching books are ranked on the database path. */
const MAX_CANDIDATES = 1_000;

/**
 * Hebrew-aware book search. The query is normalized by the same code that built each book's
 * `searchKeys`, so candidates come from an equality lookup on those keys — the text is never a
 * regular expression or an operator. Ranked: title matches, then author name, then tags, then
 * sales. The lookup runs on the in-memory copy of the key index when it is current, else on the
 * database's multikey index (`$in`, one condition per word).
 */
@Injectable()
export class BookSearchService {
  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    private readonly catalogue: BooksService,
    private readonly index: BookSearchIndex,
  ) {}

  async search(q: string, limit: number): Promise<Book[]> {
    const terms = parseQuery(q);
    if (!terms.length) return [];
    const fromIndex = this.index.search(terms, limit);
    if (fromIndex) return fromIndex;
    return this.catalogue.manyById(await this.searchDatabase(terms, limit), {
      availableOnly: true,
    });
  }

  private async searchDatabase(terms: QueryTerm[], limit: number): Promise<Types.ObjectId[]> {
    const candidates = await this.books
      .find({
        isAvailable: true,
        $and: terms.map((term) => ({
          searchKeys: mongoose.trusted({ $in: termLookupKeys(term) }),
        })),
      })
      .setOptions({ sanitizeFilter: true })
      .select({ searchTitle: 1, searchAuthor: 1, searchTags: 1, salesCount: 1 })
      .limit(MAX_CANDIDATES)
      .lean<SearchCandidate[]>();
    return rankCandidates(terms, candidates.map(prepareCandidate), limit);
  }
}
