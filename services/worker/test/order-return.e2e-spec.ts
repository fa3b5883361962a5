import { orderReference, type PaymentCreateResponse } from '@mechabrim/contracts';
import { until } from '@mechabrim/testing';
import { Types } from 'mongoose';
// The return crosses every service: the API records the request and, once an admin says the books
// arrived, the refund and the ledger entries; its outbox hands the refund to this worker, which
// calls the payment simulator, issues the credit note and mails the buyer. The API's harness is
// the one place that knows how to start the API.
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { BUYER, payInFrame, registerBuyer } from '../../api/test/checkout-fixture';
import { refundMailJobId } from '../src/refunds/refunds.processor';
import { startJourney, type Journey } from './journey-fixture';

/** The print partner's clock; production is held far beyond the test, so no callback moves it. */
const STEP_MS = 300;
const HOLD_MS = 600_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The quoted print cost per copy of the book bought (12 ₪), so the split deducts print. */
const PRINT_COST_AGOROT = 1200;

let journey: Journey;
let buyer: string;
let stranger: string;
let admin: string;
let attempt = 0;
let bookId: string;

beforeAll(async () => {
  journey = await startJourney('return', STEP_MS, { productionDelayMs: HOLD_MS });
  const { ctx } = journey;
  buyer = await registerBuyer(ctx.http, 'return.buyer@example.com');
  stranger = await registerBuyer(ctx.http, 'return.stranger@example.com');
  admin = await registerBuyer(ctx.http, 'return.admin@example.com');
  await ctx.db
    .collection('users')
    .updateOne({ email: 'return.admin@example.com' }, { $set: { role: 'admin' } });
  bookId = String(ctx.books.available[1]);
  await ctx.db.collection('books').updateOne(
    { _id: new Types.ObjectId(bookId) },
    {
      $set: { printCost: { agorot: PRINT_COST_AGOROT } },
    },
  );
});

afterAll(async () => {
  await journey?.close();
});

/** Buys 3 × 54.50 with the approving card, sent express (25 ₪): 188.50 ₪ paid, 163.50 of it books. */
async function buy(token: string): Promise<string> {
  const created = await journey.ctx.http.post<PaymentCreateResponse>(
    '/api/payments/create',
    {
      items: [{ id: bookId, quantity: 3 }],
      client: BUYER,
      shipping_method: 'express',
      shipping_region: 'israel-centre',
    },
    { token, headers: { 'idempotency-key': `return-${Date.now()}-${(attempt += 1)}` } },
  );
  expect(created.status).toBe(201);
  await payInFrame(created.body.payment_url, created.body.form_data, {
    ccno: '4580458045804580',
  });
  await until('the payment', async () =>
    (await orderOf(created.body.order_id))?.paidAt ? true : undefined,
  );
  return created.body.order_id;
}

interface StoredOrder {
  status: string;
  paidAt?: Date | null;
  return?: { state: string; refundRef: string | null } | null;
  refunds?: {
    ref: string;
    reason: string;
    state: string;
    amountAgorot: number;
    feeAgorot: number;
    creditNoteNumber: number | null;
    mailedAt: Date | null;
  }[];
}

interface StoredEntry {
  party: string;
  kind: string;
  amountAgorot: number;
  quantity: number;
}

const orderOf = (orderId: string) =>
  journey.ctx.db
    .collection<StoredOrder>('orders')
    .findOne({ _id: new Types.ObjectId(orderId) } as never);

const entriesOf = (orderId: string) =>
  journey.ctx.db
    .collection<StoredEntry>('ledger')
    .find({ orderId: new Types.ObjectId(orderId) } as never)
    .toArray();

const sum = (entries: readonly StoredEntry[]) =>
  entries.reduce((total, entry) => total + entry.amountAgorot, 0);

/** The order as delivered `daysAgo` days ago (as the print partner's callback would have it). */
async function deliver(orderId: string, daysAgo: number): Promise<void> {
  await journey.ctx.db.collection('orders').updateOne({ _id: new Types.ObjectId(orderId) }, {
    $set: { status: 'delivered' },
    $push: {
      statusHistory: { status: 'delivered', at: new Date(Date.now() - daysAgo * DAY_MS) },
    },
  } as never);
}

const askToReturn = (orderId: string, token: string, body: unknown) =>
  journey.ctx.http.post<{ message?: string; state?: string }>(
    `/api/orders/${orderId}/return`,
    body,
    { token },
  );

const twoCopies = { reason: 'הכריכה הגיעה קרועה', lines: [{ lineIndex: 0, quantity: 2 }] };

describe('a return of delivered books', () => {
  it('requested by the buyer, received by an admin: the copies refunded, credited, noted, mailed and taken back in the ledger', async () => {
    const { ctx } = journey;
    const orderId = await buy(buyer);
    const sold = await until('the split', async () => {
      const entries = await entriesOf(orderId);
      return entries.some((entry) => entry.kind === 'sale') ? entries : undefined;
    });
    await deliver(orderId, 2);

    const offered = await ctx.http.get<{
      orders: { _id: string; returnableUntil: string | null }[];
    }>('/api/orders/mine', { token: buyer });
    expect(offered.body.orders.find((o) => o._id === orderId)?.returnableUntil).toEqual(
      expect.any(String),
    );

    const asked = await askToReturn(orderId, buyer, twoCopies);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      state: 'requested',
      reason: 'הכריכה הגיעה קרועה',
      lines: [{ lineIndex: 0, quantity: 2 }],
      refund: null,
    });
    // One return per order.
    const again = await askToReturn(orderId, buyer, {
      reason: 'עוד אחד',
      lines: [{ lineIndex: 0, quantity: 1 }],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/[א-ת]/);

    // The admins' list, and nobody else's.
    const listed = await ctx.http.get<{
      returns: { orderId: string; amount: number; lines: { title: string; quantity: number }[] }[];
    }>('/api/admin/returns', { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.returns.find((row) => row.orderId === orderId)).toMatchObject({
      amount: 109,
      lines: [{ title: 'שירים מן המרפסת', quantity: 2 }],
    });
    expect((await ctx.http.get('/api/admin/returns', { token: buyer })).status).toBe(403);
    expect(
      (await ctx.http.post(`/api/admin/returns/${orderId}/receive`, {}, { token: buyer })).status,
    ).toBe(403);

    const received = await ctx.http.post<{ state: string; refundRef: string; amount: number }>(
      `/api/admin/returns/${orderId}/receive`,
      {},
      { token: admin },
    );
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ state: 'received', amount: 109 });
    const twice = await ctx.http.post<{ message: string }>(
      `/api/admin/returns/${orderId}/receive`,
      {},
      { token: admin },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/[א-ת]/);

    const refund = await until('the refund', async () => {
      const found = (await orderOf(orderId))?.refunds?.find((r) => r.reason === 'return');
      return found?.state === 'refunded' && found.mailedAt ? found : undefined;
    });
    expect(refund.ref).toBe(received.body.refundRef);
    // Two copies at 54.50; no fee, and the shipping (both ways) stays the buyer's.
    expect(refund).toMatchObject({ amountAgorot: 10900, feeAgorot: 0 });
    expect(refund.creditNoteNumber).toEqual(expect.any(Number));
    const credits = ctx.simulator.refunds.filter((credit) => credit.DCdisable === refund.ref);
    expect(credits).toHaveLength(1);
    expect(credits[0]?.sum).toBe('109.00');

    const mail = await until(
      'the return mail',
      async () =>
        (await ctx.db
          .collection('mail_outbox')
          .findOne({ jobId: refundMailJobId(refund.ref, 'return'), status: 'sent' })) ?? undefined,
    );
    expect(mail).toMatchObject({ template: 'order-returned', to: 'return.buyer@example.com' });
    expect(mail.attachments).toEqual([`credit-note-${refund.creditNoteNumber}.pdf`]);

    // The ledger holds what the card was charged (books 163.50, shipping 25), less the refund:
    // the returned copies' shares are taken back; the printer keeps what it was paid, and the
    // shipping stays paid (return shipping is the buyer's).
    const entries = await entriesOf(orderId);
    expect(sum(entries)).toBe(16350 + 2500 - 10900);
    expect(sum(entries.filter((e) => e.kind === 'shipping'))).toBe(2500);
    expect(entries.filter((e) => e.kind === 'shipping-reversal')).toEqual([]);
    const returned = entries.filter((entry) => entry.kind === 'return');
    expect(sum(returned)).toBe(-10900);
    expect(returned.map((entry) => entry.party).sort()).toEqual([
      'author',
      'community',
      'platform',
    ]);
    const print = (list: readonly StoredEntry[]) => sum(list.filter((e) => e.party === 'print'));
    const books = (list: readonly StoredEntry[]) =>
      list.filter((e) => e.kind !== 'adjustment' && !e.kind.startsWith('shipping'));
    expect(print(books(sold))).toBe(3 * PRINT_COST_AGOROT);
    expect(print(books(entries))).toBe(3 * PRINT_COST_AGOROT);
    const author = returned.find((entry) => entry.party === 'author');
    // 85/10/5 of 109 ₪: community 10.90, platform 5.45, the author the rest less 2 copies' print.
    expect(author).toMatchObject({ amountAgorot: -(10900 - 1090 - 545 - 2400), quantity: -2 });
    expect(returned.find((entry) => entry.party === 'platform')?.amountAgorot).toBe(-(545 + 2400));

    // The book's copies sold follow the ledger.
    await until('the sales count', async () => {
      const [copies] = await ctx.db
        .collection('ledger')
        .aggregate<{ n: number }>([
          { $match: { bookId: new Types.ObjectId(bookId), party: 'author' } },
          { $group: { _id: null, n: { $sum: '$quantity' } } },
        ])
        .toArray();
      const book = await ctx.db
        .collection('books')
        .findOne({ _id: new Types.ObjectId(bookId) } as never);
      return copies && book?.ledgerCopies === copies.n ? true : undefined;
    });

    // The buyer sees the return received and its refund after a reload.
    const mine = await ctx.http.get<{
      orders: { _id: string; return: unknown; returnableUntil: string | null }[];
    }>('/api/orders/mine', { token: buyer });
    expect(mine.body.orders.find((o) => o._id === orderId)).toMatchObject({
      returnableUntil: null,
      return: { state: 'received', refund: 109, refundState: 'refunded' },
    });
  });

  it('is refused in Hebrew: past 14 days, not delivered, too many copies, bad lines, another buyer', async () => {
    const { ctx } = journey;
    const late = await buy(buyer);
    await deliver(late, 15);
    const lateAnswer = await askToReturn(late, buyer, twoCopies);
    expect(lateAnswer.status).toBe(409);
    expect(lateAnswer.body.message).toMatch(/14/);

    const paidOnly = await buy(buyer);
    const notDelivered = await askToReturn(paidOnly, buyer, twoCopies);
    expect(notDelivered.status).toBe(409);
    expect(notDelivered.body.message).toMatch(/[א-ת]/);

    const recent = await buy(buyer);
    await deliver(recent, 1);
    const tooMany = await askToReturn(recent, buyer, {
      reason: 'לא מתאים',
      lines: [{ lineIndex: 0, quantity: 4 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/3 עותקים/);
    for (const body of [
      { reason: 'לא מתאים', lines: [{ lineIndex: 1, quantity: 1 }] },
      { reason: 'לא מתאים', lines: [] },
      { reason: '   ', lines: [{ lineIndex: 0, quantity: 1 }] },
      { reason: 'א'.repeat(501), lines: [{ lineIndex: 0, quantity: 1 }] },
    ]) {
      const refused = await askToReturn(recent, buyer, body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/[א-ת]/);
    }
    const someoneElse = await askToReturn(recent, stranger, twoCopies);
    expect(someoneElse.status).toBe(404);
    expect((await orderOf(recent))?.return ?? null).toBeNull();
    // Nothing was refunded or written for any of them.
    for (const orderId of [late, paidOnly, recent]) {
      expect((await orderOf(orderId))?.refunds ?? []).toEqual([]);
      expect((await entriesOf(orderId)).filter((e) => e.kind === 'return')).toEqual([]);
    }
    // A return nobody asked for cannot be received.
    const none = await ctx.http.post<{ message: string }>(
      `/api/admin/returns/${recent}/receive`,
      {},
      { token: admin },
    );
    expect(none.status).toBe(404);
    expect(none.body.message).toMatch(/[א-ת]/);
  });

  it('rejected by an admin, saying why: the buyer is mailed, nothing refunded', async () => {
    const { ctx } = journey;
    const orderId = await buy(buyer);
    await deliver(orderId, 3);
    const asked = await askToReturn(orderId, buyer, {
      reason: 'לא אהבתי',
      lines: [{ lineIndex: 0, quantity: 1 }],
    });
    expect(asked.status).toBe(200);
    const path = `/api/admin/returns/${orderId}/reject`;
    expect((await ctx.http.post(path, { reason: 'לא' }, { token: buyer })).status).toBe(403);
    const empty = await ctx.http.post<{ message: string }>(path, { reason: ' ' }, { token: admin });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/[א-ת]/);

    const rejected = await ctx.http.post<{ state: string; rejectionReason: string }>(
      path,
      { reason: 'הספרים הגיעו עם סימני קריאה' },
      { token: admin },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      state: 'rejected',
      rejectionReason: 'הספרים הגיעו עם סימני קריאה',
    });
    const mail = await until(
      'the rejection mail',
      async () =>
        (await ctx.db
          .collection('mail_outbox')
          .findOne({ template: 'return-rejected', status: 'sent' })) ?? undefined,
    );
    expect(mail.to).toBe('return.buyer@example.com');
    expect(mail.subject).toContain(orderReference(orderId));
    expect(mail.text).toContain('הספרים הגיעו עם סימני קריאה');
    // Decided once: no receiving after it, no second rejection.
    for (const then of ['receive', 'reject']) {
      const late = await ctx.http.post(
        `/api/admin/returns/${orderId}/${then}`,
        { reason: 'שוב' },
        { token: admin },
      );
      expect(late.status).toBe(409);
    }
    expect((await orderOf(orderId))?.refunds ?? []).toEqual([]);
    expect((await entriesOf(orderId)).filter((e) => e.kind === 'return')).toEqual([]);
    const mine = await ctx.http.get<{ orders: { _id: string; return: unknown }[] }>(
      '/api/orders/mine',
      { token: buyer },
    );
    expect(mine.body.orders.find((o) => o._id === orderId)?.return).toMatchObject({
      state: 'rejected',
      rejectionReason: 'הספרים הגיעו עם סימני קריאה',
      refund: null,
    });
  });
});
