import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BOOK_QUEUE_NAMES,
  BOOK_UPLOADS_JOB,
  bookUploadJobId,
  preflightReportSchema,
  type PreflightReport,
} from '@mechabrim/contracts';
import { LocalDiskStorage, bookFileKeys, readAll } from '@mechabrim/storage';
import {
  startTestMongo,
  startTestRedis,
  type TestMongo,
  type TestRedis,
  until,
} from '@mechabrim/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import mongoose, { type Connection, Types } from 'mongoose';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { createWorkerApp } from '../src/app.factory';
import { loadWorkerConfig } from '../src/config/worker-config';
import { coverPdf, interiorPdf, pngImage, zipBombPdf } from '@mechabrim/testing';

let mongo: TestMongo;
let redis: TestRedis;
let db: Connection;
let dataDir: string;
let storage: LocalDiskStorage;
let worker: NestFastifyApplication;
let queue: Queue;
/**
 * The temporary folder of this suite's worker (`TMPDIR`, which `os.tmpdir()` reads), where the
 * preflight makes its `preflight-XXXXXX` folders: the machine's own is shared with every other
 * suite and journey running beside this one, whose preflights come and go in it.
 */
let ownTmp: string;
const machineTmp = process.env.TMPDIR;

beforeAll(async () => {
  ownTmp = await mkdtemp(path.join(tmpdir(), 'book-uploads-tmp-'));
  process.env.TMPDIR = ownTmp;
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  db = await mongoose.createConnection(mongo.uri).asPromise();
  dataDir = await mkdtemp(path.join(tmpdir(), 'book-uploads-e2e-'));
  storage = new LocalDiskStorage(path.join(dataDir, 'files'));
  worker = await createWorkerApp(
    loadWorkerConfig({
      NODE_ENV: 'test',
      MONGODB_URI: mongo.uri,
      REDIS_URL: redis.url,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      WORKER_PORT: '0',
      DATA_DIR: dataDir,
      PREFLIGHT_CONCURRENCY: '2',
    }),
  );
  queue = new Queue(BOOK_QUEUE_NAMES.bookUploads, { connection: { url: redis.url } });
}, 60_000);

afterAll(async () => {
  await queue?.close();
  await worker?.close();
  await db?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
  await rm(dataDir, { recursive: true, force: true });
  if (machineTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = machineTmp;
  await rm(ownTmp, { recursive: true, force: true });
});

interface StoredBook {
  _id: Types.ObjectId;
  pages: number | null;
  preflight: (Omit<PreflightReport, 'checkedAt'> & { checkedAt: Date }) | null;
  files: Record<string, string>;
  coverImage?: string;
}
const books = () => db.collection<StoredBook>('books');

/** A book as the upload leaves it: files stored, pending approval, no report yet. */
async function uploadedBook(files: { interior: Buffer; cover: Buffer; image: Buffer }) {
  const id = new Types.ObjectId();
  const uploadId = randomUUID();
  const keys = bookFileKeys(id.toHexString());
  await storage.put(keys.interior, files.interior);
  await storage.put(keys.coverPdf, files.cover);
  await storage.put(keys.coverImage, files.image);
  await books().insertOne({
    _id: id,
    title: 'ספר בבדיקה',
    author: new Types.ObjectId(),
    authorName: 'סופרת',
    category: 'רומן',
    price: 60,
    isAvailable: false,
    status: 'pending_approval',
    size: 'A5',
    readingFormat: 'rtl',
    paperType: '80g',
    printingType: 'bw',
    pages: null,
    files: { uploadId, pdf: keys.interior, coverPdf: keys.coverPdf, coverImage: keys.coverImage },
    preflight: null,
  } as unknown as StoredBook);
  return { bookId: id.toHexString(), uploadId };
}

async function preflight(job: { bookId: string; uploadId: string }) {
  const jobId = bookUploadJobId(job);
  await queue.add(BOOK_UPLOADS_JOB, job, { jobId, attempts: 3 });
  await until(
    `job ${jobId}`,
    async () => {
      const state = await queue.getJobState(jobId);
      if (state === 'failed') throw new Error((await queue.getJob(jobId))?.failedReason);
      return state === 'completed' ? true : undefined;
    },
    90_000,
  );
  return (await queue.getJob(jobId))?.returnvalue as { done: string; status?: string };
}

describe('book-uploads queue (embedded MongoDB, real redis-server)', () => {
  it('writes a passing report, the excerpt and the cover sizes of a good right-to-left book', async () => {
    const job = await uploadedBook({
      interior: await interiorPdf({ pages: 200, imageDpi: 300 }),
      cover: await coverPdf({
        pages: 200,
        size: 'A5',
        paper: '80g',
        direction: 'rtl',
        spineText: true,
      }),
      image: await sharp(await pngImage(1000, 1500))
        .jpeg()
        .toBuffer(),
    });
    expect(await preflight(job)).toMatchObject({ done: 'checked', status: 'passed' });

    const book = await books().findOne({ _id: new Types.ObjectId(job.bookId) });
    const report = preflightReportSchema.parse({
      ...book?.preflight,
      checkedAt: book?.preflight?.checkedAt.toISOString(),
    });
    expect(report).toMatchObject({ status: 'passed', uploadId: job.uploadId, pages: 200 });
    expect(report.checks.filter((c) => c.status !== 'pass')).toEqual([]);
    expect(report.checks).toHaveLength(14);
    expect(book?.pages).toBe(200);

    const keys = bookFileKeys(job.bookId);
    expect(book?.files).toMatchObject({
      excerpt: keys.excerpt,
      coverThumb: keys.coverThumb,
      coverWeb: keys.coverWeb,
      coverLarge: keys.coverLarge,
    });
    const excerpt = await PDFDocument.load(await readAll(await storage.get(keys.excerpt)));
    expect(excerpt.getPageCount()).toBe(20);
    const thumb = await sharp(await readAll(await storage.get(keys.coverThumb))).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 200, height: 300 });
    const web = await sharp(await readAll(await storage.get(keys.coverWeb))).metadata();
    expect(web.width).toBe(600);
    // The web size is the book's cover, at the API's address for it (versioned by the upload).
    expect(book?.coverImage).toBe(
      `/api/books/${job.bookId}/cover/web?v=${job.uploadId.slice(0, 8)}`,
    );

    // A retried job (same upload) is a no-op: the report stays as it was.
    await queue.remove(bookUploadJobId(job));
    expect(await preflight(job)).toEqual({ done: 'already-checked' });
    const again = await books().findOne({ _id: new Types.ObjectId(job.bookId) });
    expect(again?.preflight?.checkedAt).toEqual(book?.preflight?.checkedAt);
  }, 120_000);

  it('fails a hostile upload check by check, with Hebrew reasons, and keeps working', async () => {
    const job = await uploadedBook({
      interior: await zipBombPdf(300),
      cover: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'),
      image: Buffer.from('not an image at all'),
    });
    expect(await preflight(job)).toMatchObject({ done: 'checked', status: 'failed' });
    const book = await books().findOne({ _id: new Types.ObjectId(job.bookId) });
    const byId = Object.fromEntries((book?.preflight?.checks ?? []).map((c) => [c.id, c]));
    expect(byId['interior.page-count']).toMatchObject({ status: 'fail', measured: 'עמוד אחד' });
    expect(byId['interior.image-resolution']?.explanation).toContain('לא ניתן היה לקרוא');
    expect(byId['cover.opens']).toMatchObject({ status: 'fail', measured: 'קטוע' });
    expect(byId['cover-image.decodes']).toMatchObject({ status: 'fail' });
    expect(byId['cover-image.decodes']?.fix).toMatch(/[\u0590-\u05FF]/);
    // No cover sizes from an image that does not decode, and no temporary files left.
    expect(book?.files.coverThumb).toBeUndefined();
    expect(book?.coverImage).toBeUndefined();
    expect(await storage.exists(bookFileKeys(job.bookId).coverThumb)).toBe(false);
    expect((await readdir(ownTmp)).filter((f) => /^preflight-\w{6}$/.test(f))).toEqual([]);

    // The worker is still there for the next book.
    const next = await uploadedBook({
      interior: await interiorPdf({ pages: 40 }),
      cover: await coverPdf({ pages: 40, size: 'A5', paper: '80g', direction: 'rtl' }),
      image: await pngImage(800, 1200),
    });
    expect(await preflight(next)).toMatchObject({ done: 'checked' });
  }, 120_000);

  it('skips a job of an upload the book no longer holds', async () => {
    const job = await uploadedBook({
      interior: await interiorPdf({ pages: 40 }),
      cover: await coverPdf({ pages: 40, size: 'A5', paper: '80g', direction: 'rtl' }),
      image: await pngImage(800, 1200),
    });
    await books().updateOne(
      { _id: new Types.ObjectId(job.bookId) },
      { $set: { 'files.uploadId': randomUUID() } },
    );
    expect(await preflight(job)).toEqual({ done: 'superseded' });
    const book = await books().findOne({ _id: new Types.ObjectId(job.bookId) });
    expect(book?.preflight).toBeNull();
  }, 60_000);
});
