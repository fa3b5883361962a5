import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { BOOK_CATEGORIES } from '@mechabrim/contracts';
import { verifyPassword } from '@mechabrim/db';
import { normalizeHebrew } from '@mechabrim/hebrew';
import { startTestMongo, type TestMongo } from '@mechabrim/testing';
import { DEMO_ACCOUNTS, DEMO_IDS, isDatabaseEmpty, seedDemoData } from './seed';

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
    expect(summary.skipped).toBe(false);
    expect(summary.authors).toBeGreaterThanOrEqual(40);
    expect(summary.books).toBeGreaterThanOrEqual(160);
    expect(summary.unavailableBooks).toBeGreaterThan(0);
    expect(summary.approvedReviews).toBeGreaterThan(0);
    expect(summary.reviews).toBeGreaterThan(summary.approvedReviews);
    expect(await isDatabaseEmpty(connection)).toBe(false);
    expect((await seedDemoData(connection, { dataDir })).skipped).toBe(true);
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
      expect(book.coverImage).toMatch(/^\/api\/covers\/[a-f0-9]{24}\.svg$/);
    }
    expect(books.some((b) => /[\u0591-\u05C7]/.test(b.title))).toBe(true); // niqqud
    expect(books.some((b) => /[ךםןףץ]/.test(b.title))).toBe(true); // final letters
    expect(books.some((b) => /[\u05F3\u05F4]/.test(b.title))).toBe(true); // geresh / gershayim
    expect(books.some((b) => b.tags.some((t: string) => /[\u0591-\u05C7]/.test(t)))).toBe(true);
    expect(books.some((b) => b.rating > 0 && b.totalRatings > 0)).toBe(true);
    expect(books.some((b) => normalizeHebrew(b.title).split(' ').includes('בירושלימ'))).toBe(true);
  });

  it('writes an SVG cover for every book', async () => {
    const files = await readdir(path.join(dataDir, 'covers'));
    expect(files.length).toBe(await connection.collection('books').countDocuments());
    const svg = await readFile(path.join(dataDir, 'covers', files[0]), 'utf8');
    expect(svg).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*<\/svg>\s*$/);
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

  it('is deterministic: a reset reload gives the same books', async () => {
    const before = await connection
      .collection('books')
      .find()
      .sort({ _id: 1 })
      .project({ title: 1, price: 1, author: 1 })
      .toArray();
    await seedDemoData(connection, { dataDir, reset: true, covers: false });
    const after = await connection
      .collection('books')
      .find()
      .sort({ _id: 1 })
      .project({ title: 1, price: 1, author: 1 })
      .toArray();
    expect(after).toEqual(before);
  });
});
