import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Types } from 'mongoose';
import { HEBREW_PREFIXES, parseQuery, termLookupKeys, type QueryTerm } from '@mechabrim/hebrew';
import type { Book } from '@mechabrim/contracts';
import { BOOK_MODEL, type BookModel } from '@mechabrim/db';
import { BooksService } from './books.service';
import { BookSearchIndex } from './search-index';
import { prepareCandidate, rankCandidates, type SearchCandidate } from './search-ranking';

/**
 * At most this many matching books are ranked on the database path: the best sellers among the
 * matches (sales descending, then id, so the cut is deterministic), plus, when the cut was
 * reached, the best sellers among the books whose title holds a query word. Limit: a title that
 * matches only as the start of a word still being typed (a prefix match) can be cut from a very
 * broad query; the in-memory index, the usual path, ranks every match.
 */
export const MAX_CANDIDATES = 1_000;
export const CANDIDATE_ORDER = { salesCount: -1, _id: 1 } as const;

/** The stored title words a term matches exactly or by stem: its forms, bare or with a particle. */
function titleWordsFor(term: QueryTerm): string[] {
  const words = new Set(term.forms);
  for (const form of term.forms)
    if (/^[\u05D0-\u05EA]/.test(form)) for (const p of HEBREW_PREFIXES) words.add(p + form);
  return [...words];
}

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

  /** How many matches the database path ranks at most (a field so tests can make it small). */
  maxCandidates = MAX_CANDIDATES;

  private async searchDatabase(terms: QueryTerm[], limit: number): Promise<Types.ObjectId[]> {
    const matches = {
      isAvailable: true,
      $and: terms.map((term) => ({
        searchKeys: mongoose.trusted({ $in: termLookupKeys(term) }),
      })),
    };
    const fields = { searchTitle: 1, searchAuthor: 1, searchTags: 1, salesCount: 1 };
    const candidates = await this.books
      .find(matches)
      .setOptions({ sanitizeFilter: true })
      .select(fields)
      .sort(CANDIDATE_ORDER)
      .limit(this.maxCandidates)
      .lean<SearchCandidate[]>();
    if (candidates.length >= this.maxCandidates) {
      // Cut at the best sellers: add the books whose title holds a query word (as typed, without
      // its prefix particle, or with one), which outrank everything else, so the cut cannot lose them.
      const seen = new Set(candidates.map((c) => c._id.toHexString()));
      const titled = await this.books
        .find({
          ...matches,
          $or: terms.map((term) => ({
            searchTitle: mongoose.trusted({ $in: titleWordsFor(term) }),
          })),
        })
        .setOptions({ sanitizeFilter: true })
        .select(fields)
        .sort(CANDIDATE_ORDER)
        .limit(this.maxCandidates)
        .lean<SearchCandidate[]>();
      candidates.push(...titled.filter((c) => !seen.has(c._id.toHexString())));
    }
    return rankCandidates(terms, candidates.map(prepareCandidate), limit);
  }
}
