import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import mongoose, { Types, type Connection, type Model } from 'mongoose';
import { BOOK_CATEGORIES, type BookCategory } from '@mechabrim/contracts';
import {
  AUTHOR_PROFILE_MODEL,
  BOOK_MODEL,
  CATEGORY_MODEL,
  CATALOGUE_MODELS,
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  ORDER_STATUSES,
  REVIEW_MODEL,
  USER_MODEL,
  WISHLIST_ITEM_MODEL,
  bookSearchFields,
  hashPassword,
  orderAmounts,
  ratingFromReviews,
  recordCatalogueWrites,
  type OrderStatus,
  type PaymentMethod,
  registerCatalogueModels,
} from '@mechabrim/db';
import {
  agorot,
  communityFirst85_10_5,
  lineTotal,
  lowestPriceCovering,
  splitPrintedLine,
  toAgorot,
  toShekels,
} from '@mechabrim/money';
import { podPackageId, tablePrintCostPerCopy } from '@mechabrim/print-specs';
import { AUTHOR_BIOS, FIRST_NAMES, composedBio, type Gender } from './bios.he';
import {
  CITIES,
  CONTENT,
  LAST_NAMES,
  STREETS,
  TITLE_ADJECTIVES,
  TITLE_NOUNS,
  TITLE_PLACES,
} from './content.he';
import { LocalDiskStorage, type StoragePort } from '@mechabrim/storage';
import { coverSvg } from './covers';
import { DESCRIPTIONS } from './descriptions.he';
import { writeDemoExcerpts } from './excerpts';
import { demoPageCount, writeDemoPrintFiles } from './print-files';
import { portraitSvg } from './portraits';
import { REVIEWERS, ReviewWriter } from './reviews.he';

/** The demo accounts (also listed in tools/demo-data/README.md). */
export const DEMO_ACCOUNTS = {
  reader: {
    name: 'דנה לוי',
    email: 'reader@mechabrim.co.il',
    password: 'Reader#2025',
    role: 'user',
  },
  author: {
    name: 'נועה ברק',
    email: 'author@mechabrim.co.il',
    password: 'Author#2025',
    role: 'author',
  },
  admin: {
    name: 'מנהלת האתר',
    email: 'admin@mechabrim.co.il',
    password: 'Admin#2025!',
    role: 'admin',
  },
} as const;

/** Deterministic ObjectId for the n-th record of a kind: the same on every run. */
export function demoId(kind: string, n: number): Types.ObjectId {
  return new Types.ObjectId(
    createHash('sha1').update(`mechabrim-demo:${kind}:${n}`).digest('hex').slice(0, 24),
  );
}

/** Ids other seeds may build on (e.g. orders for the demo author's books). */
export const DEMO_IDS = {
  reader: demoId('account', 0),
  author: demoId('author', 0),
  admin: demoId('account', 2),
} as const;

/** The number of hand-written titles (17 per category). */
export const HANDWRITTEN_BOOKS = Object.values(CONTENT).reduce((n, c) => n + c.titles.length, 0);

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

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The element at `index`; the demo data's tables are fixed, so a miss is a bug in this file. */
function elementAt<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`demo data: no element ${index} of ${list.length}`);
  return item;
}

const pick = <T>(rand: () => number, list: readonly T[]): T =>
  elementAt(list, Math.floor(rand() * list.length));

function pickSome<T>(rand: () => number, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < count && pool.length)
    out.push(elementAt(pool.splice(Math.floor(rand() * pool.length), 1), 0));
  return out;
}

const DAY = 24 * 60 * 60 * 1000;
const EPOCH = Date.UTC(2021, 0, 1);
/** Nothing in the demo happens after this, so runs on different days give the same data. */
const LATEST = Date.UTC(2026, 5, 30);

async function withConnection<T>(
  target: string | Connection,
  work: (c: Connection) => Promise<T>,
): Promise<T> {
  if (typeof target !== 'string') return work(target);
  const connection = await mongoose
    .createConnection(target, { serverSelectionTimeoutMS: 10_000 })
    .asPromise();
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
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

/** Builds a document with the schema's defaults applied, ready for a raw bulk insert. */
async function materialize(
  model: Model<unknown>,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const doc = new model(data);
  await doc.validate();
  return doc.toObject({ depopulate: true, virtuals: false, versionKey: true });
}

async function insertAll(model: Model<unknown>, docs: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 1000) {
    await model.collection.insertMany(docs.slice(i, i + 1000), { ordered: false });
  }
}

/** The n-th author's name and grammatical gender (author 0 is the demo author, נועה ברק). */
export function demoAuthor(i: number): { name: string; gender: Gender } {
  const first = elementAt(FIRST_NAMES, i % FIRST_NAMES.length);
  if (i === 0) return { name: DEMO_ACCOUNTS.author.name, gender: first.gender };
  const last = LAST_NAMES[(i * 7 + 3 + Math.floor(i / LAST_NAMES.length)) % LAST_NAMES.length];
  return { name: `${first.name} ${last}`, gender: first.gender };
}

/**
 * The n-th author's bio: hand-written for the first 40, composed for the rest. Always draws two
 * numbers from `rand`, so the data generated after it stays the same whichever bio it is.
 */
function authorBio(rand: () => number, i: number, category: BookCategory): string {
  const rolls = [rand(), rand()] as const;
  const handWritten = AUTHOR_BIOS[i];
  if (handWritten !== undefined) return handWritten;
  const { name, gender } = demoAuthor(i);
  return composedBio(
    name,
    gender,
    category,
    pick(() => rolls[1], CITIES),
    rolls,
  );
}

/** Where the API serves an author's generated picture (beside the covers, `DATA_DIR/covers`). */
function portraitPath(id: Types.ObjectId): string {
  return `/api/covers/portrait-${id.toHexString()}.svg`;
}

/** A small PRNG of its own for record `n` of `kind`, so its text does not shift the main stream. */
function ownPrng(kind: string, n: number): () => number {
  return prng(createHash('sha1').update(`${kind}:${n}`).digest().readUInt32LE(0));
}

function generatedTitle(rand: () => number, n: number): string {
  const base = `${pick(rand, TITLE_NOUNS)} ${pick(rand, TITLE_ADJECTIVES)}`;
  const withPlace = rand() < 0.4 ? `${base} ${pick(rand, TITLE_PLACES)}` : base;
  return n % 7 === 0 ? `${withPlace} ${2 + (n % 5)}` : withPlace;
}

/** Generated buyers besides the demo reader. */
const BUYER_COUNT = 4;
/** Orders seeded for the demo author: every status of spec §4 appears several times. */
const DEMO_ORDER_COUNT = 20;
const PAYMENT_CYCLE: readonly PaymentMethod[] = ['credit_card', 'credit_card', 'bit', 'paypal'];
/** How many days before {@link LATEST} an order of each status was placed (at least, spread). */
const ORDER_AGE_DAYS: Record<OrderStatus, [number, number]> = {
  pending: [0, 4],
  processing: [2, 8],
  shipped: [5, 14],
  delivered: [15, 320],
  cancelled: [10, 200],
};

/**
 * Orders for the demo author's available books, from the demo reader and the generated buyers,
 * cycling through every status. Some orders also hold another author's book (the author view
 * counts only its own lines). Sets `salesCount` so it agrees with the orders: a demo-author book's
 * salesCount is exactly its copies in the split orders; another book in such an order gets those
 * copies added to its sales from before the seeded order history. `ledgerCopies` is the copies
 * the ledger holds for each book.
 */
function demoOrders(
  books: Record<string, unknown>[],
  buyers: { _id: Types.ObjectId; name: string; email: string }[],
): Record<string, unknown>[] {
  const rand = prng(20250901);
  const own = books.filter(
    (b) => (b.author as Types.ObjectId).equals(DEMO_IDS.author) && b.isAvailable,
  );
  const others = books.filter(
    (b) => !(b.author as Types.ObjectId).equals(DEMO_IDS.author) && b.isAvailable,
  );
  if (!own.length) return [];
  // The demo author's sales are exactly its orders' (a hidden book, awaiting approval, sold none).
  for (const book of books)
    if ((book.author as Types.ObjectId).equals(DEMO_IDS.author)) book.salesCount = 0;
  const people = [
    { _id: DEMO_IDS.reader, name: DEMO_ACCOUNTS.reader.name, email: DEMO_ACCOUNTS.reader.email },
    ...buyers,
  ];
  const orders: Record<string, unknown>[] = [];
  let sold = 0;
  for (let i = 0; i < DEMO_ORDER_COUNT; i += 1) {
    const status = elementAt(ORDER_STATUSES, i % ORDER_STATUSES.length);
    // Shipped and delivered orders walk the books on their own counter, so every available book
    // has some copies in the readers' hands.
    const start = status === 'shipped' || status === 'delivered' ? sold++ : i;
    const lineBooks = Array.from(
      { length: Math.min(own.length, 1 + (i % 3 === 1 ? 1 : 0)) },
      (_, j) => elementAt(own, (start + j) % own.length),
    );
    if (i % 4 === 3 && others.length) lineBooks.push(elementAt(others, (i * 7) % others.length));
    const lines = lineBooks.map((book) => ({
      book: {
        _id: book._id,
        title: book.title,
        author: book.author,
        authorName: book.authorName,
        coverImage: book.coverImage,
      },
      quantity: 1 + Math.floor(rand() * 3),
      priceAgorot: toAgorot(book.price as number),
    }));
    // Copies count as sold once the order's split is in the ledger, as the worker's count does:
    // every screen of the author (books, dashboard, earnings) then shows the same copies, and
    // `ledgerCopies` says the count has taken them already.
    if (SPLIT_DEMO_STATUSES.includes(status))
      for (const [j, line] of lines.entries()) {
        const book = elementAt(lineBooks, j);
        book.salesCount = (book.salesCount as number) + line.quantity;
        book.ledgerCopies = ((book.ledgerCopies as number | undefined) ?? 0) + line.quantity;
      }
    const buyer = elementAt(people, i % 3 === 0 ? 0 : 1 + (i % buyers.length));
    const [minAge, maxAge] = ORDER_AGE_DAYS[status];
    const at = LATEST - (minAge + Math.floor(rand() * (maxAge - minAge + 1))) * DAY - i * 3600_000;
    orders.push({
      user: { userId: buyer._id, name: buyer.name, email: buyer.email },
      shippingAddress: {
        fullName: buyer.name,
        street: `${pick(rand, STREETS)} ${1 + Math.floor(rand() * 120)}`,
        city: pick(rand, CITIES),
        zip: String(1_000_000 + Math.floor(rand() * 8_999_999)),
        country: 'ישראל',
        phone: `05${Math.floor(rand() * 10)}-${String(1_000_000 + Math.floor(rand() * 8_999_999)).slice(0, 7)}`,
      },
      books: lines,
      ...orderAmounts(lines),
      paymentMethod: PAYMENT_CYCLE[i % PAYMENT_CYCLE.length],
      status,
      createdAt: new Date(at),
      updatedAt: new Date(status === 'pending' ? at : Math.min(LATEST, at + 2 * DAY)),
    });
  }
  return orders;
}

/** Demo orders whose payment went through: the ledger holds their split (the author's earnings). */
const SPLIT_DEMO_STATUSES: readonly string[] = ['processing', 'shipped', 'delivered'];

/**
 * The ledger entries of the demo orders that were paid, as the worker's `order-splits` writes
 * them under the default 85/10/5 policy (one entry per line and party), so the demo author's
 * earnings page reads real figures. Cancelled and pending demo orders were never split.
 */
function demoLedger(
  orders: Record<string, unknown>[],
  printCosts: ReadonlyMap<string, number>,
): Record<string, unknown>[] {
  return orders.flatMap((order) => {
    if (!SPLIT_DEMO_STATUSES.includes(order.status as string)) return [];
    const lines = order.books as Array<{
      book: { _id: Types.ObjectId; author: Types.ObjectId };
      quantity: number;
      priceAgorot: number;
    }>;
    const occurredAt = order.createdAt as Date;
    return lines.flatMap((line, lineIndex) => {
      // The book's quoted print cost per copy comes out of the author's 85 %, as in the split.
      const split = splitPrintedLine(communityFirst85_10_5, {
        priceAgorot: line.priceAgorot,
        quantity: line.quantity,
        printCostAgorot: printCosts.get(line.book._id.toHexString()) ?? 0,
      });
      const parties = [
        ['author', split.author],
        ['community', split.community],
        ['platform', split.platform],
        ...(split.printAndShipping > 0 ? [['print', split.printAndShipping] as const] : []),
      ] as const;
      return parties.map(([party, amountAgorot]) => ({
        orderId: order._id,
        lineIndex,
        party,
        kind: 'sale',
        amountAgorot,
        bookId: line.book._id,
        authorId: line.book.author,
        quantity: line.quantity,
        lineTotalAgorot: lineTotal(agorot(line.priceAgorot), line.quantity),
        policy: communityFirst85_10_5.name,
        occurredAt,
        createdAt: occurredAt,
      }));
    });
  });
}

function price(rand: () => number): number {
  return Math.min(120, Math.max(25, Math.floor(25 + rand() * 95) + 0.9));
}

/** When the demo books were quoted by the print simulator's table. */
const DEMO_QUOTED_AT = new Date('2025-12-01T08:00:00Z');

/**
 * A demo book's print cost quote (every demo book is A5, 70 g, black and white) by the print
 * simulator's documented table (libs/print-specs), and its price raised, if need be, to the
 * lowest whole-shekel-and-90 price whose author share covers it, as the API's rule requires.
 */
function demoPrint(drawnPrice: number, pages: number) {
  const product = podPackageId({});
  const cost = tablePrintCostPerCopy(product, pages) ?? 0;
  const lowest = toShekels(lowestPriceCovering(communityFirst85_10_5, agorot(cost)));
  const price = drawnPrice >= lowest ? drawnPrice : Math.ceil(lowest - 0.9) + 0.9;
  return {
    price,
    printCost: { agorot: cost, quotedAt: DEMO_QUOTED_AT, podPackageId: product, pages },
  };
}

/**
 * Loads the deterministic Hebrew demo catalogue: ≥ 40 authors, their books across every upload
 * category (titles with niqqud, final letters, gershayim and prefix particles), reviews (most
 * approved), a few hidden books, generated SVG covers under `<dataDir>/covers`, and the demo
 * accounts of {@link DEMO_ACCOUNTS}. Leaves a non-empty database alone unless `reset` is set.
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
    registerCatalogueModels(connection);
    const model = (name: string) => connection.model<unknown>(name);
    if (options.reset) {
      await Promise.all(CATALOGUE_MODELS.map(({ name }) => model(name).deleteMany({})));
    } else if (!(await isDatabaseEmpty(connection))) {
      log('demo data: the database is not empty; nothing loaded');
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
    await Promise.all(CATALOGUE_MODELS.map(({ name }) => model(name).createIndexes()));

    const rand = prng(20250808);
    const [readerHash, authorHash, adminHash, lockedHash] = await Promise.all([
      hashPassword(DEMO_ACCOUNTS.reader.password),
      hashPassword(DEMO_ACCOUNTS.author.password),
      hashPassword(DEMO_ACCOUNTS.admin.password),
      // Generated authors cannot sign in: their password is random and thrown away.
      hashPassword(randomBytes(24).toString('base64')),
    ]);

    // Categories
    await insertAll(
      model(CATEGORY_MODEL),
      await Promise.all(
        BOOK_CATEGORIES.map((c, i) =>
          materialize(model(CATEGORY_MODEL), {
            _id: demoId('category', i),
            slug: c.value,
            key: c.key,
            name: c.name,
            order: i,
            createdAt: new Date(EPOCH),
            updatedAt: new Date(EPOCH),
          }),
        ),
      ),
    );

    // Accounts and authors
    const users: Record<string, unknown>[] = [
      await materialize(model(USER_MODEL), {
        _id: DEMO_IDS.reader,
        name: DEMO_ACCOUNTS.reader.name,
        email: DEMO_ACCOUNTS.reader.email,
        passwordHash: readerHash,
        role: 'user',
        bio: 'קוראת נלהבת של ספרות עברית, בעיקר רומנים ושירה.',
        createdAt: new Date(EPOCH + 30 * DAY),
        updatedAt: new Date(EPOCH + 30 * DAY),
      }),
      await materialize(model(USER_MODEL), {
        _id: DEMO_IDS.admin,
        name: DEMO_ACCOUNTS.admin.name,
        email: DEMO_ACCOUNTS.admin.email,
        passwordHash: adminHash,
        role: 'admin',
        createdAt: new Date(EPOCH),
        updatedAt: new Date(EPOCH),
      }),
    ];
    // Generated buyers (they cannot sign in either); with the demo reader they place the orders.
    const buyers: { _id: Types.ObjectId; name: string; email: string }[] = [];
    for (let i = 0; i < BUYER_COUNT; i += 1) {
      const buyer = {
        _id: demoId('buyer', i),
        name: `${FIRST_NAMES[(i * 5 + 2) % FIRST_NAMES.length]?.name} ${LAST_NAMES[(i * 3 + 1) % LAST_NAMES.length]}`,
        email: `buyer${i}@demo.mechabrim.co.il`,
      };
      buyers.push(buyer);
      users.push(
        await materialize(model(USER_MODEL), {
          ...buyer,
          passwordHash: lockedHash,
          role: 'user',
          createdAt: new Date(EPOCH + (60 + i * 45) * DAY),
          updatedAt: new Date(EPOCH + (60 + i * 45) * DAY),
        }),
      );
    }
    const profiles: Record<string, unknown>[] = [];
    const authorGenres: number[][] = [];
    for (let i = 0; i < authorCount; i += 1) {
      const { name, gender } = demoAuthor(i);
      const primary = i % BOOK_CATEGORIES.length;
      const secondary = (i + 3) % BOOK_CATEGORIES.length;
      authorGenres.push([primary, secondary]);
      const joined = new Date(EPOCH + Math.floor(((i * 37) % 1900) * DAY) + (i % 24) * 3600_000);
      const id = i === 0 ? DEMO_IDS.author : demoId('author', i);
      users.push(
        await materialize(model(USER_MODEL), {
          _id: id,
          name,
          email: i === 0 ? DEMO_ACCOUNTS.author.email : `author${i}@demo.mechabrim.co.il`,
          passwordHash: i === 0 ? authorHash : lockedHash,
          role: 'author',
          bio: authorBio(rand, i, elementAt(BOOK_CATEGORIES, primary).value),
          // A drawn portrait or monogram, written with the covers (none without them).
          avatar: writeCovers ? portraitPath(id) : '',
          createdAt: joined,
          updatedAt: joined,
        }),
      );
      profiles.push(
        await materialize(model(AUTHOR_PROFILE_MODEL), {
          _id: demoId('profile', i),
          user: id,
          genres: [
            elementAt(BOOK_CATEGORIES, primary).value,
            elementAt(BOOK_CATEGORIES, secondary).value,
          ],
          languages: ['עברית'],
          // The gender the bio is written in, so the storefront speaks of the author in it too.
          gender: gender === 'f' ? 'female' : 'male',
          createdAt: joined,
          updatedAt: joined,
        }),
      );
    }
    await insertAll(model(USER_MODEL), users);
    await insertAll(model(AUTHOR_PROFILE_MODEL), profiles);
    const authorIds = users.filter((u) => u.role === 'author').map((u) => u._id as Types.ObjectId);
    const authorNames = users.filter((u) => u.role === 'author').map((u) => u.name as string);
    const byCategory: number[][] = BOOK_CATEGORIES.map((_, c) =>
      authorGenres.flatMap((genres, i) => (genres.includes(c) ? [i] : [])),
    );

    // Books
    const books: Record<string, unknown>[] = [];
    const handwritten = BOOK_CATEGORIES.flatMap((c, ci) =>
      CONTENT[c.value].titles.map((title, ti) => ({ title, ci, ti })),
    );
    let demoAuthorHidden = false;
    const reviewProfiles: { popularity: number; ratingBias: number }[] = [];
    for (let k = 0; k < bookCount; k += 1) {
      const hw = handwritten[k];
      const ci = hw ? hw.ci : k % BOOK_CATEGORIES.length;
      const category = elementAt(BOOK_CATEGORIES, ci);
      const content = CONTENT[category.value];
      const title = hw ? hw.title : generatedTitle(rand, k);
      const candidates = elementAt(byCategory, ci);
      const authorIndex = hw
        ? elementAt(candidates, hw.ti % candidates.length)
        : Math.floor(rand() * authorCount);
      const id = demoId('book', k);
      // Three draws either way, so everything generated after stays the same.
      const rolls = [rand(), rand(), rand()] as const;
      const handWritten = hw ? DESCRIPTIONS[title] : undefined;
      const description =
        handWritten ??
        [
          elementAt(content.openings, Math.floor(rolls[0] * content.openings.length)),
          ...new Set([
            elementAt(content.middles, Math.floor(rolls[1] * content.middles.length)),
            elementAt(content.middles, Math.floor(rolls[2] * content.middles.length)),
          ]),
        ]
          .join(' ')
          .replaceAll('{title}', title);
      // The summary is the description's first sentence.
      const opening = description.split(/(?<=[.!?])\s+/u)[0] ?? description;
      // How much the book is reviewed, and how well: the reviews below follow these, and the
      // book's rating and totalRatings are then computed from its approved reviews.
      const popularity = rand() ** 2;
      const ratingBias = 3 + rand() * 2;
      reviewProfiles.push({ popularity, ratingBias });
      const published = EPOCH - 2 * 365 * DAY + Math.floor(rand() * 6 * 365) * DAY;
      const createdAt = Math.min(
        LATEST,
        Math.max(published, EPOCH) + Math.floor(rand() * 60) * DAY,
      );
      let isAvailable = k % 13 !== 5;
      if (authorIndex === 0 && !demoAuthorHidden && isAvailable && k > 0) {
        isAvailable = false; // the demo author has a book waiting for approval
        demoAuthorHidden = true;
      }
      const tags = pickSome(rand, content.tags, 2 + Math.floor(rand() * 3));
      const authorNameValue = elementAt(authorNames, authorIndex);
      // Drawn in the order the catalogue always drew them, so the demo stays the same.
      const drawnPrice = price(rand);
      const salesCount = Math.floor(rand() ** 3 * 900);
      const pages = demoPageCount(80 + Math.floor(rand() * 400));
      books.push(
        await materialize(model(BOOK_MODEL), {
          _id: id,
          title,
          coverImage: `/api/covers/${id.toHexString()}.svg`,
          author: elementAt(authorIds, authorIndex),
          authorName: authorNameValue,
          category: category.value,
          ...demoPrint(drawnPrice, pages),
          description,
          summary: opening,
          rating: 0,
          totalRatings: 0,
          isAvailable,
          tags,
          publishedDate: new Date(published),
          salesCount,
          pages,
          createdAt: new Date(createdAt),
          updatedAt: new Date(createdAt),
          ...bookSearchFields({ title, authorName: authorNameValue, tags }),
        }),
      );
    }
    // Covers
    let covers = 0;
    if (writeCovers) {
      const dir = path.resolve(dataDir, 'covers');
      await mkdir(dir, { recursive: true });
      const queue = books.map((b, k) => ({ b, k }));
      const workers = Array.from({ length: 16 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const { b, k } = next;
          const ci = BOOK_CATEGORIES.findIndex((c) => c.value === b.category);
          await writeFile(
            path.join(dir, `${(b._id as Types.ObjectId).toHexString()}.svg`),
            coverSvg({
              title: b.title as string,
              author: b.authorName as string,
              categoryIndex: ci,
              seed: k * 2654435761,
            }),
          );
          covers += 1;
        }
      });
      await Promise.all(workers);
      for (const [i, id] of authorIds.entries()) {
        const { name, gender } = demoAuthor(i);
        await writeFile(
          path.join(dir, path.basename(portraitPath(id))),
          portraitSvg({ name, gender, seed: i * 40503 + 7 }),
        );
      }
    }

    // Excerpts for some books, so 'read excerpt' opens real pages.
    const storage = options.storage ?? new LocalDiskStorage(path.resolve(dataDir, 'files'));
    const withExcerpts = options.excerpts ?? writeCovers;
    const excerpts = withExcerpts ? await writeDemoExcerpts(books, storage) : 0;
    // Print files for every book, so its orders go to print instead of being rejected.
    const printFiles =
      (options.printFiles ?? withExcerpts) ? await writeDemoPrintFiles(books, storage) : 0;

    // Reviews: most approved, some waiting for moderation. Hand-written books get 2–11 (more for
    // popular ones) so none looks empty; generated ones (the bench's 10,000) 0–1.
    const reviews: Record<string, unknown>[] = [];
    const writer = new ReviewWriter();
    const authorGender = new Map(
      authorIds.map((id, i) => [id.toHexString(), demoAuthor(i).gender] as const),
    );
    let approvedReviews = 0;
    for (const [k, book] of books.entries()) {
      const { popularity, ratingBias } = elementAt(reviewProfiles, k);
      const count =
        k < HANDWRITTEN_BOOKS ? 2 + Math.floor(popularity * 10) : Math.floor(rand() * 2);
      const approvedStars: number[] = [];
      for (let r = 0; r < count; r += 1) {
        const stars = Math.max(1, Math.min(5, Math.round(ratingBias + (rand() - 0.5) * 2))) as
          1 | 2 | 3 | 4 | 5;
        const isApproved = rand() < 0.8;
        if (isApproved) {
          approvedReviews += 1;
          approvedStars.push(stars);
        }
        const byReader = k % 23 === 0 && r === 0;
        const at = Math.min(
          LATEST,
          (book.createdAt as Date).getTime() + Math.floor(rand() * 200) * DAY,
        );
        // One draw for the reviewer (none for the demo reader) and one for the text, as always.
        const reviewer = byReader
          ? { name: DEMO_ACCOUNTS.reader.name, gender: 'f' as const }
          : pick(rand, REVIEWERS);
        rand();
        const content = writer.write(
          {
            title: book.title as string,
            category: book.category as BookCategory,
            authorName: book.authorName as string,
            authorGender: authorGender.get((book.author as Types.ObjectId).toHexString()) ?? 'f',
          },
          stars,
          reviewer.gender,
          ownPrng('review', reviews.length),
        );
        reviews.push(
          await materialize(model(REVIEW_MODEL), {
            _id: demoId('review', reviews.length),
            book: book._id,
            user: byReader ? DEMO_IDS.reader : null,
            authorName: reviewer.name,
            content,
            rating: stars,
            isApproved,
            createdAt: new Date(at),
            updatedAt: new Date(at),
          }),
        );
      }
      Object.assign(book, ratingFromReviews(approvedStars));
    }

    // Orders for the demo author's books (its dashboard's orders and earnings).
    const orders = demoOrders(books, buyers).map((order, i) => ({
      _id: demoId('order', i),
      ...order,
      ...(SPLIT_DEMO_STATUSES.includes(order.status as string)
        ? { paidAt: order.createdAt, splitAt: order.createdAt }
        : {}),
    }));
    const orderDocs: Record<string, unknown>[] = [];
    for (const order of orders) orderDocs.push(await materialize(model(ORDER_MODEL), order));

    await insertAll(model(BOOK_MODEL), books);
    await insertAll(model(REVIEW_MODEL), reviews);
    await insertAll(model(ORDER_MODEL), orderDocs);
    await insertAll(
      model(LEDGER_ENTRY_MODEL),
      demoLedger(
        orders,
        new Map(
          books.map((b) => [
            (b._id as Types.ObjectId).toHexString(),
            (b.printCost as { agorot: number } | undefined)?.agorot ?? 0,
          ]),
        ),
      ),
    );

    // The reader's wishlist
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

    // Loaded on the raw driver, past the models' write counters: count them here, so API
    // processes already running drop what they cached of the empty catalogue.
    await recordCatalogueWrites(connection, [
      CATEGORY_MODEL,
      USER_MODEL,
      AUTHOR_PROFILE_MODEL,
      BOOK_MODEL,
      REVIEW_MODEL,
    ]);

    const summary: SeedSummary = {
      skipped: false,
      authors: authorCount,
      books: books.length,
      unavailableBooks: books.filter((b) => !b.isAvailable).length,
      reviews: reviews.length,
      approvedReviews,
      orders: orderDocs.length,
      covers,
      excerpts,
      printFiles,
      accounts: DEMO_ACCOUNTS,
    };
    log(
      `demo data: ${summary.authors} authors, ${summary.books} books (${summary.unavailableBooks} hidden), ` +
        `${summary.reviews} reviews, ${summary.orders} orders, ${summary.covers} covers, ${summary.excerpts} excerpts, ${summary.printFiles} books with print files`,
    );
    return summary;
  });
}
