import { communityFirst85_10_5 } from '@mechabrim/money';
import { Types } from 'mongoose';
import { bookSoldOutboxId } from './order-split';
import { bookSalesOutboxId } from './split-effects';
import { planSplit, type PlanContext } from './split-plan';
import type { PlannedWrite, SplitOrder, StoredEffect, StoredEntry } from './split-types';

const author = { _id: new Types.ObjectId(), name: 'נועה לוי', email: 'noa@example.com' };
const [bookA, bookB] = [new Types.ObjectId(), new Types.ObjectId()];

/** A paid order of three lines, two of them the same book (two lines, one count). */
const order = (over: Partial<SplitOrder> = {}): SplitOrder => ({
  _id: new Types.ObjectId(),
  books: [
    { book: { _id: bookA, author: author._id, title: 'ספר א' }, quantity: 2, priceAgorot: 3990 },
    { book: { _id: bookB, author: author._id, title: 'ספר ב' }, quantity: 1, priceAgorot: 5450 },
    { book: { _id: bookA, author: author._id, title: 'ספר א' }, quantity: 1, priceAgorot: 3990 },
  ],
  status: 'paid',
  paidAt: new Date('2026-11-20T10:00:00Z'),
  splitAt: null,
  totalAmountAgorot: 2 * 3990 + 5450 + 3990,
  amountDueAgorot: 2 * 3990 + 5450 + 3990,
  ...over,
});

const context = (over: Partial<PlanContext> = {}): PlanContext => ({
  policy: communityFirst85_10_5,
  stored: [],
  effects: new Map(),
  authors: new Map([[author._id.toHexString(), author]]),
  printCosts: new Map(),
  ...over,
});

const request = (o: SplitOrder) => ({ orderId: o._id, paidAt: '2026-11-20T10:00:00.000Z' });

/** The write a plan draws up (failing the test if the plan settles the job instead). */
function writeOf(o: SplitOrder, ctx: PlanContext): PlannedWrite {
  const result = planSplit(request(o), o, ctx);
  if (!('write' in result)) throw new Error(`expected a write, got ${JSON.stringify(result)}`);
  return result.write;
}

/** The order's entries as a split before this one stored them (while it was paid and unsplit). */
function storedEntriesOf(o: SplitOrder): StoredEntry[] {
  return writeOf({ ...o, status: 'paid', splitAt: null }, context()).entries.map((entry) => ({
    ...entry,
    _id: new Types.ObjectId(),
    createdAt: new Date(),
  }));
}

const ids = (rows: readonly { _id: Types.ObjectId }[]) => rows.map((row) => row._id.toHexString());

describe('the plan stage of an order split', () => {
  it('plans a paid order’s entries, a mail per line and one count per book, under ids from the order', () => {
    const o = order();
    const write = writeOf(o, context());
    expect(write.kind).toBe('split');
    // Three lines of author, community and platform shares (no print cost quoted).
    expect(write.entries).toHaveLength(9);
    expect(write.entries.reduce((sum, e) => sum + e.amountAgorot, 0)).toBe(o.totalAmountAgorot);
    expect(ids(write.mails)).toEqual(
      [0, 1, 2].map((i) => bookSoldOutboxId(o._id, i).toHexString()),
    );
    expect(write.mails.map((row) => row.type)).toEqual(['mail', 'mail', 'mail']);
    expect(write.counts).toEqual([
      {
        _id: bookSalesOutboxId(o._id, bookA),
        type: 'book-sales',
        payload: { bookId: bookA.toHexString() },
      },
      {
        _id: bookSalesOutboxId(o._id, bookB),
        type: 'book-sales',
        payload: { bookId: bookB.toHexString() },
      },
    ]);
    expect(write.pending).toEqual([]);
    // The same order planned again makes the same rows: a retried split writes each once.
    expect(ids(writeOf(o, context()).mails)).toEqual(ids(write.mails));
    expect(ids(writeOf(o, context()).counts)).toEqual(ids(write.counts));
  });

  it('resumes a claimed order with only the rows not in the outbox yet, handing over those left pending', () => {
    const o = order({ splitAt: new Date('2026-11-20T10:00:01Z') });
    const stored = storedEntriesOf(o);
    const row = (id: Types.ObjectId, type: StoredEffect['type'], status: string): StoredEffect => ({
      _id: id,
      type,
      payload: type === 'mail' ? { template: 'book-sold' } : { bookId: bookA.toHexString() },
      status,
    });
    // The run before wrote line 0's mail and book A's count, and stopped before handing the count over.
    const effects = new Map(
      [
        row(bookSoldOutboxId(o._id, 0), 'mail', 'dispatched'),
        row(bookSalesOutboxId(o._id, bookA), 'book-sales', 'pending'),
      ].map((r) => [r._id.toHexString(), r]),
    );
    const write = writeOf(o, context({ stored, effects }));
    expect(write.kind).toBe('resume');
    expect(write.entries).toEqual([]);
    expect(ids(write.mails)).toEqual([1, 2].map((i) => bookSoldOutboxId(o._id, i).toHexString()));
    expect(ids(write.counts)).toEqual([bookSalesOutboxId(o._id, bookB).toHexString()]);
    expect(write.pending).toEqual([
      {
        _id: bookSalesOutboxId(o._id, bookA),
        type: 'book-sales',
        payload: { bookId: bookA.toHexString() },
      },
    ]);
  });

  it('mails nobody about an order cancelled since its claim, but still counts its books', () => {
    const o = order({ splitAt: new Date('2026-11-20T10:00:01Z'), status: 'cancelled' });
    const write = writeOf(o, context({ stored: storedEntriesOf(o) }));
    expect(write.kind).toBe('resume');
    expect(write.mails).toEqual([]);
    expect(write.counts).toHaveLength(2);
  });

  it('reverses and counts an order cancelled before its claim with entries a stopped split wrote', () => {
    const o = order({ status: 'cancelled' });
    const write = writeOf(o, context({ stored: storedEntriesOf(o) }));
    expect(write.kind).toBe('reverse');
    expect(write.entries).toEqual([]);
    expect(write.mails).toEqual([]);
    expect(ids(write.counts)).toEqual([
      bookSalesOutboxId(o._id, bookA).toHexString(),
      bookSalesOutboxId(o._id, bookB).toHexString(),
    ]);
  });

  it('settles an order never paid, with nothing in the ledger, without a write', () => {
    const o = order({ status: 'pending' });
    expect(planSplit(request(o), o, context())).toEqual({
      done: { outcome: 'not-sold', status: 'pending' },
    });
  });
});
