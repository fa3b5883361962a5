import type {
  Author,
  AuthorReview,
  Book,
  MyBookReview,
  PendingReview,
  Review,
  ReviewActionAnswer,
  ReviewWriteAnswer,
} from '@mechabrim/contracts';
import { Types } from 'mongoose';
import { expectError, freshIp, type HttpAnswer } from './http';
import { startPortalApi, type Account, type PortalApi } from './portal-fixture';

const REVIEW = { rating: 4.5, title: 'ספר שנוגע בלב', content: 'קראתי בנשימה אחת, ממליצה בחום.' };

describe('reviews by readers who bought the book (issue 24)', () => {
  let ctx: PortalApi;
  let noa: Account;
  let dana: Account;
  let yael: Account;
  let omer: Account;
  let admin: Account;
  let bookId: string;
  let reviewId: string;

  /** A paid order of the book by the reader's account, in the given status. */
  async function orderBy(reader: Account, status: string): Promise<void> {
    const orderId = await ctx.order(
      [{ bookId, authorId: noa.id, price: 50, quantity: 1, title: 'ספר בדיקה' }],
      { status, split: false },
    );
    await ctx.orders.updateOne(
      { _id: new Types.ObjectId(orderId) },
      { $set: { 'user.userId': new Types.ObjectId(reader.id) } },
    );
  }

  const mailsTo = async (to: string) =>
    (
      await ctx.db
        .collection('outbox')
        .find({ type: 'mail', 'payload.template': 'review-decided', 'payload.to': to })
        .sort({ _id: 1 })
        .toArray()
    ).map((row) => row.payload as Record<string, unknown>);

  const publicList = async () =>
    (await ctx.http.get<Review[]>(`/api/books/${bookId}/comments`)).body;

  /** Reads through the API once its short public cache has heard of the write. */
  const book = async () => (await ctx.http.get<Book>(`/api/books/${bookId}`)).body;

  beforeAll(async () => {
    ctx = await startPortalApi();
    noa = await ctx.author('noa.reviews@example.com', 'נועה כהן');
    dana = await ctx.reader('dana.reviews@example.com');
    yael = await ctx.reader('yael.reviews@example.com');
    omer = await ctx.reader('omer.reviews@example.com');
    admin = await ctx.admin('admin.reviews@example.com');
    bookId = await ctx.book(noa.id, { title: 'האור שבין הגלים' });
    await orderBy(dana, 'delivered');
    await orderBy(omer, 'shipped');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses a reader who did not buy the book, one whose copy has not arrived, and its author', async () => {
    const notBought = expectError(
      await ctx.http.post(`/api/books/${bookId}/comments`, REVIEW, { token: yael.token }),
      403,
    );
    const notDelivered = expectError(
      await ctx.http.post(`/api/books/${bookId}/comments`, REVIEW, { token: omer.token }),
      403,
    );
    expect(notDelivered.message).not.toBe(notBought.message);
    expectError(
      await ctx.http.post(`/api/books/${bookId}/comments`, REVIEW, { token: noa.token }),
      403,
    );
    expectError(await ctx.http.post(`/api/books/${bookId}/comments`, REVIEW), 401);
    const mine = await ctx.http.get<MyBookReview>(`/api/books/${bookId}/comments/mine`, {
      token: yael.token,
    });
    expect(mine.body).toEqual({ review: null, canReview: false, reason: notBought.message });
    expect(await ctx.reviews.countDocuments({})).toBe(0);
  });

  it('checks the rating scale (half stars) and the Hebrew length limits', async () => {
    for (const body of [
      { ...REVIEW, rating: 4.3 },
      { ...REVIEW, rating: 0.5 },
      { ...REVIEW, title: 'א'.repeat(121) },
      { ...REVIEW, content: 'קצר' },
      { ...REVIEW, content: 'א'.repeat(3001) },
      { ...REVIEW, extra: 1 },
    ]) {
      expectError(
        await ctx.http.post(`/api/books/${bookId}/comments`, body, { token: dana.token }),
        400,
      );
    }
  });

  it('takes one review from a reader whose order was delivered; it waits for moderation', async () => {
    const mine = await ctx.http.get<MyBookReview>(`/api/books/${bookId}/comments/mine`, {
      token: dana.token,
    });
    expect(mine.body).toEqual({ review: null, canReview: true });
    const created = await ctx.http.post<ReviewWriteAnswer>(
      `/api/books/${bookId}/comments`,
      { ...REVIEW, title: '<script>alert(1)</script>' },
      { token: dana.token, ip: freshIp() },
    );
    expect(created.status).toBe(201);
    expect(created.body.review).toMatchObject({ rating: 4.5, status: 'pending' });
    reviewId = created.body.review._id;
    expect(await publicList()).toEqual([]);
    // A second one is refused.
    expectError(
      await ctx.http.post(`/api/books/${bookId}/comments`, REVIEW, { token: dana.token }),
      409,
    );
    // An older review by nobody who bought anything (as the demo data seeds them) waits too; the
    // reader's review still heads the moderation queue.
    await ctx.db.collection('reviews').insertOne({
      book: new Types.ObjectId(await ctx.book(noa.id, { title: 'ספר עם ביקורת ישנה' })),
      authorName: 'קורא ותיק',
      content: 'ביקורת ישנה שמחכה לאישור',
      rating: 3,
      isApproved: false,
      rejectedAt: null,
      verifiedPurchase: false,
      reportCount: 0,
      createdAt: new Date('2024-01-01T08:00:00Z'),
    });
    const first = await ctx.http.get<PendingReview[]>('/api/moderation/reviews?limit=1', {
      token: admin.token,
    });
    expect(first.body.map((r) => r._id)).toEqual([reviewId]);
    const list = await ctx.http.get<PendingReview[]>('/api/moderation/reviews', {
      token: admin.token,
    });
    expect(list.body.map((r) => r.verifiedPurchase)).toEqual([true, false]);
    expect(list.body.find((r) => r._id === reviewId)).toMatchObject({
      title: '<script>alert(1)</script>',
      verifiedPurchase: true,
      reportCount: 0,
    });
    // Readers may not moderate.
    expectError(
      await ctx.http.post(`/api/moderation/reviews/${reviewId}/approve`, {}, { token: dana.token }),
      403,
    );
  });

  it("refuses to edit or delete another reader's review", async () => {
    expectError(
      await ctx.http.put(`/api/comments/${reviewId}`, REVIEW, { token: yael.token }),
      403,
    );
    expectError(await ctx.http.delete(`/api/comments/${reviewId}`, { token: yael.token }), 403);
    expectError(await ctx.http.delete(`/api/comments/${reviewId}`, { token: noa.token }), 403);
    expectError(
      await ctx.http.delete(`/api/comments/${new Types.ObjectId().toHexString()}`, {
        token: yael.token,
      }),
      404,
    );
    expect(await ctx.reviews.countDocuments({ _id: new Types.ObjectId(reviewId) })).toBe(1);
  });

  it('an approved review shows with the verified mark; the book and author ratings follow; the reader is mailed', async () => {
    const approved = await ctx.http.post(
      `/api/moderation/reviews/${reviewId}/approve`,
      {},
      { token: admin.token },
    );
    expect(approved.status).toBe(200);
    expect(await publicList()).toEqual([
      expect.objectContaining({
        _id: reviewId,
        rating: 4.5,
        title: '<script>alert(1)</script>',
        verifiedPurchase: true,
        helpfulCount: 0,
      }),
    ]);
    expect(await book()).toMatchObject({ rating: 4.5, totalRatings: 1 });
    const author = await ctx.http.get<Author>(`/api/authors/${noa.id}`);
    expect(author.body.averageRating).toBe(4.5);
    const onAuthorPage = await ctx.http.get<AuthorReview[]>(`/api/authors/${noa.id}/comments`);
    expect(onAuthorPage.body).toEqual([
      expect.objectContaining({ _id: reviewId, bookId, bookTitle: 'האור שבין הגלים' }),
    ]);
    expectError(await ctx.http.get(`/api/authors/${dana.id}/comments`), 404);
    expect(await mailsTo('dana.reviews@example.com')).toEqual([
      expect.objectContaining({ decision: 'approved', bookId, bookTitle: 'האור שבין הגלים' }),
    ]);
  });

  it('counts a helpful mark once per reader, never the writer’s own', async () => {
    const first = await ctx.http.post<ReviewActionAnswer>(
      `/api/comments/${reviewId}/helpful`,
      {},
      { token: yael.token },
    );
    expect(first.status).toBe(200);
    expect(first.body.helpfulCount).toBe(1);
    expectError(
      await ctx.http.post(`/api/comments/${reviewId}/helpful`, {}, { token: yael.token }),
      409,
    );
    expectError(
      await ctx.http.post(`/api/comments/${reviewId}/helpful`, {}, { token: dana.token }),
      403,
    );
    expect((await publicList())[0]?.helpfulCount).toBe(1);
  });

  it('a report hides the review and sends it back to moderation; once per reader', async () => {
    const reported = await ctx.http.post(
      `/api/comments/${reviewId}/report`,
      { reason: 'פרסומת לספר אחר' },
      { token: omer.token },
    );
    expect(reported.status).toBe(200);
    expect(await publicList()).toEqual([]);
    expect(await book()).toMatchObject({ rating: 0, totalRatings: 0 });
    const list = await ctx.http.get<PendingReview[]>('/api/moderation/reviews', {
      token: admin.token,
    });
    expect(list.body.find((r) => r._id === reviewId)).toMatchObject({
      reportCount: 1,
      lastReportReason: 'פרסומת לספר אחר',
    });
    const again = await ctx.http.post(
      `/api/moderation/reviews/${reviewId}/approve`,
      {},
      { token: admin.token },
    );
    expect(again.status).toBe(200);
    expectError(
      await ctx.http.post(
        `/api/comments/${reviewId}/report`,
        { reason: 'שוב פרסומת' },
        { token: omer.token },
      ),
      409,
    );
    expect(await publicList()).toHaveLength(1);
    // Published again with the same text: the reader was told once, when it first went up.
    expect(
      (await mailsTo('dana.reviews@example.com')).filter((mail) => mail.decision === 'approved'),
    ).toHaveLength(1);
  });

  it("the book's author cannot report it; saved unchanged, it stays published", async () => {
    const byAuthor = expectError(
      await ctx.http.post(
        `/api/comments/${reviewId}/report`,
        { reason: 'לא אהבתי את הביקורת' },
        { token: noa.token },
      ),
      403,
    );
    expect(byAuthor.message).toMatch(/[\u0590-\u05FF]/);
    const before = await book();
    const stored = (
      await ctx.http.get<MyBookReview>(`/api/books/${bookId}/comments/mine`, { token: dana.token })
    ).body.review;
    const same = await ctx.http.put<ReviewWriteAnswer>(
      `/api/comments/${reviewId}`,
      { rating: stored?.rating, title: stored?.title, content: stored?.content },
      { token: dana.token },
    );
    expect(same.status).toBe(200);
    expect(same.body.review.status).toBe('approved');
    expect(await publicList()).toHaveLength(1);
    expect(await book()).toMatchObject({
      rating: before.rating,
      totalRatings: before.totalRatings,
    });
  });

  it('an edit waits for moderation again; a rejection is mailed with its reason', async () => {
    const edited = await ctx.http.put<ReviewWriteAnswer>(
      `/api/comments/${reviewId}`,
      { ...REVIEW, rating: 3 },
      { token: dana.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.review.status).toBe('pending');
    // The marks and reports were given to the old text: the new one starts afresh.
    expect(
      await ctx.db.collection('reviews').findOne({ _id: new Types.ObjectId(reviewId) }),
    ).toMatchObject({ helpfulBy: [], helpfulCount: 0, reportedBy: [], reportCount: 0 });
    expect(await publicList()).toEqual([]);
    expect(await book()).toMatchObject({ rating: 0, totalRatings: 0 });
    await ctx.http.post(
      `/api/moderation/reviews/${reviewId}/reject`,
      { reason: 'הביקורת חושפת את סוף העלילה' },
      { token: admin.token },
    );
    const mine = await ctx.http.get<MyBookReview>(`/api/books/${bookId}/comments/mine`, {
      token: dana.token,
    });
    expect(mine.body.review).toMatchObject({
      status: 'rejected',
      rejectionReason: 'הביקורת חושפת את סוף העלילה',
      rating: 3,
    });
    expect(await mailsTo('dana.reviews@example.com')).toContainEqual(
      expect.objectContaining({ decision: 'rejected', reason: 'הביקורת חושפת את סוף העלילה' }),
    );
  });

  it('a rejected review, rewritten and approved, is mailed as published again', async () => {
    const rewritten = await ctx.http.put<ReviewWriteAnswer>(
      `/api/comments/${reviewId}`,
      { ...REVIEW, rating: 3, content: 'בלי לחשוף את הסוף: ספר מרגש שכדאי לקרוא.' },
      { token: dana.token },
    );
    expect(rewritten.body.review.status).toBe('pending');
    // The admin reads it; the writer changes it again before the admin approves.
    const queue = await ctx.http.get<PendingReview[]>('/api/moderation/reviews', {
      token: admin.token,
    });
    const seen = queue.body.find((r) => r._id === reviewId)?.updatedAt;
    expect(seen).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changedAgain = await ctx.http.put<ReviewWriteAnswer>(
      `/api/comments/${reviewId}`,
      { ...REVIEW, rating: 3, content: 'בלי לחשוף את הסוף: ספר מרגש מאוד שכדאי לקרוא.' },
      { token: dana.token, ip: freshIp() },
    );
    expect(changedAgain.status).toBe(200);
    const stale = expectError(
      await ctx.http.post(
        `/api/moderation/reviews/${reviewId}/approve`,
        { seen },
        { token: admin.token },
      ),
      409,
    );
    expect(stale.message).toMatch(/[\u0590-\u05FF]/);
    expect(await publicList()).toEqual([]);
    expectError(
      await ctx.http.post(
        `/api/moderation/reviews/${reviewId}/approve`,
        { seen: 'yesterday' },
        { token: admin.token },
      ),
      400,
    );
    const fresh = (
      await ctx.http.get<PendingReview[]>('/api/moderation/reviews', { token: admin.token })
    ).body.find((r) => r._id === reviewId)?.updatedAt;
    const approved = await ctx.http.post(
      `/api/moderation/reviews/${reviewId}/approve`,
      { seen: fresh },
      { token: admin.token },
    );
    expect(approved.status).toBe(200);
    expect((await mailsTo('dana.reviews@example.com')).map((mail) => mail.decision)).toEqual([
      'approved',
      'rejected',
      'approved',
    ]);
  });

  it('the writer deletes their own review', async () => {
    const deleted = await ctx.http.delete(`/api/comments/${reviewId}`, { token: dana.token });
    expect(deleted.status).toBe(200);
    expect(await ctx.reviews.countDocuments({ _id: new Types.ObjectId(reviewId) })).toBe(0);
    expectError(await ctx.http.delete(`/api/comments/${reviewId}`, { token: dana.token }), 404);
  });

  it('limits reports per IP and writes per account with Hebrew 429s', async () => {
    const ip = freshIp();
    const missing = new Types.ObjectId().toHexString();
    const answers = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push(
        await ctx.http.post(
          `/api/comments/${missing}/report`,
          { reason: 'דיווח' },
          { token: yael.token, ip },
        ),
      );
    }
    expect(answers.slice(0, 10).every((a) => a.status === 404)).toBe(true);
    expectError(answers[10]!, 429);

    // Per account: a day's writes, each from another IP.
    const created = await ctx.http.post<ReviewWriteAnswer>(
      `/api/books/${bookId}/comments`,
      REVIEW,
      { token: dana.token, ip: freshIp() },
    );
    expect(created.status).toBe(201);
    const id = created.body.review._id;
    let refused: HttpAnswer | undefined;
    for (let i = 0; i < 25 && !refused; i += 1) {
      // Each a change: saving the same text again changes nothing and costs nothing.
      const res = await ctx.http.put(
        `/api/comments/${id}`,
        { ...REVIEW, rating: i % 2 === 0 ? 4 : 5 },
        { token: dana.token, ip: freshIp() },
      );
      if (res.status !== 200) refused = res;
    }
    if (!refused) throw new Error('a day of writes was never refused');
    const body = expectError(refused, 429);
    expect(body.message).toMatch(/ביקורות/);
  });
});
