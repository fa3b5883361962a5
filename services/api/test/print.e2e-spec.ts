import path from 'node:path';
import { Types } from 'mongoose';
import {
  coverTemplateSchema,
  printCostQuoteSchema,
  type CoverTemplate,
  type PrintCostQuote,
} from '@mechabrim/contracts';
import { writeDemoPrintFiles } from '@mechabrim/demo-data';
import { LocalDiskStorage, signFileUrl } from '@mechabrim/storage';
import { DEV_FILE_URL_SECRET } from '../src/config/api-config';
import { registerUser, startCatalogueApi, type CatalogueApi } from './catalogue-fixture';
import { expectError } from './http';

describe('GET /api/print/cover-template', () => {
  let ctx: CatalogueApi;
  beforeAll(async () => {
    ctx = await startCatalogueApi();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers the exact spread of a right-to-left A5 book of 200 pages on 80 g paper', async () => {
    const res = await ctx.http.get<CoverTemplate>(
      '/api/print/cover-template?pages=200&size=A5&paper=80g&direction=rtl',
    );
    expect(res.status).toBe(200);
    const body = coverTemplateSchema.parse(res.body);
    expect(body).toMatchObject({
      spineMm: 10,
      widthMm: 312,
      heightMm: 216,
      widthPt: 884.41,
      heightPt: 612.28,
      bleedMm: 3,
      frontCoverSide: 'left',
      spineTextAllowed: true,
    });
    expect(body.panels.front).toMatchObject({ xMm: 0, widthMm: 151 });
    expect(body.panels.back).toMatchObject({ xMm: 161, widthMm: 151 });
    expect(body.summary).toContain('312×216');
  });

  it("defaults to the upload form's options and puts a left-to-right front cover on the right", async () => {
    const rtl = await ctx.http.get<CoverTemplate>('/api/print/cover-template?pages=64');
    expect(rtl.body).toMatchObject({ size: 'A5', paper: '70g', direction: 'rtl', spineMm: 2.8 });
    expect(rtl.body.spineTextAllowed).toBe(false);
    const ltr = await ctx.http.get<CoverTemplate>(
      '/api/print/cover-template?pages=64&size=135x210&direction=ltr',
    );
    expect(ltr.body).toMatchObject({ frontCoverSide: 'right', widthMm: 2 * 135 + 2.8 + 6 });
  });

  it.each([
    ['', 'מספר העמודים'],
    ['?pages=abc', 'מספר העמודים'],
    ['?pages=10', 'מספר העמודים'],
    ['?pages=100&size=A4', 'גודל הספר'],
    ['?pages=100&paper=100g', 'סוג הנייר'],
    ['?pages=100&direction=up', 'כיוון הקריאה'],
    ['?pages=100&extra=1', 'שדה לא מוכר'],
  ])('refuses %s with a Hebrew 400', async (query, words) => {
    const res = await ctx.http.get<{ message: string }>(`/api/print/cover-template${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(words);
  });
});

describe('GET /api/print/files/books/:bookId/:file (the print partner downloads a book)', () => {
  let ctx: CatalogueApi;
  const bookId = '65f0c0ffee0000000000abcd';
  const interior = Buffer.from('%PDF-1.7\n% the interior of a book to print\n%%EOF\n');
  const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000);
  /** The path and query of a signed address, as the worker writes it into the print job. */
  const signed = (key: string, expiresAt = inAWeek(), secret = DEV_FILE_URL_SECRET) => {
    const url = new URL(
      signFileUrl('http://files.invalid/api/print/files', key, secret, expiresAt),
    );
    return `${url.pathname}${url.search}`;
  };

  beforeAll(async () => {
    ctx = await startCatalogueApi();
    // The API's storage port keeps local files under DATA_DIR/files.
    await new LocalDiskStorage(path.join(ctx.dataDir, 'files')).put(
      `books/${bookId}/interior.pdf`,
      interior,
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('sends the file at the address the worker signed', async () => {
    const res = await fetch(`${ctx.api.baseUrl}${signed(`books/${bookId}/interior.pdf`)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(interior);
  });

  it("sends a demo book's interior and cover, so its orders print on `npm start`", async () => {
    const demoBook: Record<string, unknown> = { _id: new Types.ObjectId(), pages: 160 };
    await writeDemoPrintFiles([demoBook], new LocalDiskStorage(path.join(ctx.dataDir, 'files')));
    const files = demoBook.files as { pdf: string; coverPdf: string };
    for (const [key, pages] of [
      [files.pdf, 160],
      [files.coverPdf, 1],
    ] as const) {
      const res = await fetch(`${ctx.api.baseUrl}${signed(key)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf.match(/\/Type \/Page\b/g)?.length).toBe(pages);
    }
  });

  it('refuses an unsigned, changed, foreign or expired address with a Hebrew 403', async () => {
    const good = signed(`books/${bookId}/interior.pdf`);
    const [, query] = good.split('?');
    const attempts = [
      `/api/print/files/books/${bookId}/interior.pdf`,
      // The signature of the interior does not open the cover, nor another book's interior.
      `/api/print/files/books/${bookId}/cover.pdf?${query}`,
      `/api/print/files/books/${'1'.repeat(24)}/interior.pdf?${query}`,
      good.replace(/expires=(\d+)/, (_, n: string) => `expires=${Number(n) + 60}`),
      good.replace(/signature=./, (m) => (m.endsWith('0') ? 'signature=1' : 'signature=0')),
      signed(`books/${bookId}/interior.pdf`, inAWeek(), 'a-secret-the-api-does-not-have'),
    ];
    for (const attempt of attempts) {
      const res = await ctx.http.get<{ message: string }>(attempt);
      expect({ attempt, status: res.status }).toEqual({ attempt, status: 403 });
      expect(res.body.message).toBe('הקישור לקובץ ההדפסה אינו תקין');
    }
    const expired = await ctx.http.get<{ message: string }>(
      signed(`books/${bookId}/interior.pdf`, new Date(Date.now() - 1000)),
    );
    expect(expired.status).toBe(403);
    expect(expired.body.message).toContain('תוקף הקישור');
  });

  it('answers 404 for a signed address of a file that is not stored, 400 for anything else', async () => {
    const missing = await ctx.http.get<{ message: string }>(signed(`books/${bookId}/cover.pdf`));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('קובץ ההדפסה לא נמצא');
    for (const wrong of [
      `/api/print/files/books/not-an-id/interior.pdf`,
      `/api/print/files/books/${bookId}/receipt.pdf`,
      `/api/print/files/books/${bookId}/..%2F..%2Fsecrets`,
    ]) {
      const res = await ctx.http.get<{ message: string }>(wrong);
      expect({ wrong, status: res.status }).toEqual({ wrong, status: 400 });
      expect(res.body.message).toMatch(/[\u0590-\u05ff]/);
    }
  });
});

describe('GET /api/print/quote (the price calculator asks the print partner)', () => {
  let ctx: CatalogueApi;
  let author: string;
  beforeAll(async () => {
    ctx = await startCatalogueApi();
    author = (await registerUser(ctx.http, 'quote.author@example.com', 'author', 'דנה')).token;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("answers the partner's cost of a copy and the lowest price that carries it", async () => {
    const res = await ctx.http.get<PrintCostQuote>(
      '/api/print/quote?pages=120&size=135x210&paper=90g&printing=bw',
      { token: author },
    );
    expect(res.status).toBe(200);
    // 13.5 × 21: 8.50 ₪ + 120 × (0.03 + 0.01) ₪ = 13.30 ₪; 85 % of 15.65 ₪ is 13.3025 ₪.
    expect(printCostQuoteSchema.parse(res.body)).toMatchObject({
      perCopy: 13.3,
      podPackageId: '0531X0827.BW.STD.PB.080CW444.MXX',
      pages: 120,
      lowestPrice: 15.65,
    });
  });

  it('is for signed-in authors, checks its query, and says in Hebrew when the partner is down', async () => {
    expectError(await ctx.http.get('/api/print/quote?pages=120'), 401);
    expectError(await ctx.http.get('/api/print/quote?pages=3', { token: author }), 400);
    ctx.print.failNextQuotes(1);
    const down = expectError(
      await ctx.http.get('/api/print/quote?pages=120', { token: author }),
      503,
    );
    expect(down.message).toMatch(/בית הדפוס/);
  });
});
