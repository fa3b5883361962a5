import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import { MatchQuality, matchQuality, parseQuery, searchTokens } from '@mechabrim/hebrew';
import { safeHttpUrl, type Author } from '@mechabrim/contracts';
import {
  AUTHOR_PROFILE_MODEL,
  BOOK_MODEL,
  USER_MODEL,
  type AuthorProfileModel,
  type BookModel,
  type UserModel,
} from '@mechabrim/db';
import { publicUrl } from '../books/book.answer';
import { toAuthorProfile, type StoredAuthorProfile } from './author-profile.service';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';

interface BookAggregate {
  _id: Types.ObjectId;
  booksCount: number;
  totalSales: number;
  ratingSum: number;
  ratingsCount: number;
  plainRatingSum: number;
  ratedBooks: number;
  categories: string[];
}

interface StoredAuthor {
  _id: Types.ObjectId;
  name: string;
  bio?: string | null;
  avatar?: string | null;
  createdAt?: Date | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Authors' public profiles. booksCount, averageRating (weighted by each book's number of ratings),
 * totalSales and genres come from the author's available books; joinDate is when the account was
 * created — all computed on read, never typed by hand.
 */
@Injectable()
export class AuthorsService {
  constructor(
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(AUTHOR_PROFILE_MODEL) private readonly profiles: AuthorProfileModel,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /**
   * Every author with at least one book on sale, newest first: an account that signed up as an
   * author but sells nothing yet is not an author to a reader (its own page still answers).
   */
  async list(): Promise<Author[]> {
    const selling = await this.books.distinct('author', { isAvailable: true });
    const authors = await this.users
      .find({ role: 'author', _id: { $in: selling } })
      .sort({ createdAt: -1, _id: 1 })
      .select({ name: 1, bio: 1, avatar: 1, createdAt: 1 })
      .lean<StoredAuthor[]>();
    return this.withAggregates(authors);
  }

  async byId(id: string): Promise<Author> {
    const author = await this.users
      .findOne({ _id: new Types.ObjectId(id), role: 'author' })
      .select({ name: 1, bio: 1, avatar: 1, createdAt: 1 })
      .lean<StoredAuthor>();
    if (!author) throw new DomainError('not_found', messagesHe.authors.notFound);
    const [answer] = await this.withAggregates([author]);
    if (!answer) throw new DomainError('not_found', messagesHe.authors.notFound);
    return answer;
  }

  /**
   * Authors whose name, genres or bio match every word of the query (same Hebrew normalization
   * as the book search); name matches first, then genres, then bio, then sales.
   */
  search(all: Author[], q: string, limit: number): Author[] {
    const terms = parseQuery(q);
    if (!terms.length) return [];
    const scored: Array<{ author: Author; score: number }> = [];
    for (const author of all) {
      const fields: Array<[number, string[]]> = [
        [30, searchTokens(author.name)],
        [20, searchTokens(...author.genres)],
        [10, searchTokens(author.bio)],
      ];
      let score = 0;
      for (const term of terms) {
        let best = 0;
        for (const [weight, tokens] of fields) {
          const quality = matchQuality(term, tokens);
          if (quality !== MatchQuality.None) best = Math.max(best, weight + quality);
        }
        if (!best) {
          score = 0;
          break;
        }
        score += best;
      }
      if (score) scored.push({ author, score });
    }
    return scored
      .sort((a, b) => b.score - a.score || b.author.totalSales - a.author.totalSales)
      .slice(0, limit)
      .map((s) => s.author);
  }

  private async withAggregates(authors: StoredAuthor[]): Promise<Author[]> {
    if (!authors.length) return [];
    const ids = authors.map((a) => a._id);
    const [aggregates, profiles] = await Promise.all([
      this.books.aggregate<BookAggregate>([
        { $match: { isAvailable: true, author: { $in: ids } } },
        {
          $group: {
            _id: '$author',
            booksCount: { $sum: 1 },
            totalSales: { $sum: '$salesCount' },
            ratingSum: { $sum: { $multiply: ['$rating', '$totalRatings'] } },
            ratingsCount: { $sum: '$totalRatings' },
            plainRatingSum: { $sum: { $cond: [{ $gt: ['$rating', 0] }, '$rating', 0] } },
            ratedBooks: { $sum: { $cond: [{ $gt: ['$rating', 0] }, 1, 0] } },
            categories: { $addToSet: '$category' },
          },
        },
      ]),
      this.profiles
        .find({ user: { $in: ids } })
        .select({
          user: 1,
          genres: 1,
          languages: 1,
          website: 1,
          socialMedia: 1,
          preferences: 1,
          gender: 1,
        })
        .lean<Array<StoredAuthorProfile & { user: Types.ObjectId }>>(),
    ]);
    const byAuthor = new Map(aggregates.map((a) => [a._id.toHexString(), a]));
    const profileByAuthor = new Map(profiles.map((p) => [p.user.toHexString(), p]));
    return authors.map((author) => {
      const id = author._id.toHexString();
      const agg = byAuthor.get(id);
      const averageRating = !agg
        ? 0
        : agg.ratingsCount > 0
          ? agg.ratingSum / agg.ratingsCount
          : agg.ratedBooks > 0
            ? agg.plainRatingSum / agg.ratedBooks
            : 0;
      const joinDate = (author.createdAt ?? new Date(0)).toISOString();
      const profile = toAuthorProfile(profileByAuthor.get(id));
      const genres = [
        ...new Set([...profile.authorInfo.genres, ...(agg?.categories ?? []).sort()]),
      ];
      // Links only when the author keeps their profile public (the editor's third preference).
      // Every link leaves as an http(s) address or empty, whatever was stored before the editor
      // checked them (the seed, an import): a page renders them as links.
      const links = profile.preferences.publicProfile
        ? {
            website: safeHttpUrl(profile.website),
            socialMedia: {
              facebook: safeHttpUrl(profile.socialMedia.facebook),
              twitter: safeHttpUrl(profile.socialMedia.twitter),
              instagram: safeHttpUrl(profile.socialMedia.instagram),
              linkedin: safeHttpUrl(profile.socialMedia.linkedin),
            },
          }
        : { website: '', socialMedia: toAuthorProfile(null).socialMedia };
      return {
        _id: id,
        name: author.name,
        bio: author.bio ?? '',
        avatar: publicUrl(author.avatar, this.config.publicApiUrl),
        genres,
        booksCount: agg?.booksCount ?? 0,
        averageRating: round2(averageRating),
        totalSales: agg?.totalSales ?? 0,
        joinDate,
        // The listing never shows e-mails; spec §3 says these are empty or copies of joinDate.
        email: '',
        createdAt: joinDate,
        updatedAt: joinDate,
        ...links,
        languages: profile.authorInfo.languages,
        // The grammatical gender is public even when the links are not: the text needs it.
        ...(profile.gender && { gender: profile.gender }),
      };
    });
  }
}
