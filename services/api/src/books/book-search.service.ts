import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { Types } from 'mongoose';
import {
  MatchQuality,
  matchQuality,
  parseQuery,
  termLookupKeys,
  type QueryTerm,
} from '@mechabrim/hebrew';
import type { Book } from '@mechabrim/contracts';
import { BOOK_MODEL, type BookModel } from '@mechabrim/db';
import { BooksService } from './books.service';

/** At most this many matching books are ranked; enough for any page of suggestions. */
const MAX_CANDIDATES = 1_000;

interface Candidate {
  _id: Types.ObjectId;
  searchTitle?: string[];
  searchAuthor?: string[];
  searchTags?: string[];
  salesCount?: number;
}

/** Field weights: any title match outranks an author-name match, which outranks a tag match. */
const FIELD_WEIGHT = { title: 30, author: 20, tags: 10 } as const;

/** How well a book matches the query: for each word, its best field and match quality. */
export function scoreCandidate(terms: QueryTerm[], book: Candidate): number {
  let score = 0;
  for (const term of terms) {
    let best = 0;
    const fields: Array<[number, string[] | undefined]> = [
      [FIELD_WEIGHT.title, book.searchTitle],
      [FIELD_WEIGHT.author, book.searchAuthor],
      [FIELD_WEIGHT.tags, book.searchTags],
    ];
    for (const [weight, tokens] of fields) {
      const quality = matchQuality(term, tokens ?? []);
      if (quality !== MatchQuality.None) best = Math.max(best, weight + quality);
    }
    score += best;
  }
  return score;
}

/**
 * Hebrew-aware book search. The query is normalized by the same code that built each book's
 * `searchKeys`, so candidates come from an indexed equality lookup (`$in` on the multikey index,
 * one condition per word) — the text is never a regular expression or an operator. Candidates are
 * ranked: title matches, then author name, then tags, then sales.
 */
@Injectable()
export class BookSearchService {
  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    private readonly catalogue: BooksService,
  ) {}

  async search(q: string, limit: number): Promise<Book[]> {
    const terms = parseQuery(q);
    if (!terms.length) return [];
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
      .lean<Candidate[]>();
    const ranked = candidates
      .map((book) => ({ book, score: scoreCandidate(terms, book) }))
      .sort((a, b) => b.score - a.score || (b.book.salesCount ?? 0) - (a.book.salesCount ?? 0))
      .slice(0, limit);
    return this.catalogue.manyById(ranked.map((r) => r.book._id));
  }
}
