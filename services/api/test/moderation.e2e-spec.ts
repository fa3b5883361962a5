import type {
  Book,
  BookEdit,
  BookEditAnswer,
  PendingBook,
  PendingEdit,
  PendingReview,
  Review,
} from '@mechabrim/contracts';
import { Types } from 'mongoose';
import { expectError } from './http';
import { startPortalApi, type Account, type PortalApi } from './portal-fixture';

describe('moderation (admins only): books, edits and reviews', () => {
  let ctx: PortalApi;
  let noa: Account;
  let admin: Account;

  beforeAll(async () => {
    ctx = await startPortalApi();
    noa = await ctx.author('noa.mod@example.com', 'נועה כהן');
    admin = await ctx.admin('admin.mod@example.com');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The mail jobs the outbox holds about a book. */
  const mailsAbout = async (bookId: string) =>
    (
      await ctx.db.collection('outbox').find({ type: 'mail', 'payload.bookId': bookId }).toArray()
    ).map((row) => row.payload as Record<string, unknown>);

  it('lists a book waiting for approval with its preflight report; approving puts it on sale', async () => {
    const id = await ctx.book(noa.id, {
      title: 'ספר חדש להעלאה',
      isAvailable: false,
      approvalStatus: 'pending',
    });
    // The upload pipeline stores its report on the book (written here as the worker would).
    const report = { status: 'passed', pages: 212, problems: [] };
    await ctx.books.collection.updateOne(
      { _id: new Types.ObjectId(id) },
      { $set: { preflight: report } },
    );
    const list = await ctx.http.get<PendingBook[]>('/api/moderation/books', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.find((b) => b._id === id)).toMatchObject({
      title: 'ספר חדש להעלאה',
      isAvailable: false,
      approvalStatus: 'pending',
      preflight: report,
      submittedAt: expect.any(String),
    });
    expectError(await ctx.http.get(`/api/books/${id}`), 404);

    const approved = await ctx.http.post(
      `/api/moderation/books/${id}/approve`,
      {},
      { token: admin.token },
    );
    expect(approved.status).toBe(200);
    const live = await ctx.http.get<Book>(`/api/books/${id}`);
    expect(live.status).toBe(200);
    expect(live.body.isAvailable).toBe(true);
    expect(live.body.publishedDate).not.toBeNull();
    const after = await ctx.http.get<PendingBook[]>('/api/moderation/books', {
      token: admin.token,
    });
    expect(after.body.some((b) => b._id === id)).toBe(false);
    // Deciding twice is refused, and changes nothing.
    expectError(
      await ctx.http.post(`/api/moderation/books/${id}/approve`, {}, { token: admin.token }),
      409,
    );
    // The author is told once, by mail, through the outbox.
    expect(await mailsAbout(id)).toEqual([
      expect.objectContaining({
        template: 'book-approved',
        to: 'noa.mod@example.com',
        bookTitle: 'ספר חדש להעלאה',
        authorName: 'נועה כהן',
      }),
    ]);
  });

  it('rejects a book with a reason the author sees', async () => {
    const id = await ctx.book(noa.id, { isAvailable: false, approvalStatus: 'pending' });
    // The report as the worker's preflight stores it: `checkedAt` a date, not the contract's string.
    await ctx.books.collection.updateOne(
      { _id: new Types.ObjectId(id) },
      {
        $set: {
          preflight: {
            status: 'failed',
            uploadId: 'u-1',
            pages: 212,
            checkedAt: new Date(),
            durationMs: 900,
            checks: [
              {
                id: 'interior.page-size',
                status: 'pass',
                title: 'גודל העמודים',
                measured: '154×216 מ״מ',
                expected: '154×216 מ״מ (±1)',
                explanation: 'כל העמודים בגודל הנכון.',
                fix: '',
              },
              {
                id: 'interior.fonts-embedded',
                status: 'fail',
                title: 'גופנים מוטמעים',
                measured: '2 גופנים לא מוטמעים',
                expected: 'כל הגופנים מוטמעים',
                explanation: 'בית הדפוס לא יכול להדפיס גופן שאינו בקובץ.',
                fix: 'לייצא שוב ל-PDF עם הטמעת הגופנים.',
              },
            ],
          },
        },
      },
    );
    expectError(
      await ctx.http.post(`/api/moderation/books/${id}/reject`, {}, { token: admin.token }),
      400,
    );
    expectError(
      await ctx.http.post(
        `/api/moderation/books/${id}/reject`,
        { reason: '   ' },
        { token: admin.token },
      ),
      400,
    );
    const res = await ctx.http.post(
      `/api/moderation/books/${id}/reject`,
      { reason: 'הכריכה אינה ברזולוציה מספקת' },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    const own = await ctx.http.get<Book>(`/api/books/${id}`, { token: noa.token });
    expect(own.body).toMatchObject({
      isAvailable: false,
      approvalStatus: 'rejected',
      moderationReason: 'הכריכה אינה ברזולוציה מספקת',
    });
    expectError(await ctx.http.get(`/api/books/${id}`), 404);
    expect(await mailsAbout(id)).toEqual([
      expect.objectContaining({
        template: 'book-rejected',
        to: 'noa.mod@example.com',
        reason: 'הכריכה אינה ברזולוציה מספקת',
        // The report in the portal's words, for the mail's 'מה צריך לתקן'.
        report: [
          {
            check: 'גודל העמודים',
            passed: true,
            status: 'pass',
            detail: 'נמדד: 154×216 מ״מ · נדרש: 154×216 מ״מ (±1) · כל העמודים בגודל הנכון.',
          },
          {
            check: 'גופנים מוטמעים',
            passed: false,
            status: 'fail',
            detail:
              'נמדד: 2 גופנים לא מוטמעים · נדרש: כל הגופנים מוטמעים · בית הדפוס לא יכול להדפיס גופן שאינו בקובץ. · איך מתקנים: לייצא שוב ל-PDF עם הטמעת הגופנים.',
          },
        ],
      }),
    ]);
  });

  it('shows an edit old and new side by side; approving applies it to the live book', async () => {
    const id = await ctx.book(noa.id, { title: 'שם ישן', price: 40, description: 'ישן' });
    const submitted = await ctx.http.post<BookEditAnswer>(
      `/api/books/${id}/edit`,
      { title: 'שם חדש', price: 55.5, summary: 'חדש', tags: ['א'], status: 'pending_approval' },
      { token: noa.token },
    );
    const editId = submitted.body.edit._id;
    const list = await ctx.http.get<PendingEdit[]>('/api/moderation/edits', { token: admin.token });
    expect(list.body.find((e) => e._id === editId)).toMatchObject({
      bookId: id,
      bookTitle: 'שם ישן',
      authorName: 'נועה כהן',
      previous: { title: 'שם ישן', price: 40, summary: 'ישן' },
      changes: { title: 'שם חדש', price: 55.5, summary: 'חדש', tags: ['א'] },
    });
    expect((await ctx.http.get<Book>(`/api/books/${id}`)).body.price).toBe(40);

    const res = await ctx.http.post(
      `/api/moderation/edits/${editId}/approve`,
      {},
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect((await ctx.http.get<Book>(`/api/books/${id}`)).body).toMatchObject({
      title: 'שם חדש',
      price: 55.5,
      description: 'חדש',
      summary: 'חדש',
      tags: ['א'],
    });
    const edits = await ctx.http.get<BookEdit[]>(`/api/books/${id}/edits`, { token: noa.token });
    expect(edits.body[0]).toMatchObject({ status: 'approved', decidedAt: expect.any(String) });
    expectError(
      await ctx.http.post(`/api/moderation/edits/${editId}/approve`, {}, { token: admin.token }),
      409,
    );
    expectError(
      await ctx.http.post(
        `/api/moderation/edits/${new Types.ObjectId().toHexString()}/approve`,
        {},
        { token: admin.token },
      ),
      404,
    );
  });

  it('rejects an edit with a reason the author sees, leaving the book as it was', async () => {
    const id = await ctx.book(noa.id, { title: 'נשאר', price: 40 });
    const submitted = await ctx.http.post<BookEditAnswer>(
      `/api/books/${id}/edit`,
      { title: 'לא יקרה', price: 1 },
      { token: noa.token },
    );
    const res = await ctx.http.post(
      `/api/moderation/edits/${submitted.body.edit._id}/reject`,
      { reason: 'המחיר נמוך מעלות ההדפסה' },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect((await ctx.http.get<Book>(`/api/books/${id}`)).body).toMatchObject({
      title: 'נשאר',
      price: 40,
    });
    const edits = await ctx.http.get<BookEdit[]>(`/api/books/${id}/edits`, { token: noa.token });
    expect(edits.body[0]).toMatchObject({ status: 'rejected', reason: 'המחיר נמוך מעלות ההדפסה' });
  });

  it('approves a review (shown, counted in the rating) and rejects another', async () => {
    const id = await ctx.book(noa.id);
    const [good, bad] = await ctx.reviews.create([
      { book: new Types.ObjectId(id), authorName: 'דנה', content: 'ספר נפלא', rating: 4 },
      { book: new Types.ObjectId(id), authorName: 'בוט', content: 'קנו עכשיו!!!', rating: 1 },
    ]);
    const list = await ctx.http.get<PendingReview[]>('/api/moderation/reviews', {
      token: admin.token,
    });
    expect(list.body.map((r) => r._id)).toEqual(
      expect.arrayContaining([String(good?._id), String(bad?._id)]),
    );
    expect(list.body.find((r) => r._id === String(good?._id))?.bookTitle).toBe('ספר בדיקה');
    await ctx.http.post(
      `/api/moderation/reviews/${String(good?._id)}/approve`,
      {},
      { token: admin.token },
    );
    await ctx.http.post(
      `/api/moderation/reviews/${String(bad?._id)}/reject`,
      { reason: 'פרסומת' },
      { token: admin.token },
    );
    const shown = await ctx.http.get<Review[]>(`/api/books/${id}/comments`);
    expect(shown.body.map((r) => r.content)).toEqual(['ספר נפלא']);
    expect((await ctx.http.get<Book>(`/api/books/${id}`)).body).toMatchObject({
      rating: 4,
      totalRatings: 1,
    });
    const after = await ctx.http.get<PendingReview[]>('/api/moderation/reviews', {
      token: admin.token,
    });
    expect(after.body.some((r) => r._id === String(bad?._id))).toBe(false);
  });

  it('answers bad ids and bodies with a Hebrew 400', async () => {
    expectError(
      await ctx.http.post('/api/moderation/books/nope/approve', {}, { token: admin.token }),
      400,
    );
    expectError(await ctx.http.get('/api/moderation/books?limit=0', { token: admin.token }), 400);
    expectError(
      await ctx.http.post(
        `/api/moderation/books/${new Types.ObjectId().toHexString()}/reject`,
        { reason: { $ne: null } },
        { token: admin.token },
      ),
      400,
    );
  });

  describe('the print cost at approval', () => {
    /** A waiting book whose preflight counted `pages` pages. */
    const waiting = async (fields: Record<string, unknown>, pages: number | null = 200) => {
      const id = await ctx.book(noa.id, {
        isAvailable: false,
        approvalStatus: 'pending',
        ...fields,
      });
      if (pages) {
        await ctx.books.collection.updateOne(
          { _id: new Types.ObjectId(id) },
          { $set: { preflight: { status: 'passed', pages, problems: [] } } },
        );
      }
      return id;
    };
    const printCostOf = async (id: string) =>
      (
        await ctx.books
          .findById(id)
          .lean<{ printCost: { agorot: number; quotedAt: Date; pages: number } | null }>()
      )?.printCost;

    it('quotes the book again, shows the quote on the card and keeps it on the book', async () => {
      // A5, 70 g, colour, 200 pages: 9 ₪ + 200 × 0.12 ₪ = 33 ₪ a copy.
      const id = await waiting({ printingType: 'color', price: 60 });
      const before = Date.now();
      expect(
        (await ctx.http.post(`/api/moderation/books/${id}/approve`, {}, { token: admin.token }))
          .status,
      ).toBe(200);
      expect(await printCostOf(id)).toMatchObject({ agorot: 3300, pages: 200 });
      expect((await printCostOf(id))?.quotedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

      const shown = await waiting({ price: 60, printCost: null });
      const list = await ctx.http.get<PendingBook[]>('/api/moderation/books', {
        token: admin.token,
      });
      expect(list.body.find((b) => b._id === shown)?.printCost).toBeNull();
      await ctx.books.updateOne(
        { _id: new Types.ObjectId(shown) },
        {
          $set: {
            printCost: {
              agorot: 1500,
              quotedAt: new Date('2026-01-05T10:00:00Z'),
              podPackageId: '0583X0827.BW.STD.PB.060UW444.MXX',
              pages: 200,
            },
          },
        },
      );
      const card = await ctx.http.get<PendingBook[]>('/api/moderation/books', {
        token: admin.token,
      });
      expect(card.body.find((b) => b._id === shown)?.printCost).toEqual({
        perCopy: 15,
        quotedAt: '2026-01-05T10:00:00.000Z',
        podPackageId: '0583X0827.BW.STD.PB.060UW444.MXX',
        pages: 200,
        lowestPrice: 17.65,
      });
    });

    it('refuses to approve a price that cannot carry the print cost, naming the lowest price', async () => {
      const id = await waiting({ printingType: 'color', price: 30 });
      const refused = expectError(
        await ctx.http.post(`/api/moderation/books/${id}/approve`, {}, { token: admin.token }),
        409,
      );
      // 33 ₪ a copy needs 85 % of the price: 38.83 ₪ at least.
      expect(refused.message).toContain('38.83 ₪');
      expect(refused.message).toContain('33.00 ₪');
      expect((await ctx.books.findById(id).lean<{ isAvailable: boolean }>())?.isAvailable).toBe(
        false,
      );
    });

    it('needs a quote: the partner down and none stored refuses with a Hebrew 503; a stored one approves', async () => {
      const id = await waiting({ price: 60 });
      ctx.print.failNextQuotes(1);
      const refused = expectError(
        await ctx.http.post(`/api/moderation/books/${id}/approve`, {}, { token: admin.token }),
        503,
      );
      expect(refused.message).toMatch(/בית הדפוס/);
      expect(await printCostOf(id)).toBeNull();

      const quoted = await waiting({
        price: 60,
        printCost: {
          agorot: 1500,
          quotedAt: new Date('2026-01-05T10:00:00Z'),
          podPackageId: '0583X0827.BW.STD.PB.060UW444.MXX',
          pages: 200,
        },
      });
      ctx.print.failNextQuotes(1);
      expect(
        (await ctx.http.post(`/api/moderation/books/${quoted}/approve`, {}, { token: admin.token }))
          .status,
      ).toBe(200);
      expect(await printCostOf(quoted)).toMatchObject({ agorot: 1500 });
    });

    it('refuses to approve a book whose page count is not known yet', async () => {
      const id = await waiting({ price: 60 }, null);
      expectError(
        await ctx.http.post(`/api/moderation/books/${id}/approve`, {}, { token: admin.token }),
        409,
      );
    });
  });
});
