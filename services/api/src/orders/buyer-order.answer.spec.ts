import { Types } from 'mongoose';
import { toBuyerOrder, type StoredBuyerOrder } from './buyer-order.answer';

const stored = (print: StoredBuyerOrder['print']): StoredBuyerOrder => ({
  _id: new Types.ObjectId(),
  status: 'shipped',
  books: [],
  totalAmountAgorot: 5000,
  donationAmountAgorot: 500,
  print,
});

describe("the buyer's order answer", () => {
  it("lists every parcel's tracking number, carrier and link", () => {
    const answer = toBuyerOrder(
      stored({
        parcels: [
          { trackingNumber: 'RR1IL', carrier: 'דואר ישראל', url: 'https://t.example/RR1IL' },
          { trackingNumber: 'RR2IL' },
        ],
      }),
    );
    expect(answer.tracking).toEqual([
      { number: 'RR1IL', carrier: 'דואר ישראל', url: 'https://t.example/RR1IL' },
      { number: 'RR2IL', carrier: '', url: '' },
    ]);
  });

  it('drops a link that is not http(s), and answers no parcels before the order ships', () => {
    const answer = toBuyerOrder(
      stored({ parcels: [{ trackingNumber: 'RR3IL', url: 'javascript:alert(1)' }] }),
    );
    expect(answer.tracking[0]?.url).toBe('');
    expect(toBuyerOrder(stored(null)).tracking).toEqual([]);
  });

  it('lists the credit notes in shekels with where to download each', () => {
    const order = stored(null);
    const id = order._id.toHexString();
    const answer = toBuyerOrder(order, true, [
      { number: 3, totalAgorot: 31250, issuedAt: new Date('2026-12-02T10:00:00Z') },
    ]);
    expect(answer.creditNotes).toEqual([
      {
        number: 3,
        amount: 312.5,
        issuedAt: '2026-12-02T10:00:00.000Z',
        url: `/api/orders/${id}/credit-notes/3`,
      },
    ]);
    expect(toBuyerOrder(order).creditNotes).toEqual([]);
  });

  it('offers a return for 14 days from the latest delivery, and none once asked or past it', () => {
    const delivered = new Date('2026-12-01T10:00:00Z');
    const order: StoredBuyerOrder = {
      ...stored(null),
      status: 'delivered',
      paidAt: new Date('2026-11-25T10:00:00Z'),
      statusHistory: [
        { status: 'paid', at: new Date('2026-11-25T10:00:00Z') },
        { status: 'delivered', at: delivered },
      ],
    };
    expect(toBuyerOrder(order, false, [], new Date('2026-12-15T09:59:00Z')).returnableUntil).toBe(
      '2026-12-15T10:00:00.000Z',
    );
    expect(toBuyerOrder(order, false, [], new Date('2026-12-15T10:00:00Z')).returnableUntil).toBe(
      null,
    );
    expect(toBuyerOrder({ ...order, status: 'shipped' }).returnableUntil).toBeNull();
    const asked = toBuyerOrder(
      {
        ...order,
        return: {
          requestedAt: new Date('2026-12-03T10:00:00Z'),
          reason: 'הכריכה נקרעה',
          lines: [{ lineIndex: 0, quantity: 1 }],
          state: 'received',
          receivedAt: new Date('2026-12-06T10:00:00Z'),
          refundRef: 'rf_x',
        },
        refunds: [{ ref: 'rf_x', reason: 'return', state: 'pending', amountAgorot: 8900 }],
      },
      false,
      [],
      new Date('2026-12-04T10:00:00Z'),
    );
    expect(asked.returnableUntil).toBeNull();
    expect(asked.return).toEqual({
      requestedAt: '2026-12-03T10:00:00.000Z',
      reason: 'הכריכה נקרעה',
      lines: [{ lineIndex: 0, quantity: 1 }],
      state: 'received',
      receivedAt: '2026-12-06T10:00:00.000Z',
      refund: 89,
      refundState: 'pending',
      refundedAt: null,
      rejectionReason: null,
    });
  });
});
