import {
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
  Inject,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Book } from '@mechabrim/contracts';
import { PREFIX_MARK, prefixVariants, termLookupKeys, type QueryTerm } from '@mechabrim/hebrew';
import { BOOK_MODEL, PUBLIC_BOOK_FIELDS, onModelChange, type BookModel } from '@mechabrim/db';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { toBookAnswer, type StoredBook } from './book.answer';
import {
  prepareCandidate,
  rankCandidates,
  type PreparedCandidate,
  type SearchCandidate,
} from './search-ranking';

/** How often another process's writes are looked for (a cheap fingerprint query). */
export const SEARCH_INDEX_POLL_MS = 10_000;
/** Writes in a burst are folded into one rebuild. */
const REBUILD_DELAY_MS = 300;

type Postings = Map<string, number[]>;

/** Lookup maps of one field (title, author name or tags). Position lists are ascending. */
interface FieldMaps {
  /** A whole word → books with that word. */
  exact: Postings;
  /** A whole word or a prefix-stripped form of it → books. */
  whole: Postings;
  /** A proper leading part of a whole form → books. */
  prefix: Postings;
}

interface Snapshot {
  /** Books in best-seller order: a lower position is a better seller. */
  books: PreparedCandidate[];
  answers: Book[];
  /** Every stored lookup key (as in the `searchKeys` index) → positions. */
  postings: Postings;
  fields: [FieldMaps, FieldMaps, FieldMaps];
  fingerprint: string;
}

type SearchRow = SearchCandidate & StoredBook;

function add(map: Postings, key: string, position: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

function fieldMaps(rows: readonly (readonly string[])[]): FieldMaps {
  const maps: FieldMaps = { exact: new Map(), whole: new Map(), prefix: new Map() };
  rows.forEach((tokens, position) => {
    for (const token of tokens) {
      add(maps.exact, token, position);
      for (const form of [token, ...prefixVariants(token)]) {
        add(maps.whole, form, position);
        for (let i = 1; i < form.length; i += 1) add(maps.prefix, form.slice(0, i), position);
      }
    }
  });
  return maps;
}

/** The `k` smallest positions of several ascending lists, without `skip`, ascending. */
function smallest(lists: (number[] | undefined)[], k: number, skip: Set<number>): number[] {
  const out = new Set<number>();
  for (const list of lists) {
    if (!list) continue;
    let taken = 0;
    for (const p of list) {
      if (skip.has(p)) continue;
      out.add(p);
      if (++taken >= k) break;
    }
  }
  return [...out].sort((a, b) => a - b).slice(0, k);
}

/**
 * An in-memory copy of the search keys and public answers of the available books, so a search
 * needs no database round trip. It is derived data only: built from the books collection and
 * rebuilt after any write to books through the catalogue models — at once for this process's
 * writes, and for other processes' writes when `CatalogueSync` sees the books' write counter
 * move (until the rebuild, searches use the database query, which is always exact).
 *
 * As a second line, a fingerprint (book count, latest update) polled every
 * {@link SEARCH_INDEX_POLL_MS} catches writes that bypass the models but stamp `updatedAt` (a
 * script on the raw driver that follows the schema). A write that neither goes through the models
 * nor moves the latest `updatedAt` or the count — a `timestamps: false` raw update, an import
 * preserving older timestamps — shows after the next counted write or a restart, unless it bumps
 * the counter itself (see `CATALOGUE_VERSIONS_COLLECTION` in libs/db).
 */
@Injectable()
export class BookSearchIndex implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BookSearchIndex.name);
  private snapshot?: Snapshot;
  private fresh = false;
  private generation = 0;
  private building?: Promise<void>;
  private rebuildTimer?: NodeJS.Timeout;
  private readonly pollTimer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private closed = false;

  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @Inject(API_CONFIG) private readonly config: Pick<ApiConfig, 'publicApiUrl'>,
  ) {
    this.unsubscribe = onModelChange((model) => {
      if (model === 'Book') this.invalidate();
    });
    this.pollTimer = setInterval(() => void this.poll(), SEARCH_INDEX_POLL_MS);
    this.pollTimer.unref();
  }

  /**
   * The best `limit` books for the query (title, then author, then tags, then sales), or null
   * while the index is not known to be current (the caller then asks the database).
   */
  search(terms: QueryTerm[], limit: number): Book[] | null {
    const snapshot = this.fresh ? this.snapshot : undefined;
    // An empty copy is never trusted: it may predate a seed or import written by another
    // process, which the poll only notices later; the database answers meanwhile.
    if (!snapshot || snapshot.books.length === 0) {
      this.scheduleBuild(0);
      return null;
    }
    const [onlyTerm] = terms;
    const positions =
      terms.length === 1 && onlyTerm
        ? this.rankOneWord(snapshot, onlyTerm, limit)
        : this.rankWords(snapshot, terms, limit);
    // Positions index the same snapshot, so each has its answer.
    return positions.flatMap((p) => snapshot.answers[p] ?? []);
  }

  onApplicationBootstrap(): void {
    // Build in the background at start, so the first searches find it ready.
    this.scheduleBuild(0);
  }

  onModuleDestroy(): void {
    this.closed = true;
    this.unsubscribe();
    clearInterval(this.pollTimer);
    if (this.rebuildTimer) clearTimeout(this.rebuildTimer);
  }

  /**
   * One word (what the search box sends while typing): walk the quality classes best first —
   * title exact, title stem, title prefix, author…, tags… — taking the best sellers of each
   * until `limit`; a broad prefix costs no more than a narrow one.
   */
  private rankOneWord(snapshot: Snapshot, term: QueryTerm, limit: number): number[] {
    const result: number[] = [];
    const taken = new Set<number>();
    for (const maps of snapshot.fields) {
      const classes = [
        [maps.exact.get(term.token)],
        term.forms.map((f) => maps.whole.get(f)),
        term.prefixForms.flatMap((p) => [maps.prefix.get(p), maps.whole.get(p)]),
      ];
      for (const lists of classes) {
        for (const p of smallest(lists, limit - result.length, taken)) {
          taken.add(p);
          result.push(p);
        }
        if (result.length >= limit) return result;
      }
    }
    return result;
  }

  /** Several words: intersect their lookups, then score each candidate. */
  private rankWords(snapshot: Snapshot, terms: QueryTerm[], limit: number): number[] {
    let matches: Set<number> | null = null;
    for (const term of terms) {
      const positions = new Set<number>();
      for (const key of termLookupKeys(term)) {
        for (const p of snapshot.postings.get(key) ?? [])
          if (!matches || matches.has(p)) positions.add(p);
      }
      matches = positions;
      if (!matches.size) return [];
    }
    const candidates = [...(matches ?? [])].flatMap((p) => {
      const book = snapshot.books[p];
      return book ? [{ p, book }] : [];
    });
    const position = new Map(candidates.map(({ p, book }) => [book._id.toHexString(), p]));
    const ids = rankCandidates(
      terms,
      candidates.map(({ book }) => book),
      limit,
    );
    return ids.map((id) => position.get(id.toHexString())!);
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
    const started = Date.now();
    const fingerprint = await this.fingerprint();
    const rows = await this.books
      .find({ isAvailable: true })
      .select({ ...PUBLIC_BOOK_FIELDS, searchTitle: 1, searchAuthor: 1, searchTags: 1 })
      .lean<SearchRow[]>();
    rows.sort(
      (a, b) =>
        (b.salesCount ?? 0) - (a.salesCount ?? 0) ||
        a._id.toHexString().localeCompare(b._id.toHexString()),
    );
    const postings: Postings = new Map();
    rows.forEach((row, position) => {
      const tokens = new Set([
        ...(row.searchTitle ?? []),
        ...(row.searchAuthor ?? []),
        ...(row.searchTags ?? []),
      ]);
      for (const token of tokens) {
        for (const form of [token, ...prefixVariants(token)]) {
          add(postings, form, position);
          for (let i = 1; i < form.length; i += 1)
            add(postings, form.slice(0, i) + PREFIX_MARK, position);
        }
      }
    });
    const snapshot: Snapshot = {
      books: rows.map(prepareCandidate),
      answers: rows.map((row) => toBookAnswer(row, this.config.publicApiUrl)),
      postings,
      fields: [
        fieldMaps(rows.map((r) => r.searchTitle ?? [])),
        fieldMaps(rows.map((r) => r.searchAuthor ?? [])),
        fieldMaps(rows.map((r) => r.searchTags ?? [])),
      ],
      fingerprint,
    };
    // A write during the build: this snapshot may miss it, so it is not declared fresh.
    if (generation !== this.generation) return;
    this.snapshot = snapshot;
    this.fresh = true;
    this.logger.log(
      `search index built: ${rows.length} books, ${postings.size} keys in ${Date.now() - started} ms`,
    );
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
