import type { Book, BookChangeAnswer, BookEdit, BookEditAnswer } from '@mechabrim/contracts';
import { Types } from 'mongoose';
import { expectError, INJECTIONS } from './http';
import { startPortalApi, type Account, type PortalApi } from './portal-fixture';

const NOT_AUTHORIZED_TO_EDIT = 'אין לכם הרשאה לערוך ספר זה';

describe('an author’s own books: hide/show, delete, edit for approval', () => {
  let ctx: PortalApi;
  let noa: Account;
  let dan: Account;
  let reader: Account;
  let admin: Account;

  beforeAll(async () => {
    ctx = await startPortalApi();
    noa = await ctx.author('noa@example.com', 'נועה כהן');
    dan = await ctx.author('dan@example.com', 'דן לוי');
    reader = await ctx.reader('reader@example.com');
    admin = await ctx.admin('admin@example.com');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('PUT /api/books/:id {isAvailable}', () => {
    it('hides the author’s book from the shop and shows it again', async () => {
      const id = await ctx.book(noa.id, { title: 'ספר להסתרה' });
      const hidden = await ctx.http.put<BookChangeAnswer>(
        `/api/books/${id}`,
        { isAvailable: false },
        { token: noa.token },
      );
      expect(hidden.status).toBe(200);
      expect(hidden.body.book).toMatchObject({
        _id: id,
        isAvailable: false,
        approvalStatus: 'approved',
      });
      expect(hidden.body.message).toMatch(/[\u0590-\u05FF]/);
      // Off the shop's lists; its page, once on sale, stays as sold out (issue 13).
      const page = await ctx.http.get<Book>(`/api/books/${id}`);
      expect(page.status).toBe(200);
      expect(page.body.isAvailable).toBe(false);
      const list = await ctx.http.get<{ books: Book[] }>('/api/books?limit=100');
      expect(list.body.books.some((b) => b._id === id)).toBe(false);
      // The author still sees it in their own list, with its preflight report; the public never.
      const report = {
        status: 'passed',
        uploadId: 'u-1',
        pages: 120,
        checks: [],
        checkedAt: null,
        durationMs: null,
      };
      await ctx.books.collection.updateOne(
        { _id: new Types.ObjectId(id) },
        { $set: { preflight: report } },
      );
      expect(page.body).not.toHaveProperty('preflight');
      const ownWithReport = await ctx.http.get<Book[]>(`/api/books/author/${noa.id}`, {
        token: noa.token,
      });
      expect(ownWithReport.body.find((b) => b._id === id)?.preflight).toEqual(report);
      const own = await ctx.http.get<Book[]>(`/api/books/author/${noa.id}`, { token: noa.token });
      expect(own.body.find((b) => b._id === id)).toMatchObject({ isAvailable: false });

      const shown = await ctx.http.put<BookChangeAnswer>(
        `/api/books/${id}`,
        { isAvailable: true },
        { token: noa.token },
      );
      expect(shown.status).toBe(200);
      expect((await ctx.http.get<Book>(`/api/books/${id}`)).body.isAvailable).toBe(true);
    });

    it('refuses to put a book still waiting for approval on sale (admins approve it)', async () => {
      const id = await ctx.book(noa.id, { isAvailable: false, approvalStatus: 'pending' });
      const res = await ctx.http.put(
        `/api/books/${id}`,
        { isAvailable: true },
        { token: noa.token },
      );
      expectError(res, 409);
      expect((await ctx.books.findById(id).lean())?.isAvailable).toBe(false);
      // A book from before moderation that is not on sale reads as pending too.
      const legacy = await ctx.book(noa.id, { isAvailable: false, approvalStatus: undefined });
      expectError(
        await ctx.http.put(`/api/books/${legacy}`, { isAvailable: true }, { token: noa.token }),
        409,
      );
    });

    it('tells the author why a rejected book cannot be shown', async () => {
      const id = await ctx.book(noa.id, {
        isAvailable: false,
        approvalStatus: 'rejected',
        moderationReason: 'קובץ הכריכה חסר',
      });
      const body = expectError(
        await ctx.http.put(`/api/books/${id}`, { isAvailable: true }, { token: noa.token }),
        409,
      );
      expect(body.message).toContain('קובץ הכריכה חסר');
    });

    it('answers bad bodies and ids with a Hebrew 400 and changes nothing', async () => {
      const id = await ctx.book(noa.id);
      for (const body of [{}, { isAvailable: 'no' }, { isAvailable: true, price: 1 }, 'x']) {
        expectError(await ctx.http.put(`/api/books/${id}`, body, { token: noa.token }), 400);
      }
      for (const injection of INJECTIONS) {
        expectError(
          await ctx.http.put(`/api/books/${id}`, { isAvailable: injection }, { token: noa.token }),
          400,
        );
      }
      expectError(
        await ctx.http.put('/api/books/nope', { isAvailable: false }, { token: noa.token }),
        400,
      );
      expectError(
        await ctx.http.put(
          `/api/books/${new Types.ObjectId().toHexString()}`,
          { isAvailable: false },
          { token: noa.token },
        ),
        404,
      );
      expect((await ctx.books.findById(id).lean())?.isAvailable).toBe(true);
    });
  });

  describe('DELETE /api/books/:id', () => {
    it('takes the book out of the shop and the author’s lists; orders and wishlists still read', async () => {
      const id = await ctx.book(noa.id, { title: 'ספר למחיקה' });
      const orderId = await ctx.order([
        { bookId: id, authorId: noa.id, price: 50, quantity: 1, title: 'ספר למחיקה' },
      ]);
      const wished = await ctx.http.post(
        '/api/users/wishlist',
        { bookId: id },
        { token: reader.token },
      );
      expect(wished.status).toBe(201);

      const res = await ctx.http.delete<BookChangeAnswer>(`/api/books/${id}`, { token: noa.token });
      expect(res.status).toBe(200);
      expect(res.body.book.isAvailable).toBe(false);

      expectError(await ctx.http.get(`/api/books/${id}`), 404);
      expectError(await ctx.http.get(`/api/books/${id}`, { token: noa.token }), 404);
      const own = await ctx.http.get<Book[]>(`/api/books/author/${noa.id}`, { token: noa.token });
      expect(own.body.some((b) => b._id === id)).toBe(false);
      // Stored still, for the order history, the ledger and the wishlist.
      expect(await ctx.books.findById(id).lean()).toMatchObject({ deletedAt: expect.any(Date) });
      expect(await ctx.orders.exists({ _id: new Types.ObjectId(orderId) })).toBeTruthy();
      const wishlist = await ctx.http.get('/api/users/wishlist', { token: reader.token });
      expect(wishlist.status).toBe(200);
      // Deleting twice finds nothing to delete.
      expectError(await ctx.http.delete(`/api/books/${id}`, { token: noa.token }), 404);
      // A deleted book cannot be shown again or edited.
      expectError(
        await ctx.http.put(`/api/books/${id}`, { isAvailable: true }, { token: noa.token }),
        404,
      );
    });

    it('lets an admin delete any book', async () => {
      const id = await ctx.book(dan.id);
      expect((await ctx.http.delete(`/api/books/${id}`, { token: admin.token })).status).toBe(200);
    });
  });

  describe('POST /api/books/:id/edit', () => {
    const payload = (id: string, authorId: string) => ({
      title: 'כותרת חדשה',
      price: 64.9,
      summary: 'תיאור חדש',
      tags: ['חדש', 'מעודכן'],
      originalBookId: id,
      authorId,
      status: 'pending_approval',
      submittedAt: new Date().toISOString(),
    });

    it('stores the edit pending approval and leaves the live book as it was', async () => {
      const id = await ctx.book(noa.id, { title: 'כותרת ישנה', price: 50 });
      const res = await ctx.http.post<BookEditAnswer>(
        `/api/books/${id}/edit`,
        payload(id, noa.id),
        {
          token: noa.token,
        },
      );
      expect(res.status).toBe(202);
      expect(res.body.edit).toMatchObject({
        bookId: id,
        authorId: noa.id,
        status: 'pending_approval',
        changes: {
          title: 'כותרת חדשה',
          price: 64.9,
          summary: 'תיאור חדש',
          tags: ['חדש', 'מעודכן'],
        },
        previous: { title: 'כותרת ישנה', price: 50, summary: 'תיאור הספר', tags: ['בדיקה'] },
        decidedAt: null,
      });
      const live = await ctx.http.get<Book>(`/api/books/${id}`);
      expect(live.body).toMatchObject({ title: 'כותרת ישנה', price: 50 });
      const edits = await ctx.http.get<BookEdit[]>(`/api/books/${id}/edits`, { token: noa.token });
      expect(edits.body.map((e) => e.status)).toEqual(['pending_approval']);
    });

    it('takes tags as comma-separated text and the description as the summary', async () => {
      const id = await ctx.book(noa.id);
      const res = await ctx.http.post<BookEditAnswer>(
        `/api/books/${id}/edit`,
        { title: '  שם  ', price: 10, description: 'מהתיאור', tags: ' א, ,ב ,' },
        { token: noa.token },
      );
      expect(res.status).toBe(202);
      expect(res.body.edit.changes).toEqual({
        title: 'שם',
        price: 10,
        summary: 'מהתיאור',
        tags: ['א', 'ב'],
      });
    });

    it('quotes the book again and refuses an edited price that cannot carry its print cost', async () => {
      // A5, 70 g, black and white, 300 pages: 9 ₪ + 300 × 0.03 ₪ = 18 ₪ a copy.
      const id = await ctx.book(noa.id, { price: 50, pages: 300, printCost: null });
      const refused = expectError(
        await ctx.http.post(
          `/api/books/${id}/edit`,
          { ...payload(id, noa.id), price: 21 },
          { token: noa.token },
        ),
        400,
      );
      // 85 % of 21.18 ₪ is 18.003 ₪: the lowest price is 21.18 ₪.
      expect(refused.message).toContain('המחיר הנמוך ביותר האפשרי הוא 21.18 ₪');
      expect(await ctx.edits.countDocuments({ book: new Types.ObjectId(id) })).toBe(0);
      const stored = await ctx.books.findById(id).lean<{ printCost: { agorot: number } | null }>();
      expect(stored?.printCost).toMatchObject({ agorot: 1800 });
      // The author's own answer shows the quote and its lowest price.
      const own = await ctx.http.get<Book>(`/api/books/${id}`, { token: noa.token });
      expect(own.body.printCost).toMatchObject({ perCopy: 18, lowestPrice: 21.18 });
      expect(
        (
          await ctx.http.post(
            `/api/books/${id}/edit`,
            { ...payload(id, noa.id), price: 21.18 },
            { token: noa.token },
          )
        ).status,
      ).toBe(202);
    });

    it('supersedes an edit still waiting when a newer one is sent', async () => {
      const id = await ctx.book(noa.id);
      await ctx.http.post(`/api/books/${id}/edit`, payload(id, noa.id), { token: noa.token });
      await ctx.http.post(
        `/api/books/${id}/edit`,
        { ...payload(id, noa.id), title: 'שנייה' },
        { token: noa.token },
      );
      const edits = await ctx.http.get<BookEdit[]>(`/api/books/${id}/edits`, { token: noa.token });
      expect(edits.body.map((e) => [e.status, e.changes.title])).toEqual([
        ['pending_approval', 'שנייה'],
        ['superseded', 'כותרת חדשה'],
      ]);
    });

    it('shows the newest edit on the book in the author’s list: waiting, then rejected with the reason', async () => {
      const carol = await ctx.author('carol@example.com', 'כרמל');
      const id = await ctx.book(carol.id, { title: 'לפני', price: 40 });
      const untouched = await ctx.book(carol.id, { title: 'בלי עריכה' });
      await ctx.http.post(
        `/api/books/${id}/edit`,
        { title: 'אחרי', price: 40, summary: 'תיאור הספר', tags: ['בדיקה'] },
        { token: carol.token },
      );
      const list = async () =>
        (await ctx.http.get<Book[]>(`/api/books/author/${carol.id}`, { token: carol.token })).body;
      const waiting = (await list()).find((b) => b._id === id);
      expect(waiting?.latestEdit).toEqual({
        status: 'pending_approval',
        submittedAt: expect.any(String),
        changed: ['title'],
        reason: '',
      });
      expect((await list()).find((b) => b._id === untouched)?.latestEdit).toBeNull();

      await ctx.edits.updateOne(
        { book: new Types.ObjectId(id) },
        { $set: { status: 'rejected', reason: 'השם החדש שמור', decidedAt: new Date() } },
      );
      expect((await list()).find((b) => b._id === id)?.latestEdit).toMatchObject({
        status: 'rejected',
        reason: 'השם החדש שמור',
      });
      // The public list says nothing of edits.
      const pub = (await ctx.http.get<Book[]>(`/api/books/author/${carol.id}`)).body;
      expect(pub.every((b) => b.latestEdit === undefined)).toBe(true);
    });

    it('refuses another author with the spec’s message, in Hebrew', async () => {
      const id = await ctx.book(noa.id);
      const body = expectError(
        await ctx.http.post(`/api/books/${id}/edit`, payload(id, dan.id), { token: dan.token }),
        403,
      );
      expect(body.message).toBe(NOT_AUTHORIZED_TO_EDIT);
      expect(await ctx.edits.countDocuments({ book: new Types.ObjectId(id) })).toBe(0);
    });

    it('refuses an edit sent in another author’s name or for another book', async () => {
      const id = await ctx.book(noa.id);
      const other = await ctx.book(noa.id);
      expectError(
        await ctx.http.post(`/api/books/${id}/edit`, payload(id, dan.id), { token: noa.token }),
        403,
      );
      expectError(
        await ctx.http.post(`/api/books/${id}/edit`, payload(other, noa.id), { token: noa.token }),
        400,
      );
      expect(await ctx.edits.countDocuments({ book: new Types.ObjectId(id) })).toBe(0);
    });

    it('validates the payload in Hebrew: title required, price ≥ 0 with two decimals', async () => {
      const id = await ctx.book(noa.id);
      const cases: unknown[] = [
        { price: 10 },
        { title: '   ', price: 10 },
        { title: 'א', price: -1 },
        { title: 'א', price: 10.001 },
        { title: 'א', price: '10' },
        { title: 'א', price: 10, status: 'approved' },
        { title: 'א', price: 10, isAvailable: true },
        { title: { $ne: null }, price: 10 },
      ];
      for (const body of cases) {
        expectError(await ctx.http.post(`/api/books/${id}/edit`, body, { token: noa.token }), 400);
      }
      const body = expectError(
        await ctx.http.post(`/api/books/${id}/edit`, { price: 10 }, { token: noa.token }),
        400,
      );
      expect(body.message).toContain('שם הספר הוא שדה חובה');
      expect(await ctx.edits.countDocuments({ book: new Types.ObjectId(id) })).toBe(0);
    });
  });

  it('needs a signed-in author or admin for every change', async () => {
    const id = await ctx.book(noa.id);
    expectError(await ctx.http.put(`/api/books/${id}`, { isAvailable: false }), 401);
    expectError(await ctx.http.delete(`/api/books/${id}`), 401);
    expectError(await ctx.http.post(`/api/books/${id}/edit`, { title: 'א', price: 1 }), 401);
    expectError(
      await ctx.http.put(`/api/books/${id}`, { isAvailable: false }, { token: reader.token }),
      403,
    );
    expectError(await ctx.http.delete(`/api/books/${id}`, { token: reader.token }), 403);
    expectError(
      await ctx.http.post(
        `/api/books/${id}/edit`,
        { title: 'א', price: 1 },
        { token: reader.token },
      ),
      403,
    );
    expect((await ctx.books.findById(id).lean())?.isAvailable).toBe(true);
  });
});
