import path from 'node:path';
import type { Connection } from 'mongoose';
import {
  AUTHOR_PROFILE_MODEL,
  BOOK_MODEL,
  CATEGORY_MODEL,
  CATALOGUE_MODELS,
  ORDER_MODEL,
  REVIEW_MODEL,
  USER_MODEL,
  WISHLIST_ITEM_MODEL,
  recordCatalogueWrites,
  registerCatalogueModels,
} from '@mechabrim/db';
import { LocalDiskStorage } from '@mechabrim/storage';
import type { StoragePort } from '@mechabrim/storage';
import { DEMO_ACCOUNTS, DEMO_IDS, HANDWRITTEN_BOOKS, demoId } from './demo-accounts';
import { writeDemoExcerpts } from './excerpts';
import { writeDemoPrintFiles } from './print-files';
import { drawBooks, writeCoverFiles } from './seed-books';
import {
  DAY,
  LATEST,
  insertAll,
  materialize,
  prng,
  withConnection,
  type SeedContext,
  type SeedDoc,
} from './seed-kit';
import { drawOrders, seedLedger } from './seed-orders';
import { seedCategories, seedPeople } from './seed-people';
import { drawReviews } from './seed-reviews';

export { DEMO_ACCOUNTS, DEMO_IDS, HANDWRITTEN_BOOKS, demoId } from './demo-accounts';
export { demoAuthor } from './seed-people';

export interface SeedOptions {
  /** How many books (default: the hand-written ones, 170). More are generated from word lists. */
  books?: number;
  /** How many authors (default: 40, or one per 40 books beyond that). */
  authors?: number;
  /** Where covers are written (`<dataDir>/covers`); default `DATA_DIR` or `.data`. */
  dataDir?: string;
  /** Write cover files (default true). */
  covers?: boolean;
  /** Write excerpts for some books (default: as `covers`); see `writeDemoExcerpts`. */
  excerpts?: boolean;
  /**
   * Give every book print files (an interior and a cover PDF, so its orders print; default: as
   * `excerpts`); see `writeDemoPrintFiles`.
   */
  printFiles?: boolean;
  /** Where excerpts and print files are stored (default: local files under `<dataDir>/files`, as the API reads them). */
  storage?: StoragePort;
  /** Drop the demo collections first, even when they hold data (default false: a non-empty database is left alone). */
  reset?: boolean;
  log?: (message: string) => void;
}

export interface SeedSummary {
  skipped: boolean;
  authors: number;
  books: number;
  unavailableBooks: number;
  reviews: number;
  approvedReviews: number;
  /** Orders holding the demo author's books, from the demo reader and generated buyers. */
  orders: number;
  covers: number;
  /** Books given an excerpt to read. */
  excerpts: number;
  /** Books given print files (an interior and a cover PDF). */
  printFiles: number;
  accounts: typeof DEMO_ACCOUNTS;
}

/** True when the database holds no users and no books (the launcher seeds only then). */
export async function isDatabaseEmpty(target: string | Connection): Promise<boolean> {
  return withConnection(target, async (connection) => {
    registerCatalogueModels(connection);
    const [users, books] = await Promise.all([
      connection.model(USER_MODEL).estimatedDocumentCount(),
      connection.model(BOOK_MODEL).estimatedDocumentCount(),
    ]);
    return users === 0 && books === 0;
  });
}

/**
 * Loads the deterministic Hebrew demo catalogue: ≥ 40 authors, their books across every upload
 * category (titles with niqqud, final letters, gershayim and prefix particles), reviews (most
 * approved), a few hidden books, generated covers (drawn as SVG, served as WebP) under
 * `<dataDir>/covers`, and the demo accounts of {@link DEMO_ACCOUNTS}. Leaves a non-empty database
 * alone unless `reset` is set.
 */
export async function seedDemoData(
  target: string | Connection,
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const log = options.log ?? (() => undefined);
  const bookCount = Math.max(1, options.books ?? HANDWRITTEN_BOOKS);
  const authorCount = Math.max(options.authors ?? Math.max(40, Math.ceil(bookCount / 40)), 10);
  const dataDir = options.dataDir ?? process.env.DATA_DIR ?? '.data';
  const writeCovers = options.covers ?? true;

  return withConnection(target, async (connection) => {
    const ctx: SeedContext = {
      connection,
      rand: prng(20250808),
      model: (name) => connection.model<unknown>(name),
    };
    if (!(await prepareDatabase(ctx, options.reset ?? false))) {
      log('demo data: the database is not empty; nothing loaded');
      return emptySummary();
    }
    await seedCategories(ctx);
    const people = await seedPeople(ctx, authorCount, writeCovers);
    const { books, reviewProfiles } = await drawBooks(ctx, people, bookCount);
    const covers = writeCovers ? await writeCoverFiles(dataDir, books, people.authorIds) : 0;
    const files = await writeBookFiles(dataDir, books, options, writeCovers);
    const { reviews, approvedReviews } = await drawReviews(
      ctx,
      books,
      reviewProfiles,
      people.authorIds,
    );
    const { orders, orderDocs } = await drawOrders(ctx, books, people.buyers);
    await insertAll(ctx.model(BOOK_MODEL), books);
    await insertAll(ctx.model(REVIEW_MODEL), reviews);
    await insertAll(ctx.model(ORDER_MODEL), orderDocs);
    await seedLedger(ctx, orders, books);
    await seedWishlist(ctx, books);
    await announceCatalogue(connection);

    const summary: SeedSummary = {
      skipped: false,
      authors: authorCount,
      books: books.length,
      unavailableBooks: books.filter((b) => !b.isAvailable).length,
      reviews: reviews.length,
      approvedReviews,
      orders: orderDocs.length,
      covers,
      ...files,
      accounts: DEMO_ACCOUNTS,
    };
    log(
      `demo data: ${summary.authors} authors, ${summary.books} books (${summary.unavailableBooks} hidden), ` +
        `${summary.reviews} reviews, ${summary.orders} orders, ${summary.covers} covers, ${summary.excerpts} excerpts, ${summary.printFiles} books with print files`,
    );
    return summary;
  });
}

/**
 * Step: with `reset`, the demo collections emptied; otherwise false when the database holds data
 * (a non-empty database is left alone). Then the collections' indexes.
 */
async function prepareDatabase(
  { connection, model }: SeedContext,
  reset: boolean,
): Promise<boolean> {
  registerCatalogueModels(connection);
  if (reset) {
    await Promise.all(CATALOGUE_MODELS.map(({ name }) => model(name).deleteMany({})));
  } else if (!(await isDatabaseEmpty(connection))) {
    return false;
  }
  await Promise.all(CATALOGUE_MODELS.map(({ name }) => model(name).createIndexes()));
  return true;
}

function emptySummary(): SeedSummary {
  return {
    skipped: true,
    authors: 0,
    books: 0,
    unavailableBooks: 0,
    reviews: 0,
    approvedReviews: 0,
    orders: 0,
    covers: 0,
    excerpts: 0,
    printFiles: 0,
    accounts: DEMO_ACCOUNTS,
  };
}

/**
 * Step: excerpts for some books, so 'read excerpt' opens real pages, and print files for every
 * book, so its orders go to print instead of being rejected.
 */
async function writeBookFiles(
  dataDir: string,
  books: SeedDoc[],
  options: SeedOptions,
  writeCovers: boolean,
): Promise<{ excerpts: number; printFiles: number }> {
  const storage = options.storage ?? new LocalDiskStorage(path.resolve(dataDir, 'files'));
  const withExcerpts = options.excerpts ?? writeCovers;
  const excerpts = withExcerpts ? await writeDemoExcerpts(books, storage) : 0;
  const printFiles =
    (options.printFiles ?? withExcerpts) ? await writeDemoPrintFiles(books, storage) : 0;
  return { excerpts, printFiles };
}

/** Step: the demo reader's wishlist. */
async function seedWishlist({ model }: SeedContext, books: readonly SeedDoc[]): Promise<void> {
  const wished = books.filter((b) => b.isAvailable).slice(3, 6);
  await insertAll(
    model(WISHLIST_ITEM_MODEL),
    await Promise.all(
      wished.map((b, i) =>
        materialize(model(WISHLIST_ITEM_MODEL), {
          _id: demoId('wishlist', i),
          user: DEMO_IDS.reader,
          book: b._id,
          createdAt: new Date(LATEST - i * DAY),
          updatedAt: new Date(LATEST - i * DAY),
        }),
      ),
    ),
  );
}

/**
 * Loaded on the raw driver, past the models' write counters: count them here, so API processes
 * already running drop what they cached of the empty catalogue.
 */
async function announceCatalogue(connection: Connection): Promise<void> {
  await recordCatalogueWrites(connection, [
    CATEGORY_MODEL,
    USER_MODEL,
    AUTHOR_PROFILE_MODEL,
    BOOK_MODEL,
    REVIEW_MODEL,
  ]);
}
