import { MatchQuality, matchQuality, type QueryTerm } from '@mechabrim/hebrew';
import type { Types } from 'mongoose';

/** What ranking needs of a book: its normalized words per field, and its sales. */
export interface SearchCandidate {
  _id: Types.ObjectId;
  searchTitle?: string[];
  searchAuthor?: string[];
  searchTags?: string[];
  salesCount?: number;
}

/** Field weights: any title match outranks an author-name match, which outranks a tag match. */
const FIELD_WEIGHT = { title: 30, author: 20, tags: 10 } as const;

/** How well a book matches the query: for each word, its best field and match quality (0 = no match). */
export function scoreCandidate(terms: QueryTerm[], book: SearchCandidate): number {
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

/** Ranks candidates: score, then sales; the best `limit` ids. */
export function rankCandidates(
  terms: QueryTerm[],
  candidates: SearchCandidate[],
  limit: number,
): Types.ObjectId[] {
  return candidates
    .map((book) => ({ book, score: scoreCandidate(terms, book) }))
    .sort((a, b) => b.score - a.score || (b.book.salesCount ?? 0) - (a.book.salesCount ?? 0))
    .slice(0, limit)
    .map((r) => r.book._id);
}
