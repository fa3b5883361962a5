import { Types } from 'mongoose';
import { communityFirst85_10_5, compensationPolicy } from '@mechabrim/money';
import { awaitsSplit, expectedAuthorShare } from './expected-revenue';

describe('the expected share of an order not yet split', () => {
  const author = new Types.ObjectId();
  const other = new Types.ObjectId();
  const quoted = new Types.ObjectId();
  const lines = [
    { book: { _id: new Types.ObjectId(), author }, quantity: 2, priceAgorot: 4_990 },
    { book: { _id: new Types.ObjectId(), author: other }, quantity: 1, priceAgorot: 10_000 },
    { book: { _id: quoted, author }, quantity: 1, priceAgorot: 6_000 },
  ];
  const costs = new Map([[quoted.toHexString(), 1_500]]);

  it('counts only the author’s lines, split by the configured policy as the worker splits them', () => {
    // 99.80 ₪: community 9.98, platform 4.99, author 84.83; 60 ₪: 51 less the 15 ₪ quote = 36.
    expect(expectedAuthorShare(lines, author, communityFirst85_10_5, costs)).toBe(8_483 + 3_600);
    // Printed under the compensation policy: 60 % to the author, print paid by the platform.
    expect(expectedAuthorShare(lines, author, compensationPolicy, costs)).toBe(5_988 + 3_600);
    expect(expectedAuthorShare(lines, new Types.ObjectId(), communityFirst85_10_5, costs)).toBe(0);
  });

  it('applies to paid orders without a split only', () => {
    expect(awaitsSplit({ status: 'paid', splitAt: null })).toBe(true);
    expect(awaitsSplit({ status: 'shipped' })).toBe(true);
    expect(awaitsSplit({ status: 'paid', splitAt: new Date() })).toBe(false);
    expect(awaitsSplit({ status: 'cancelled', splitAt: null })).toBe(false);
    expect(awaitsSplit({ status: 'pending_payment', splitAt: null })).toBe(false);
    expect(awaitsSplit({ status: 'pending', splitAt: null })).toBe(false);
  });
});
