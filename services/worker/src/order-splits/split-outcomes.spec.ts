import { Types } from 'mongoose';
import { effectsToWrite, firstPerOrder, outcomesOf, type ClaimResult } from './split-outcomes';
import type { PlannedWrite, SplitEffect } from './split-types';

const mail = (orderId: Types.ObjectId): SplitEffect => ({
  _id: new Types.ObjectId(),
  type: 'mail',
  payload: {
    template: 'book-sold',
    to: 'noa@example.com',
    orderId: orderId.toHexString(),
    bookId: new Types.ObjectId().toHexString(),
    bookTitle: 'ספר',
    authorName: 'נועה',
    quantity: 1,
    earningsAgorot: 100,
  },
});
const count = (): SplitEffect => ({
  _id: new Types.ObjectId(),
  type: 'book-sales',
  payload: { bookId: new Types.ObjectId().toHexString() },
});

function write(kind: PlannedWrite['kind'], status = 'paid', entries = 3): PlannedWrite {
  const orderId = new Types.ObjectId();
  return {
    kind,
    request: { orderId, paidAt: '2026-11-20T10:00:00.000Z' },
    order: {
      _id: orderId,
      books: [],
      status,
      paidAt: null,
      totalAmountAgorot: 0,
    },
    entries: Array.from({ length: entries }, () => ({}) as PlannedWrite['entries'][number]),
    mails: [mail(orderId)],
    counts: [count()],
    pending: [],
  };
}

const claimOf = (over: Partial<ClaimResult> = {}): ClaimResult => ({
  lost: new Map(),
  claimedElsewhere: new Map(),
  ...over,
});
const key = (w: PlannedWrite) => w.order._id.toHexString();

describe('what the write stage writes and answers after its claim', () => {
  it('writes a claimed order’s mails and counts, and only the counts of an order cancelled before its claim', () => {
    const [claimed, lost, reversed] = [
      write('split'),
      write('split'),
      write('reverse', 'cancelled'),
    ];
    const claim = claimOf({ lost: new Map([[key(lost), 'cancelled']]) });
    expect(effectsToWrite([claimed, lost, reversed], claim)).toEqual([
      ...claimed.mails,
      ...claimed.counts,
      ...lost.counts,
      ...reversed.counts,
    ]);
    expect(
      outcomesOf([claimed, lost, reversed], firstPerOrder([claimed, lost, reversed]), claim),
    ).toEqual([
      { ok: true, value: { outcome: 'split', entries: 3 } },
      { ok: true, value: { outcome: 'not-sold', status: 'cancelled' } },
      { ok: true, value: { outcome: 'not-sold', status: 'cancelled' } },
    ]);
  });

  it('mails nobody about an order another delivery claimed and a cancellation took since', () => {
    const [sold, cancelled] = [write('split'), write('split')];
    const claim = claimOf({
      claimedElsewhere: new Map([
        [key(sold), 'paid'],
        [key(cancelled), 'cancelled'],
      ]),
    });
    expect(effectsToWrite([sold, cancelled], claim)).toEqual([
      ...sold.mails,
      ...sold.counts,
      ...cancelled.counts,
    ]);
    expect(outcomesOf([sold, cancelled], firstPerOrder([sold, cancelled]), claim)).toEqual([
      { ok: true, value: { outcome: 'already-split' } },
      { ok: true, value: { outcome: 'already-split' } },
    ]);
  });

  it('answers a second delivery of an order in the same batch, and a resumed order, already split', () => {
    const first = write('split');
    const second: PlannedWrite = { ...first };
    const resumed = write('resume');
    const writes = [first, second, resumed];
    const firsts = firstPerOrder(writes);
    expect([...firsts.values()]).toEqual([first, resumed]);
    expect(outcomesOf(writes, firsts, claimOf())).toEqual([
      { ok: true, value: { outcome: 'split', entries: 3 } },
      { ok: true, value: { outcome: 'already-split' } },
      { ok: true, value: { outcome: 'already-split' } },
    ]);
  });
});
