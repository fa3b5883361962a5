import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Queue } from 'bullmq';
import sharp from 'sharp';
import {
  BOOK_QUEUE_NAMES,
  BOOK_UPLOAD_HE,
  bookFilesAnswerSchema,
  bookUploadAnswerSchema,
  bookCoverPath,
  bookUploadJobId,
  type Book,
  type BookUploadAnswer,
} from '@mechabrim/contracts';
import { bookFileKeys } from '@mechabrim/storage';
import { registerUser, startCatalogueApi, type CatalogueApi } from './catalogue-fixture';

/** A small real PDF of `pages` A5-with-bleed pages, written by hand with a valid xref. */
function pdf(pages = 2): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pages} /Kids [${kids}] >>`,
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 436.54 612.28] >>',
    ),
  ];
  let body = '%PDF-1.7\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const fieldsOf = (overrides: Record<string, string | null> = {}) => ({
  title: 'הספר הראשון שלי',
  description: 'סיפור על ילדה ועל הים.',
  price: '59.90',
  category: 'רומן',
  tags: 'ים, ילדות, ,קיץ',
  size: 'A5',
  readingFormat: 'rtl',
  paperType: '80g',
  printingType: 'bw',
  ...overrides,
});

let ctx: CatalogueApi;
let author: string;
let reader: string;
let cover: Buffer;
let queue: Queue;

async function upload(
  token: string | undefined,
  options: {
    fields?: Record<string, string | null>;
    files?: Partial<Record<'pdfFile' | 'coverPdfFile' | 'coverImage', Buffer | null>>;
  } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fieldsOf(options.fields ?? {})))
    if (value !== null) form.append(name, value);
  const files = { pdfFile: pdf(40), coverPdfFile: pdf(1), coverImage: cover, ...options.files };
  for (const [name, content] of Object.entries(files))
    if (content)
      form.append(
        name,
        new Blob([new Uint8Array(content)]),
        name === 'coverImage' ? 'cover.jpg' : `${name}.pdf`,
      );
  const response = await fetch(`${ctx.api.baseUrl}/api/books`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as BookUploadAnswer & { message: string },
  };
}

/** Every file under the storage's books folder. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(ctx.dataDir, 'files', 'books');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

beforeAll(async () => {
  ctx = await startCatalogueApi();
  author = (await registerUser(ctx.http, 'upload.author@example.com', 'author', 'נועה כהן')).token;
  reader = (await registerUser(ctx.http, 'upload.reader@example.com', 'user')).token;
  cover = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#a33' } })
    .jpeg()
    .toBuffer();
  queue = new Queue(BOOK_QUEUE_NAMES.bookUploads, { connection: { url: ctx.redisUrl } });
}, 60_000);

afterAll(async () => {
  await queue?.close();
  await ctx?.close();
});

describe('POST /api/books (multipart upload)', () => {
  it('stores the files, creates the book pending approval and queues its preflight', async () => {
    const res = await upload(author);
    expect(res.status).toBe(201);
    const answer = bookUploadAnswerSchema.parse(res.body);
    expect(answer.message).toBe(BOOK_UPLOAD_HE.uploaded);

    const book = await ctx.books.findById(answer.book._id).lean<Record<string, unknown>>();
    expect(book).toMatchObject({
      title: 'הספר הראשון שלי',
      authorName: 'נועה כהן',
      price: 59.9,
      category: 'רומן',
      tags: ['ים', 'ילדות', 'קיץ'],
      isAvailable: false,
      status: 'pending_approval',
      size: 'A5',
      readingFormat: 'rtl',
      paperType: '80g',
      printingType: 'bw',
      language: 'עברית',
      preflight: { status: 'pending', uploadId: answer.book.preflight.uploadId },
    });
    const id = answer.book._id;
    expect((await storedFiles()).sort()).toEqual(
      [`${id}/cover-image`, `${id}/cover.pdf`, `${id}/interior.pdf`].sort(),
    );
    const job = await queue.getJob(
      bookUploadJobId({ bookId: id, uploadId: answer.book.preflight.uploadId }),
    );
    expect(job?.data).toEqual({ bookId: id, uploadId: answer.book.preflight.uploadId });

    // Not on sale, so the public does not see it.
    expect((await ctx.http.get(`/api/books/${id}`)).status).toBe(404);
  });

  it('lets only authors upload: a reader gets 403, a guest 401, and nothing is stored', async () => {
    const before = await storedFiles();
    const asReader = await upload(reader);
    expect(asReader.status).toBe(403);
    expect(asReader.body.message).toMatch(/[\u0590-\u05FF]/);
    expect((await upload(undefined)).status).toBe(401);
    expect(await storedFiles()).toEqual(before);
  });

  type FileOverrides = Partial<Record<'pdfFile' | 'coverPdfFile' | 'coverImage', Buffer>>;
  it.each<[string, () => FileOverrides]>([
    ['a JPEG named .pdf as the interior', () => ({ pdfFile: cover })],
    ['a text file as the cover PDF', () => ({ coverPdfFile: Buffer.from('hello, not a pdf') })],
    ['a PDF as the cover image', () => ({ coverImage: pdf(1) })],
  ])('refuses %s by its content and stores nothing', async (_name, files) => {
    const before = await storedFiles();
    const books = await ctx.books.countDocuments();
    const res = await upload(author, { files: files() });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/[\u0590-\u05FF]/);
    expect(await storedFiles()).toEqual(before);
    expect(await ctx.books.countDocuments()).toBe(books);
  });

  it('refuses an image with the right magic bytes that does not decode', async () => {
    const before = await storedFiles();
    const broken = Buffer.concat([cover.subarray(0, 200), Buffer.alloc(5000, 1)]);
    const res = await upload(author, { files: { coverImage: broken } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BOOK_UPLOAD_HE.notImage);
    expect(await storedFiles()).toEqual(before);
  });

  it("answers the spec's messages for missing files and fields", async () => {
    const res = await upload(author, {
      fields: { title: '   ', category: null, price: '-3' },
      files: { coverPdfFile: null, coverImage: null },
    });
    expect(res.status).toBe(400);
    for (const message of [
      BOOK_UPLOAD_HE.titleRequired,
      BOOK_UPLOAD_HE.categoryRequired,
      BOOK_UPLOAD_HE.priceInvalid,
      BOOK_UPLOAD_HE.coverPdfRequired,
      BOOK_UPLOAD_HE.coverImageRequired,
    ])
      expect(res.body.message).toContain(message);
  });

  it('refuses unknown options of spec §9', async () => {
    const res = await upload(author, { fields: { size: 'A4', paperType: '120g' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('גודל הספר');
    expect(res.body.message).toContain('סוג הנייר');
  });

  it('aborts a file over 50 MB with 413 and leaves no file behind', async () => {
    const before = await storedFiles();
    const books = await ctx.books.countDocuments();
    const big = Buffer.concat([pdf(1), Buffer.alloc(51 * 1024 * 1024, 0x20)]);
    const res = await upload(author, { files: { pdfFile: big } });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(BOOK_UPLOAD_HE.fileTooLarge(50));
    expect(await storedFiles()).toEqual(before);
    // No partial file either (the local store writes aside, then renames).
    expect((await storedFiles()).some((f) => f.includes('.partial'))).toBe(false);
    expect(await ctx.books.countDocuments()).toBe(books);
  }, 60_000);

  it('refuses a body that is not multipart', async () => {
    const res = await ctx.http.post<{ message: string }>(
      '/api/books',
      { title: 'x' },
      { token: author },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BOOK_UPLOAD_HE.notMultipart);
  });

  it('serves the preflight’s web-size cover as the book’s cover, cached, once the worker made it', async () => {
    const res = await upload(author, { fields: { title: 'ספר עם כריכה' } });
    const answer = bookUploadAnswerSchema.parse(res.body);
    const id = answer.book._id;
    const { uploadId } = answer.book.preflight;
    const coverUrl = `/api/books/${id}/cover/web`;
    // Before the preflight there is no web size: a Hebrew 404, not a 500.
    const early = await ctx.http.get<{ message: string }>(coverUrl);
    expect(early.status).toBe(404);
    expect(early.body.message).toBe('תמונת הכריכה לא נמצאה');

    // What the worker's preflight leaves (services/worker/test/book-uploads.e2e-spec.ts runs it):
    // the WebP sizes in the storage and the web size as the book's cover.
    const keys = bookFileKeys(id);
    const web = await sharp(cover).resize(600).webp().toBuffer();
    await mkdir(path.join(ctx.dataDir, 'files', 'books', id), { recursive: true });
    await writeFile(path.join(ctx.dataDir, 'files', keys.coverWeb), web);
    await ctx.books.updateOne(
      { _id: id },
      {
        $set: {
          'files.coverWeb': keys.coverWeb,
          coverImage: bookCoverPath(id, uploadId),
          // Approved by an admin: on sale.
          status: 'approved',
          approvalStatus: 'approved',
          isAvailable: true,
        },
      },
    );
    const book = await ctx.http.get<Book>(`/api/books/${id}`);
    expect(book.status).toBe(200);
    // On the API's public origin (PUBLIC_API_URL), like every cover.
    const versioned = `${coverUrl}?v=${uploadId.slice(0, 8)}`;
    expect(book.body.coverImage).toBe(`http://api.mechabrim.test${versioned}`);

    const image = await fetch(`${ctx.api.baseUrl}${versioned}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await image.arrayBuffer()).equals(web)).toBe(true);
    const plain = await fetch(`${ctx.api.baseUrl}${coverUrl}`);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=3600');

    // Sizes not made, unknown sizes and queries, and deleted books: 4xx with Hebrew messages.
    expect((await ctx.http.get(`/api/books/${id}/cover/large`)).status).toBe(404);
    for (const bad of [
      `/api/books/${id}/cover/huge`,
      `${coverUrl}?x=1`,
      '/api/books/nope/cover/web',
    ])
      expect((await ctx.http.get(bad)).status).toBe(400);
    await ctx.books.updateOne({ _id: id }, { $set: { deletedAt: new Date() } });
    expect((await ctx.http.get(coverUrl)).status).toBe(404);
  });

  it('quotes the print cost of a copy from the print partner and stores it on the book, dated', async () => {
    const before = Date.now();
    const calls = ctx.print.costCalls;
    // A5, 80 g, black and white, 200 pages: 9 ₪ + 200 × (0.03 + 0.01) ₪ by the simulator's table.
    const res = await upload(author, { fields: { pages: '200' } });
    expect(res.status).toBe(201);
    const answer = bookUploadAnswerSchema.parse(res.body);
    expect(ctx.print.costCalls).toBe(calls + 1);
    expect(answer.book.printCost).toMatchObject({
      perCopy: 17,
      podPackageId: '0583X0827.BW.STD.PB.080CW444.MXX',
      pages: 200,
      // 85 % of 20 ₪ is exactly 17 ₪.
      lowestPrice: 20,
    });
    const book = await ctx.books.findById(answer.book._id).lean<{
      printCost: { agorot: number; quotedAt: Date; podPackageId: string; pages: number };
    }>();
    expect(book?.printCost).toMatchObject({
      agorot: 1700,
      podPackageId: '0583X0827.BW.STD.PB.080CW444.MXX',
      pages: 200,
    });
    expect(book?.printCost.quotedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(book?.printCost.quotedAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a price whose author share cannot cover the print cost, naming the lowest price', async () => {
    const before = await storedFiles();
    const books = await ctx.books.countDocuments();
    const res = await upload(author, { fields: { pages: '200', price: '19.99' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('המחיר הנמוך ביותר האפשרי הוא 20.00 ₪');
    expect(res.body.message).toContain('17.00 ₪');
    expect((res.body as unknown as { details?: { field: string }[] }).details).toEqual([
      expect.objectContaining({ field: 'price' }),
    ]);
    expect(await storedFiles()).toEqual(before);
    expect(await ctx.books.countDocuments()).toBe(books);
    // The lowest price itself is taken.
    expect((await upload(author, { fields: { pages: '200', price: '20' } })).status).toBe(201);
  });

  it('stores the book with its quote pending when the partner cannot quote, or no page count is sent', async () => {
    ctx.print.failNextQuotes(1);
    const unreachable = await upload(author, { fields: { pages: '200', price: '5' } });
    expect(unreachable.status).toBe(201);
    expect(bookUploadAnswerSchema.parse(unreachable.body).book.printCost).toBeNull();
    const noPages = await upload(author);
    expect(bookUploadAnswerSchema.parse(noPages.body).book.printCost).toBeNull();
    const stored = await ctx.books
      .find({ _id: { $in: [unreachable.body.book._id, noPages.body.book._id] } })
      .lean<Array<{ printCost: unknown }>>();
    expect(stored.map((book) => book.printCost)).toEqual([null, null]);
  });
});

describe('PUT /api/books/:id/files (replacing a waiting or rejected book’s files)', () => {
  async function replace(
    token: string | undefined,
    id: string,
    files: Partial<Record<'pdfFile' | 'coverPdfFile' | 'coverImage', Buffer>>,
  ) {
    const form = new FormData();
    for (const [name, content] of Object.entries(files))
      form.append(
        name,
        new Blob([new Uint8Array(content)]),
        name === 'coverImage' ? 'cover.jpg' : `${name}.pdf`,
      );
    const response = await fetch(`${ctx.api.baseUrl}/api/books/${id}/files`, {
      method: 'PUT',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('takes a rejected book’s new interior, sends it back to approval and queues its preflight again', async () => {
    const uploaded = bookUploadAnswerSchema.parse((await upload(author)).body);
    const id = uploaded.book._id;
    await ctx.books.updateOne(
      { _id: id },
      { $set: { approvalStatus: 'rejected', moderationReason: 'השוליים צרים מדי' } },
    );

    const res = await replace(author, id, { pdfFile: pdf(48) });
    expect(res.status).toBe(200);
    const answer = bookFilesAnswerSchema.parse(res.body);
    expect(answer.message).toBe(BOOK_UPLOAD_HE.filesReplaced);
    expect(answer.book.replaced).toEqual(['pdfFile']);
    const uploadId = answer.book.preflight.uploadId;
    expect(uploadId).not.toBe(uploaded.book.preflight.uploadId);

    const book = await ctx.books.findById(id).lean<Record<string, unknown>>();
    expect(book).toMatchObject({
      approvalStatus: 'pending',
      moderationReason: '',
      status: 'pending_approval',
      isAvailable: false,
      files: {
        uploadId,
        pdf: `books/${id}/uploads/${uploadId}/interior.pdf`,
        // The files not sent stay as they were.
        coverPdf: bookFileKeys(id).coverPdf,
        coverImage: bookFileKeys(id).coverImage,
      },
      preflight: { status: 'pending', uploadId },
    });
    const job = await queue.getJob(bookUploadJobId({ bookId: id, uploadId }));
    expect(job?.data).toEqual({ bookId: id, uploadId });
    // The old interior is gone, the new one stored.
    const files = await storedFiles();
    expect(files).toContain(`${id}/uploads/${uploadId}/interior.pdf`);
    expect(files).not.toContain(`${id}/interior.pdf`);
  });

  it('refuses a book on sale (409), another author’s book (403), a wrong file at its field, and an empty form', async () => {
    const { book } = bookUploadAnswerSchema.parse((await upload(author)).body);
    const other = (await registerUser(ctx.http, 'files.other@example.com', 'author')).token;
    expect((await replace(other, book._id, { pdfFile: pdf(2) })).status).toBe(403);
    expect((await replace(undefined, book._id, { pdfFile: pdf(2) })).status).toBe(401);

    const before = await storedFiles();
    const wrong = await replace(author, book._id, { coverPdfFile: cover });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([
      expect.objectContaining({ field: 'coverPdfFile', message: expect.stringContaining('PDF') }),
    ]);
    const empty = await replace(author, book._id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(BOOK_UPLOAD_HE.noFiles);
    expect(await storedFiles()).toEqual(before);

    await ctx.books.updateOne(
      { _id: book._id },
      { $set: { approvalStatus: 'approved', isAvailable: true } },
    );
    const onSale = await replace(author, book._id, { pdfFile: pdf(2) });
    expect(onSale.status).toBe(409);
    expect(onSale.body.message).toBe(BOOK_UPLOAD_HE.filesLocked);
    expect(await storedFiles()).toEqual(before);
  });
});
