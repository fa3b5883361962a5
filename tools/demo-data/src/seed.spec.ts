import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mongoose, { Types, type Connection } from 'mongoose';
import { BOOK_CATEGORIES } from '@mechabrim/contracts';
import { readCatalogueVersions, verifyPassword } from '@mechabrim/db';
import { normalizeHebrew } from '@mechabrim/hebrew';
import { agorot, donationOf, toAgorot } from '@mechabrim/money';
import { coverSpread, interiorPageMm, mmToPoints } from '@mechabrim/print-specs';
import { startTestMongo, type TestMongo } from '@mechabrim/testing';
import { FIRST_NAMES } from './bios.he';
import { CONTENT } from './content.he';
import { DESCRIPTIONS } from './descriptions.he';
import { DEMO_PAGE_COUNTS } from './print-files';
import { REVIEWERS } from './reviews.he';
import { DEMO_ACCOUNTS, DEMO_IDS, isDatabaseEmpty, seedDemoData } from './seed';
import { DEMO_COVER_WIDTH, DEMO_PORTRAIT_WIDTH } from './seed-books';

describe('seedDemoData', () => {
  let mongo: TestMongo;
  let connection: Connection;
  let dataDir: string;

  beforeAll(async () => {
    mongo = await startTestMongo();
    connection = await mongoose.createConnection(mongo.uri).asPromise();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'demo-data-'));
  });

  afterAll(async () => {
    await connection?.close();
    await mongo?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loads the catalogue into an empty database, then leaves it alone', async () => {
    expect(await isDatabaseEmpty(connection)).toBe(true);
    const summary = await seedDemoData(connection, { dataDir });
    // Loaded past the models, so counted by hand: running API processes drop their empty copies.
    const versions = await readCatalogueVersions(connection);
    for (const model of ['Book', 'User', 'AuthorProfile', 'Review', 'Category'])
      expect(versions.get(model)).toBeGreaterThan(0);
    expect(summary.skipped).toBe(false);
    expect(summary.authors).toBeGreaterThanOrEqual(40);
    expect(summary.books).toBeGreaterThanOrEqual(160);
    expect(summary.unavailableBooks).toBeGreaterThan(0);
    expect(summary.approvedReviews).toBeGreaterThan(0);
    expect(summary.reviews).toBeGreaterThan(summary.approvedReviews);
    expect(summary.orders).toBeGreaterThanOrEqual(10);
    expect(await isDatabaseEmpty(connection)).toBe(false);
    expect((await seedDemoData(connection, { dataDir })).skipped).toBe(true);
  });

  it('gives the first books on sale of each category an excerpt: a small PDF of a few pages', async () => {
    const withExcerpt = await connection
      .collection('books')
      .find({ 'files.excerpt': { $nin: ['', null] } })
      .toArray();
    expect(withExcerpt.length).toBe(BOOK_CATEGORIES.length * 2);
    expect(new Set(withExcerpt.map((b) => b.category)).size).toBe(BOOK_CATEGORIES.length);
    for (const book of withExcerpt) {
      expect(book.isAvailable).toBe(true);
      expect(book.files.excerpt).toBe(`books/${String(book._id)}/excerpt.pdf`);
    }
    const first = withExcerpt[0];
    if (!first) throw new Error('no excerpt written');
    const pdf = await readFile(path.join(dataDir, 'files', first.files.excerpt as string));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(100_000);
    // A title page and two or three pages of the first chapter.
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.length).toBeLessThanOrEqual(4);
  });

  it('gives every book print files of its page count, so its orders go to print', async () => {
    const books = await connection.collection('books').find().toArray();
    const first = books[0];
    if (!first) throw new Error('no books');
    for (const book of books) {
      expect(DEMO_PAGE_COUNTS).toContain(book.pages);
      expect(book.files.pdf).toBe(`books/${String(book._id)}/interior.pdf`);
      expect(book.files.coverPdf).toBe(`books/${String(book._id)}/cover.pdf`);
    }
    const mediaBoxes = (pdf: Buffer) =>
      [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map(
        (m) => [Number(m[1]), Number(m[2])],
      );
    const interior = await readFile(path.join(dataDir, 'files', first.files.pdf as string));
    expect(interior.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = mediaBoxes(interior);
    expect(pages.length).toBe(first.pages);
    const page = interiorPageMm('A5');
    for (const [width, height] of pages) {
      expect(width).toBeCloseTo(mmToPoints(page.widthMm), 1);
      expect(height).toBeCloseTo(mmToPoints(page.heightMm), 1);
    }
    const cover = await readFile(path.join(dataDir, 'files', first.files.coverPdf as string));
    const spread = coverSpread({ pages: first.pages, size: 'A5', paper: '70g', direction: 'rtl' });
    expect(mediaBoxes(cover)).toEqual([
      [expect.closeTo(spread.widthPt, 1), expect.closeTo(spread.heightPt, 1)],
    ]);
  });

  it('covers every upload category with Hebrew titles, prices 25–120 and ratings', async () => {
    const books = await connection.collection('books').find().toArray();
    expect(new Set(books.map((b) => b.category))).toEqual(
      new Set(BOOK_CATEGORIES.map((c) => c.value)),
    );
    for (const book of books) {
      expect(book.title).toMatch(/[\u05D0-\u05EA]/);
      expect(book.price).toBeGreaterThanOrEqual(25);
      expect(book.price).toBeLessThanOrEqual(120);
      expect(book.searchKeys.length).toBeGreaterThan(0);
      expect(book.coverImage).toMatch(/^\/api\/covers\/[a-f0-9]{24}\.webp$/);
    }
    expect(books.some((b) => /[\u0591-\u05C7]/.test(b.title))).toBe(true); // niqqud
    expect(books.some((b) => /[ךםןףץ]/.test(b.title))).toBe(true); // final letters
    expect(books.some((b) => /[\u05F3\u05F4]/.test(b.title))).toBe(true); // geresh / gershayim
    expect(books.some((b) => b.tags.some((t: string) => /[\u0591-\u05C7]/.test(t)))).toBe(true);
    expect(books.some((b) => b.rating > 0 && b.totalRatings > 0)).toBe(true);
    expect(books.some((b) => normalizeHebrew(b.title).split(' ').includes('בירושלימ'))).toBe(true);
  });

  it('draws an SVG cover for every book, in several designs per genre, serves it as WebP, and a picture per author, also WebP', async () => {
    const dir = path.join(dataDir, 'covers');
    const files = await readdir(dir);
    const books = await connection.collection('books').find().toArray();
    const authors = await connection.collection('users').find({ role: 'author' }).toArray();
    expect(files.length).toBe(2 * books.length + 2 * authors.length);
    // What a book links to is its drawing as a WebP image, 2:3 at the served width.
    const { default: sharp } = await import('sharp');
    for (const book of books) {
      const image = await readFile(path.join(dir, path.basename(book.coverImage as string)));
      const { format, width, height } = await sharp(image).metadata();
      expect({ format, width, height }).toEqual({
        format: 'webp',
        width: DEMO_COVER_WIDTH,
        height: DEMO_COVER_WIDTH * 1.5,
      });
    }
    const layoutOf = (svg: string) =>
      ['<rect x="20" y="20"', '<rect y="330"', '<rect x="358"', 'r="150"'].findIndex((m) =>
        svg.includes(m),
      );
    for (const category of BOOK_CATEGORIES) {
      const svgs = await Promise.all(
        books
          .filter((b) => b.category === category.value)
          .map((b) => readFile(path.join(dir, `${String(b._id)}.svg`), 'utf8')),
      );
      for (const svg of svgs) {
        expect(svg).toMatch(/^<\?xml[\s\S]*<svg[^>]* width="400" height="600"[\s\S]*<\/svg>\s*$/);
        // Small: the cover is the largest image of some pages (it was ~1.5 KB as one template).
        expect(Buffer.byteLength(svg)).toBeLessThan(1500);
      }
      // Several layouts, colour schemes and drawings within one genre.
      expect(new Set(svgs.map(layoutOf)).size).toBeGreaterThanOrEqual(3);
      expect(
        new Set(svgs.map((s) => /<rect width="400" height="600" fill="([^"]+)"/.exec(s)?.[1])).size,
      ).toBeGreaterThanOrEqual(2);
      expect(
        new Set(svgs.map((s) => /scale\([^)]*\)">(<[a-z]+ [^ ]+)/.exec(s)?.[1])).size,
      ).toBeGreaterThanOrEqual(2);
    }
    // Every author has a drawn portrait or a monogram, served beside the covers as a square WebP
    // (link previews show no SVG), its drawing kept beside it.
    const pictures = new Set<string>();
    for (const author of authors) {
      expect(author.avatar).toBe(`/api/covers/portrait-${String(author._id)}.webp`);
      const image = await readFile(path.join(dir, path.basename(author.avatar as string)));
      const { format, width, height } = await sharp(image).metadata();
      expect({ format, width, height }).toEqual({
        format: 'webp',
        width: DEMO_PORTRAIT_WIDTH,
        height: DEMO_PORTRAIT_WIDTH,
      });
      const svg = await readFile(path.join(dir, `portrait-${String(author._id)}.svg`), 'utf8');
      expect(svg).toMatch(/^<svg[^>]* width="200" height="200"[\s\S]*<\/svg>\s*$/);
      expect(Buffer.byteLength(svg)).toBeLessThan(1200);
      pictures.add(svg.replace(/aria-label="[^"]*"|<text[\s\S]*<\/text>/g, ''));
    }
    expect(pictures.size).toBeGreaterThan(authors.length * 0.8);
  });

  it('creates the demo accounts with working passwords, and an author with books', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = await connection.collection('users').findOne({ email: account.email });
      expect(user?.role).toBe(account.role);
      expect(await verifyPassword(user?.passwordHash, account.password)).toBe(true);
    }
    const own = await connection.collection('books').find({ author: DEMO_IDS.author }).toArray();
    expect(own.length).toBeGreaterThan(1);
    expect(own.some((b) => !b.isAvailable)).toBe(true);
  });

  it("derives every book's rating and totalRatings from its approved reviews", async () => {
    const books = await connection.collection('books').find().toArray();
    const reviews = await connection.collection('reviews').find().toArray();
    const approved = new Map<string, number[]>();
    for (const r of reviews)
      if (r.isApproved)
        approved.set(String(r.book), [...(approved.get(String(r.book)) ?? []), r.rating]);
    for (const book of books) {
      const stars = approved.get(String(book._id)) ?? [];
      expect([book.title, book.totalRatings]).toEqual([book.title, stars.length]);
      const mean = stars.length ? stars.reduce((a, b) => a + b, 0) / stars.length : 0;
      expect(book.rating).toBeCloseTo(Math.round(mean * 10) / 10, 5);
    }
    // No hand-written book looks empty: each has at least two reviews, most have approved ones.
    const perBook = new Map<string, number>();
    for (const r of reviews) perBook.set(String(r.book), (perBook.get(String(r.book)) ?? 0) + 1);
    expect(books.every((b) => (perBook.get(String(b._id)) ?? 0) >= 2)).toBe(true);
    expect(books.filter((b) => b.totalRatings > 0).length).toBeGreaterThan(books.length * 0.9);
  });

  it('gives the demo author orders in every status, from the reader and generated buyers', async () => {
    const orders = await connection.collection('orders').find().toArray();
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['pending', 'processing', 'shipped', 'delivered', 'cancelled']),
    );
    expect(orders.some((o) => String(o.user.userId) === String(DEMO_IDS.reader))).toBe(true);
    expect(new Set(orders.map((o) => o.user.email)).size).toBeGreaterThan(2);
    const own = await connection
      .collection('books')
      .find({ author: DEMO_IDS.author, isAvailable: true })
      .toArray();
    const ownIds = new Set(own.map((b) => String(b._id)));
    for (const order of orders) {
      expect(
        order.books.some(
          (l: { book: { author: unknown } }) => String(l.book.author) === String(DEMO_IDS.author),
        ),
      ).toBe(true);
      const total = order.books.reduce(
        (sum: number, l: { quantity: number; priceAgorot: number }) =>
          sum + l.quantity * l.priceAgorot,
        0,
      );
      expect(order.totalAmountAgorot).toBe(total);
      expect(order.donationAmountAgorot).toBe(donationOf(agorot(total)));
      expect(Number.isInteger(order.totalAmountAgorot)).toBe(true);
      expect(order.shippingAddress.street).toMatch(/[\u05D0-\u05EA]/);
      expect(order.shippingAddress.city).toMatch(/[\u05D0-\u05EA]/);
      for (const line of order.books) {
        if (ownIds.has(String(line.book._id))) {
          const book = own.find((b) => String(b._id) === String(line.book._id))!;
          expect(line.book.title).toBe(book.title);
          expect(line.book.coverImage).toBe(book.coverImage);
          expect(line.priceAgorot).toBe(toAgorot(book.price));
        }
      }
    }
    // salesCount of the demo author's books: exactly the copies the ledger holds for them (the
    // author's entries), as the earnings page counts them — the books tab and dashboard agree.
    const ledger = await connection.collection('ledger').find({ party: 'author' }).toArray();
    const sold = new Map<string, number>();
    for (const entry of ledger)
      sold.set(String(entry.bookId), (sold.get(String(entry.bookId)) ?? 0) + entry.quantity);
    for (const book of own) {
      expect([book.title, book.salesCount]).toEqual([book.title, sold.get(String(book._id)) ?? 0]);
      expect(book.salesCount).toBeGreaterThan(0);
    }
    const hidden = await connection
      .collection('books')
      .find({ author: DEMO_IDS.author, isAvailable: false })
      .toArray();
    expect(hidden.every((b) => b.salesCount === 0)).toBe(true);
    // Other books sold in those orders carry at least those copies.
    const others = await connection
      .collection('books')
      .find({
        _id: {
          $in: [...sold.keys()].filter((id) => !ownIds.has(id)).map((id) => new Types.ObjectId(id)),
        },
      })
      .toArray();
    for (const book of others)
      expect(book.salesCount).toBeGreaterThanOrEqual(sold.get(String(book._id))!);
    // Every book says how many of its copies the ledger holds: the worker's count of its next
    // sale adds only that sale's copies.
    const books = await connection.collection('books').find().toArray();
    for (const book of books)
      expect([book.title, book.ledgerCopies ?? 0]).toEqual([
        book.title,
        sold.get(String(book._id)) ?? 0,
      ]);
  });

  it('splits the paid demo orders into the ledger, so the demo author has earnings', async () => {
    const orders = await connection.collection('orders').find().toArray();
    const ledger = await connection.collection('ledger').find().toArray();
    const books = await connection.collection('books').find().toArray();
    // Every demo book carries a print cost quote by the simulator's table, and a price that covers it.
    for (const book of books) {
      expect(book.printCost).toMatchObject({
        agorot: expect.any(Number),
        quotedAt: expect.any(Date),
        podPackageId: '0583X0827.BW.STD.PB.060UW444.MXX',
        pages: book.pages,
      });
      expect(book.price * 0.85 * 100).toBeGreaterThanOrEqual(book.printCost.agorot);
    }
    const paid = orders.filter((o) => ['processing', 'shipped', 'delivered'].includes(o.status));
    expect(paid.length).toBeGreaterThan(0);
    for (const order of orders) {
      const entries = ledger.filter((e) => String(e.orderId) === String(order._id));
      if (!paid.includes(order)) {
        expect(entries).toEqual([]);
        continue;
      }
      expect(order.splitAt).toEqual(order.createdAt);
      // Every line's parties add up to the line exactly: 85/10/5, the book's quoted print cost
      // per copy out of the author's share.
      for (const [lineIndex, line] of order.books.entries()) {
        const parts = entries.filter((e) => e.lineIndex === lineIndex);
        expect(parts.map((e) => e.party).sort()).toEqual([
          'author',
          'community',
          'platform',
          'print',
        ]);
        expect(parts.reduce((sum, e) => sum + e.amountAgorot, 0)).toBe(
          line.quantity * line.priceAgorot,
        );
        const book = books.find((b) => String(b._id) === String(line.book._id));
        expect(parts.find((e) => e.party === 'print')?.amountAgorot).toBe(
          line.quantity * book?.printCost.agorot,
        );
        expect(parts.find((e) => e.party === 'author')?.amountAgorot).toBeGreaterThanOrEqual(0);
      }
    }
    expect(ledger.some((e) => String(e.authorId) === String(DEMO_IDS.author))).toBe(true);
  });

  it('reads like a real bookshop: hand-written descriptions, gendered bios and reviews, no sentence twice', async () => {
    const books = await connection.collection('books').find().toArray();
    const authors = await connection.collection('users').find({ role: 'author' }).toArray();
    const reviews = await connection.collection('reviews').find().toArray();
    // Every hand-written title has its own description, and the summary is its first sentence.
    for (const title of Object.values(CONTENT).flatMap((c) => c.titles))
      expect([title, DESCRIPTIONS[title]]).toEqual([title, expect.stringMatching(/[א-ת]/)]);
    for (const book of books) expect(book.description.startsWith(book.summary)).toBe(true);
    const texts = [
      ...books.map((b) => String(b.description)),
      ...authors.map((a) => String(a.bio)),
      ...reviews.map((r) => String(r.content)),
    ];
    // No slash forms (כותב/ת, נולד/ה) and no unresolved {m|f} or [m|f] pairs.
    for (const text of texts) expect([text, /\/|[{}[\]|]/.test(text)]).toEqual([text, false]);
    // No sentence appears twice anywhere in the catalogue.
    const seen = new Map<string, string>();
    const repeated: string[] = [];
    for (const text of texts)
      for (const sentence of text.split(/(?<=[.!?])\s+/u)) {
        const key = sentence
          .replace(/[.!?]+$/u, '')
          .replace(/\s+/g, ' ')
          .trim();
        if (!key) continue;
        if (seen.has(key)) repeated.push(key);
        seen.set(key, text);
      }
    expect(repeated).toEqual([]);
    expect(seen.size).toBeGreaterThan(1500);
    // Bios: one per author, in the author's gender, quoting only the author's own titles.
    expect(new Set(authors.map((a) => a.bio)).size).toBe(authors.length);
    for (const author of authors) {
      expect(author.bio).toContain(author.name.split(' ')[0]);
      const own = new Set(books.filter((b) => b.author.equals(author._id)).map((b) => b.title));
      for (const [, quoted] of String(author.bio).matchAll(/"([^"]+)"/g))
        expect([author.name, quoted, own.has(quoted)]).toEqual([author.name, quoted, true]);
    }
    const gender = (name: string) => FIRST_NAMES.find((f) => f.name === name.split(' ')[0])?.gender;
    for (const author of authors) {
      const g = gender(author.name);
      expect(g).toBeDefined();
      // The verb or pronoun right after the name, and a sentence's opening pronoun, agree.
      const [wrongVerbs, wrongPronoun] =
        g === 'f'
          ? ['הוא|נולד|גדל|עבד|כתב|גר|שירת|היה', 'הוא']
          : ['היא|נולדה|גדלה|עבדה|כתבה|גרה|הייתה', 'היא'];
      const wrong = new RegExp(
        `${author.name},? (${wrongVerbs})[ ,]|(^|[.!?] )${wrongPronoun} `,
        'u',
      );
      expect([author.name, wrong.test(author.bio)]).toEqual([author.name, false]);
    }
    // Each author's profile carries the gender the bio is written in, for the storefront's text.
    const profiles = await connection.collection('author_profiles').find().toArray();
    const genderOf = new Map(profiles.map((p) => [String(p.user), p.gender as unknown]));
    for (const author of authors)
      expect([author.name, genderOf.get(String(author._id))]).toEqual([
        author.name,
        gender(author.name) === 'f' ? 'female' : 'male',
      ]);
    // Reviews: by reviewers of a known gender, agreeing with it where the text shows it.
    for (const review of reviews) {
      const reviewer =
        review.authorName === DEMO_ACCOUNTS.reader.name
          ? { gender: 'f' }
          : REVIEWERS.find((r) => r.name === review.authorName);
      expect([review.authorName, reviewer]).toEqual([review.authorName, expect.anything()]);
      const wrong =
        reviewer?.gender === 'f'
          ? /אני (ממליץ|קורא|מבין|עוקב|חוזר|צריך|שמח|מרגיש)(\s|$|[.,!])|הייתי (ממליץ|צריך|שמח|זקוק)(\s|[.,!])/
          : /אני (ממליצה|קוראת|מבינה|עוקבת|חוזרת|צריכה|שמחה|מרגישה)|הייתי (ממליצה|צריכה|שמחה|זקוקה)/;
      expect([review.content, wrong.test(review.content)]).toEqual([review.content, false]);
    }
  });

  it('is deterministic: a reset reload gives the same books', async () => {
    const before = await connection
      .collection('books')
      .find()
      .sort({ _id: 1 })
      .project({ title: 1, price: 1, author: 1, rating: 1, totalRatings: 1, salesCount: 1 })
      .toArray();
    const ordersBefore = await connection.collection('orders').find().sort({ _id: 1 }).toArray();
    await seedDemoData(connection, { dataDir, reset: true, covers: false });
    const after = await connection
      .collection('books')
      .find()
      .sort({ _id: 1 })
      .project({ title: 1, price: 1, author: 1, rating: 1, totalRatings: 1, salesCount: 1 })
      .toArray();
    expect(after).toEqual(before);
    expect(await connection.collection('orders').find().sort({ _id: 1 }).toArray()).toEqual(
      ordersBefore,
    );
  });
});
