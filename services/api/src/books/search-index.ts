import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Types } from 'mongoose';
import { storedSearchKeys, termLookupKeys, type QueryTerm } from '@mechabrim/hebrew';
import { BOOK_MODEL, onModelChange, type BookModel } from '@mechabrim/db';
import { rankCandidates, type SearchCandidate } from './search-ranking';

/** How often another process's writes are looked for (a cheap fingerprint query). */
export const SEARCH_INDEX_POLL_MS = 10_000;
/** Writes in a burst are folded into one rebuild. */
const REBUILD_DELAY_MS = 300;

interface Snapshot {
  books: SearchCandidate[];
  /** Stored lookup key → positions in `books` (the same keys as the `searchKeys` index). */
  postings: Map<string, number[]>;
  fingerprint: string;
}

/**
 * An in-memory copy of the `searchKeys` index of available books, so a search needs no
 * database round trip to find and rank its candidates. It is derived data only: built from the
 * books collection, rebuilt after any write to books through mongoose in this process (until
 * then searches use the database query), and after writes by other processes, which a
 * fingerprint (book count, latest update) polled every {@link SEARCH_INDEX_POLL_MS} reveals.
 */
@Injectable()
export class BookSearchIndex implements OnModuleDestroy {
  private readonly logger = new Logger(BookSearchIndex.name);
  private snapshot?: Snapshot;
  private fresh = false;
  private generation = 0;
  private building?: Promise<void>;
  private rebuildTimer?: NodeJS.Timeout;
  private readonly pollTimer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private closed = false;

  constructor(@InjectModel(BOOK_MODEL) private readonly books: BookModel) {
    this.unsubscribe = onModelChange((model) => {
      if (model === 'Book') this.invalidate();
    });
    this.pollTimer = setInterval(() => void this.poll(), SEARCH_INDEX_POLL_MS);
    this.pollTimer.unref();
  }

  /**
   * The best `limit` book ids for the query, or null while the index is not known to be
   * current (the caller then asks the database). Starts a build when needed.
   */
  search(terms: QueryTerm[], limit: number): Types.ObjectId[] | null {
    if (!this.fresh || !this.snapshot) {
      this.scheduleBuild(0);
      return null;
    }
    const { books, postings } = this.snapshot;
    let matches: Set<number> | null = null;
    for (const term of terms) {
      const positions = new Set<number>();
      for (const key of termLookupKeys(term)) {
        for (const i of postings.get(key) ?? []) if (!matches || matches.has(i)) positions.add(i);
      }
      matches = positions;
      if (!matches.size) return [];
    }
    return rankCandidates(
      terms,
      [...(matches ?? [])].map((i) => books[i]),
      limit,
    );
  }

  onModuleDestroy(): void {
    this.closed = true;
    this.unsubscribe();
    clearInterval(this.pollTimer);
    if (this.rebuildTimer) clearTimeout(this.rebuildTimer);
  }

  private invalidate(): void {
    this.fresh = false;
    this.generation += 1;
    this.scheduleBuild(REBUILD_DELAY_MS);
  }

  private scheduleBuild(delay: number): void {
    if (this.closed || this.building || this.rebuildTimer) return;
    this.rebuildTimer = setTimeout(() => {
      this.rebuildTimer = undefined;
      this.building = this.build()
        .catch((error: unknown) => this.logger.warn(`search index build failed: ${String(error)}`))
        .finally(() => {
          this.building = undefined;
          if (!this.fresh && !this.closed) this.scheduleBuild(REBUILD_DELAY_MS);
        });
    }, delay);
    this.rebuildTimer.unref();
  }

  private async fingerprint(): Promise<string> {
    const [count, latest] = await Promise.all([
      this.books.estimatedDocumentCount(),
      this.books
        .findOne()
        .sort({ updatedAt: -1 })
        .select({ updatedAt: 1 })
        .lean<{ updatedAt?: Date }>(),
    ]);
    return `${count}:${latest?.updatedAt?.getTime() ?? 0}`;
  }

  private async build(): Promise<void> {
    const generation = this.generation;
    const fingerprint = await this.fingerprint();
    const books = await this.books
      .find({ isAvailable: true })
      .select({ searchTitle: 1, searchAuthor: 1, searchTags: 1, salesCount: 1 })
      .lean<SearchCandidate[]>();
    const postings = new Map<string, number[]>();
    books.forEach((book, i) => {
      const tokens = [
        ...new Set([
          ...(book.searchTitle ?? []),
          ...(book.searchAuthor ?? []),
          ...(book.searchTags ?? []),
        ]),
      ];
      for (const key of storedSearchKeys(tokens)) {
        const list = postings.get(key);
        if (list) list.push(i);
        else postings.set(key, [i]);
      }
    });
    // A write during the build: this snapshot may miss it, so it is not declared fresh.
    if (generation !== this.generation) return;
    this.snapshot = { books, postings, fingerprint };
    this.fresh = true;
  }

  private async poll(): Promise<void> {
    if (this.closed || !this.fresh || !this.snapshot || this.building) return;
    try {
      if ((await this.fingerprint()) !== this.snapshot.fingerprint) this.invalidate();
    } catch {
      // MongoDB unreachable: keep serving; the next poll tries again.
    }
  }
}
