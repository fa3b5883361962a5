import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Types } from 'mongoose';
import { BOOK_CATEGORIES } from '@mechabrim/contracts';
import { BOOK_MODEL, bookSearchFields } from '@mechabrim/db';
import { agorot, communityFirst85_10_5, lowestPriceCovering, toShekels } from '@mechabrim/money';
import { podPackageId, tablePrintCostPerCopy } from '@mechabrim/print-specs';
import { CONTENT, TITLE_ADJECTIVES, TITLE_NOUNS, TITLE_PLACES } from './content.he';
import { coverSvg } from './covers';
import { demoId } from './demo-accounts';
import { DESCRIPTIONS } from './descriptions.he';
import { demoPageCount } from './print-files';
import { portraitSvg } from './portraits';
import { demoAuthor, portraitPath, type DemoPeople } from './seed-people';
import {
  DAY,
  EPOCH,
  LATEST,
  elementAt,
  materialize,
  pick,
  pickSome,
  type SeedContext,
  type SeedDoc,
} from './seed-kit';

/** How much a book is reviewed, and how well (the reviews step follows it). */
export interface ReviewProfile {
  popularity: number;
  ratingBias: number;
}

/** A hand-written title: its category's index and its index among the category's titles. */
interface HandwrittenTitle {
  title: string;
  ci: number;
  ti: number;
}

/** The books step's running state: the demo author has one book hidden, awaiting approval. */
interface BookDraw {
  demoAuthorHidden: boolean;
}

function generatedTitle(rand: () => number, n: number): string {
  const base = `${pick(rand, TITLE_NOUNS)} ${pick(rand, TITLE_ADJECTIVES)}`;
  const withPlace = rand() < 0.4 ? `${base} ${pick(rand, TITLE_PLACES)}` : base;
  return n % 7 === 0 ? `${withPlace} ${2 + (n % 5)}` : withPlace;
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
 * Step: `bookCount` books, the hand-written titles first, then titles generated from the word
 * lists; each by an author who writes in its category. Built, not yet inserted: the reviews set
 * their rating and the orders their sales.
 */
export async function drawBooks(
  ctx: SeedContext,
  people: DemoPeople,
  bookCount: number,
): Promise<{ books: SeedDoc[]; reviewProfiles: ReviewProfile[] }> {
  const books: SeedDoc[] = [];
  const handwritten = BOOK_CATEGORIES.flatMap((c, ci) =>
    CONTENT[c.value].titles.map((title, ti) => ({ title, ci, ti })),
  );
  const draw: BookDraw = { demoAuthorHidden: false };
  const reviewProfiles: ReviewProfile[] = [];
  for (let k = 0; k < bookCount; k += 1) {
    const { book, profile } = drawBook(ctx, people, k, handwritten[k], draw);
    books.push(await materialize(ctx.model(BOOK_MODEL), book));
    reviewProfiles.push(profile);
  }
  return { books, reviewProfiles };
}

/** The k-th book, its random draws in the order the catalogue always drew them. */
function drawBook(
  { rand }: SeedContext,
  people: DemoPeople,
  k: number,
  hw: HandwrittenTitle | undefined,
  draw: BookDraw,
): { book: SeedDoc; profile: ReviewProfile } {
  const ci = hw ? hw.ci : k % BOOK_CATEGORIES.length;
  const category = elementAt(BOOK_CATEGORIES, ci);
  const content = CONTENT[category.value];
  const title = hw ? hw.title : generatedTitle(rand, k);
  const candidates = elementAt(people.byCategory, ci);
  const authorIndex = hw
    ? elementAt(candidates, hw.ti % candidates.length)
    : Math.floor(rand() * people.authorIds.length);
  const id = demoId('book', k);
  const description = bookDescription(rand, content, title, hw !== undefined);
  // The summary is the description's first sentence.
  const opening = description.split(/(?<=[.!?])\s+/u)[0] ?? description;
  // How much the book is reviewed, and how well: the reviews follow these, and the book's rating
  // and totalRatings are then computed from its approved reviews.
  const profile = { popularity: rand() ** 2, ratingBias: 3 + rand() * 2 };
  const published = EPOCH - 2 * 365 * DAY + Math.floor(rand() * 6 * 365) * DAY;
  const createdAt = Math.min(LATEST, Math.max(published, EPOCH) + Math.floor(rand() * 60) * DAY);
  let isAvailable = k % 13 !== 5;
  if (authorIndex === 0 && !draw.demoAuthorHidden && isAvailable && k > 0) {
    isAvailable = false; // the demo author has a book waiting for approval
    draw.demoAuthorHidden = true;
  }
  const tags = pickSome(rand, content.tags, 2 + Math.floor(rand() * 3));
  const authorNameValue = elementAt(people.authorNames, authorIndex);
  // Drawn in the order the catalogue always drew them, so the demo stays the same.
  const drawnPrice = price(rand);
  const salesCount = Math.floor(rand() ** 3 * 900);
  const pages = demoPageCount(80 + Math.floor(rand() * 400));
  const book = {
    _id: id,
    title,
    coverImage: `/api/covers/${id.toHexString()}.webp`,
    author: elementAt(people.authorIds, authorIndex),
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
  };
  return { book, profile };
}

/** A hand-written title's own description, or one composed from its category's sentences. */
function bookDescription(
  rand: () => number,
  content: (typeof CONTENT)[keyof typeof CONTENT],
  title: string,
  handwritten: boolean,
): string {
  // Three draws either way, so everything generated after stays the same.
  const rolls = [rand(), rand(), rand()] as const;
  const handWritten = handwritten ? DESCRIPTIONS[title] : undefined;
  return (
    handWritten ??
    [
      elementAt(content.openings, Math.floor(rolls[0] * content.openings.length)),
      ...new Set([
        elementAt(content.middles, Math.floor(rolls[1] * content.middles.length)),
        elementAt(content.middles, Math.floor(rolls[2] * content.middles.length)),
      ]),
    ]
      .join(' ')
      .replaceAll('{title}', title)
  );
}

/**
 * Width of a demo cover as served (WebP, 2:3): sharp on a phone's book page, where the cover is
 * drawn 360 px wide at a device pixel ratio of ~1.75.
 */
export const DEMO_COVER_WIDTH = 600;

/** Width of a demo author's picture as served (WebP, square): sharp at 128 px on a 2× screen. */
export const DEMO_PORTRAIT_WIDTH = 256;

/**
 * A drawing as the image the store serves: WebP, like the sizes the preflight makes of an
 * uploaded cover and like the photos authors link to. Served as SVG, each picture was a document
 * of its own that the browser parsed, laid out and painted again whenever the page was: on home
 * at 4× CPU the covers made the app's takeover paint ~40 ms longer and added a task of ~65 ms of
 * paint and tasks of 25–60 ms of parsing and layout as they arrived, and the 11 portraits of
 * `/authors` took 160–180 ms of parsing alone — a cost real covers and photos never had. Link
 * previews do not show SVG either. Rasterized at the served width (`drawnWidth` is the SVG's
 * own), not scaled up afterwards.
 */
async function drawingAsWebp(svg: string, drawnWidth: number, width: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg), { density: (72 * width) / drawnWidth })
    .resize({ width })
    .webp({ quality: 82, effort: 2 })
    .toBuffer();
}

/**
 * Step: each book's generated cover and each author's portrait, drawn as SVG and kept beside the
 * WebP the book or the author links to, under `<dataDir>/covers`.
 */
export async function writeCoverFiles(
  dataDir: string,
  books: readonly SeedDoc[],
  authorIds: readonly Types.ObjectId[],
): Promise<number> {
  const dir = path.resolve(dataDir, 'covers');
  await mkdir(dir, { recursive: true });
  /** A drawing written as `<name>.svg` and the `<name>.webp` the store links to. */
  const drawing = (name: string, svg: string, drawnWidth: number, width: number) => async () => {
    const file = path.join(dir, name);
    await writeFile(`${file}.svg`, svg);
    await writeFile(`${file}.webp`, await drawingAsWebp(svg, drawnWidth, width));
  };
  const queue = [
    ...books.map((b, k) =>
      drawing(
        (b._id as Types.ObjectId).toHexString(),
        coverSvg({
          title: b.title as string,
          author: b.authorName as string,
          categoryIndex: BOOK_CATEGORIES.findIndex((c) => c.value === b.category),
          seed: k * 2654435761,
        }),
        400,
        DEMO_COVER_WIDTH,
      ),
    ),
    ...authorIds.map((id, i) => {
      const { name, gender } = demoAuthor(i);
      return drawing(
        path.basename(portraitPath(id), '.webp'),
        portraitSvg({ name, gender, seed: i * 40503 + 7 }),
        200,
        DEMO_PORTRAIT_WIDTH,
      );
    }),
  ];
  // A few at a time: sharp works on its own threads, and a large seed has thousands of drawings.
  const workers = Array.from({ length: 16 }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await next();
  });
  await Promise.all(workers);
  return books.length;
}
