import {
  MatchQuality,
  matchPrepared,
  prepareTokens,
  type PreparedTokens,
  type QueryTerm,
} from '@mechabrim/hebrew';
import type { Types } from 'mongoose';

/** What ranking needs of a book, as stored: its normalized words per field, and its sales. */
export interface SearchCandidate {
  _id: Types.ObjectId;
  searchTitle?: string[];
  searchAuthor?: string[];
  searchTags?: string[];
  salesCount?: number;
}

/** A candidate with its words prepared once (the in-memory index keeps these). */
export interface PreparedCandidate {
  _id: Types.ObjectId;
  salesCount: number;
  title: PreparedTokens;
  author: PreparedTokens;
  tags: PreparedTokens;
}

export function prepareCandidate(book: SearchCandidate): PreparedCandidate {
  return {
    _id: book._id,
    salesCount: book.salesCount ?? 0,
    title: prepareTokens(book.searchTitle ?? []),
    author: prepareTokens(book.searchAuthor ?? []),
    tags: prepareTokens(book.searchTags ?? []),
  };
}

/** Field weights: any title match outranks an author-name match, which outranks a tag match. */
const FIELD_WEIGHT = { title: 30, author: 20, tags: 10 } as const;

/** How well a book matches the query: for each word, its best field and match quality (0 = no match). */
export function scoreCandidate(terms: QueryTerm[], book: PreparedCandidate): number {
  let score = 0;
  for (const term of terms) {
    let best = 0;
    for (const [weight, tokens] of [
      [FIELD_WEIGHT.title, book.title],
      [FIELD_WEIGHT.author, book.author],
      [FIELD_WEIGHT.tags, book.tags],
    ] as const) {
      if (weight + MatchQuality.Exact <= best) break;
      const quality = matchPrepared(term, tokens);
      if (quality !== MatchQuality.None) best = Math.max(best, weight + quality);
    }
    score += best;
  }
  return score;
}

/** Ranks candidates: score, then sales; the best `limit` ids. */
export function rankCandidates(
  terms: QueryTerm[],
  candidates: PreparedCandidate[],
  limit: number,
): Types.ObjectId[] {
  return candidates
    .map((book) => ({ book, score: scoreCandidate(terms, book) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.book.salesCount - a.book.salesCount ||
        a.book._id.toHexString().localeCompare(b.book._id.toHexString()),
    )
    .slice(0, limit)
    .map((r) => r.book._id);
}
