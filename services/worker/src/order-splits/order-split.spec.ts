import fc from 'fast-check';
import {
  cancellationFeeEntry,
  returnEntries,
  reversalEntries,
  type LedgerEntryInput,
} from '@mechabrim/db';
import {
  agorot,
  cancellationFeeOf,
  cancellationRefundOf,
  communityFirst85_10_5,
  compensationPolicy,
  lowestPriceCovering,
  orderCharged,
  orderLedgerAmounts,
  orderRefunded,
  type OrderMoney,
} from '@mechabrim/money';
import { Types } from 'mongoose';
import {
  bookSoldMails,
  bookSoldOutboxId,
  printAdjustmentEntries,
  saleEntries,
  shippingAdjustmentEntries,
  shippingEntries,
  type NewLedgerEntry,
} from './order-split';
import { mailJobSchema } from '@mechabrim/contracts';

const line = (priceAgorot: number, quantity: number) => ({
  book: { _id: new Types.ObjectId(), author: new Types.ObjectId() },
  quantity,
  priceAgorot,
});

/** The print cost per copy of each line's book. */
const costsOf = (books: ReturnType<typeof line>[], costs: (number | undefined)[]) =>
  new Map(
    books.flatMap((book, i) =>
      costs[i] === undefined ? [] : [[book.book._id.toHexString(), costs[i]] as const],
    ),
  );

describe('sale entries of a paid order', () => {
  it('adds up to every line exactly, under both policies, for any price, quantity and print cost', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 1_000_000 }),
            quantity: fc.integer({ min: 1, max: 99 }),
            print: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 50 },
        ),
        fc.constantFrom(communityFirst85_10_5, compensationPolicy),
        (lines, policy) => {
          const books = lines.map((l) => line(l.price, l.quantity));
          const order = { _id: new Types.ObjectId(), books };
          const entries = saleEntries(
            order,
            policy,
            new Date(),
            costsOf(
              books,
              lines.map((l) => l.print),
            ),
          );
          for (const [index, l] of lines.entries()) {
            const mine = entries.filter((entry) => entry.lineIndex === index);
            const sum = mine.reduce((total, entry) => total + entry.amountAgorot, 0);
            expect(sum).toBe(l.price * l.quantity);
            expect(mine.every((entry) => Number.isInteger(entry.amountAgorot))).toBe(true);
            expect(mine.every((entry) => entry.amountAgorot >= 0)).toBe(true);
            expect(new Set(mine.map((entry) => entry.party)).size).toBe(mine.length);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cancelled, with or without its split, keeps exactly what the card was charged less the refund', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 500_000 }),
            quantity: fc.integer({ min: 1, max: 20 }),
            print: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        fc.integer({ min: 0, max: 5_000 }),
        fc.constantFrom(communityFirst85_10_5, compensationPolicy),
        fc.boolean(),
        (lines, shipping, policy, splitFirst) => {
          const books = lines.map((l) => line(l.price, l.quantity));
          const order = { _id: new Types.ObjectId(), books };
          const sold = splitFirst
            ? saleEntries(
                order,
                policy,
                new Date(),
                costsOf(
                  books,
                  lines.map((l) => l.print),
                ),
              )
            : [];
          // What the card paid (books and shipping), the fee kept, the rest refunded.
          const charged = agorot(lines.reduce((sum, l) => sum + l.price * l.quantity, shipping));
          const fee = cancellationFeeOf(charged);
          const refunded = charged - fee;
          expect(fee).toBeLessThanOrEqual(10_000);
          const feeEntry = cancellationFeeEntry(order, fee, policy.name, new Date());
          const ledger = [
            ...sold,
            ...reversalEntries(sold, new Date()),
            ...(feeEntry ? [feeEntry] : []),
          ];
          const kept = ledger.reduce((sum, entry) => sum + entry.amountAgorot, 0);
          expect(kept).toBe(charged - refunded);
          // The author's and the community's shares go back whole; the fee is the platform's.
          for (const party of ['author', 'community', 'print'] as const) {
            expect(
              ledger.filter((e) => e.party === party).reduce((sum, e) => sum + e.amountAgorot, 0),
            ).toBe(0);
          }
          // Reversing twice adds nothing: the second reversal of the same sales is empty.
          expect(
            reversalEntries([...sold, ...reversalEntries(sold, new Date())], new Date()),
          ).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes the quoted print cost per copy out of the author’s share under 85/10/5', () => {
    const books = [line(5_000, 2)];
    const [author, community, platform, print] = saleEntries(
      { _id: new Types.ObjectId(), books },
      communityFirst85_10_5,
      new Date(),
      costsOf(books, [1_250]),
    );
    expect(
      [author, community, platform, print].map((entry) => [entry?.party, entry?.amountAgorot]),
    ).toEqual([
      ['author', 6_000],
      ['community', 1_000],
      ['platform', 500],
      ['print', 2_500],
    ]);
  });

  it('writes no print entry for a book without a quote', () => {
    const entries = saleEntries(
      { _id: new Types.ObjectId(), books: [line(5_000, 1)] },
      communityFirst85_10_5,
      new Date(),
    );
    expect(entries.map((entry) => entry.party)).toEqual(['author', 'community', 'platform']);
  });
});

describe('adjustments of the print partner’s actual charge', () => {
  const books = [line(5_000, 2), line(4_000, 1)];
  const order = { _id: new Types.ObjectId(), books };
  const sales = saleEntries(
    order,
    communityFirst85_10_5,
    new Date(),
    costsOf(books, [1_250, 1_000]),
  );

  it('moves only print and platform, by the difference from the quote, for the lines that differ', () => {
    const adjustments = printAdjustmentEntries(order, sales, [2_700, 1_000], new Date());
    expect(
      adjustments.map((entry) => [entry.lineIndex, entry.party, entry.kind, entry.amountAgorot]),
    ).toEqual([
      [0, 'print', 'adjustment', 200],
      [0, 'platform', 'adjustment', -200],
    ]);
    // The line still adds up, and the author's share is as sold.
    const line0 = [...sales, ...adjustments].filter((entry) => entry.lineIndex === 0);
    expect(line0.reduce((sum, entry) => sum + entry.amountAgorot, 0)).toBe(10_000);
    expect(adjustments.some((entry) => entry.party === 'author')).toBe(false);
  });

  it('writes nothing when the charge matches the quote', () => {
    expect(printAdjustmentEntries(order, sales, [2_500, 1_000], new Date())).toEqual([]);
  });
});

describe('the shipping fee in the ledger', () => {
  const books = [line(5_000, 2), line(3_000, 1)];
  const order = { _id: new Types.ObjectId(), books, totalAmountAgorot: 13_000 };

  it('is the print partner’s, on the first line, with no copies: the charge beyond the books', () => {
    const [entry, ...rest] = shippingEntries(
      { ...order, amountDueAgorot: 14_500 },
      'community-first',
      new Date(),
    );
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      lineIndex: 0,
      party: 'print',
      kind: 'shipping',
      amountAgorot: 1_500,
      quantity: 0,
      lineTotalAgorot: 0,
      bookId: books[0]?.book._id,
    });
    expect(
      shippingEntries({ ...order, amountDueAgorot: 13_000 }, 'compensation', new Date()),
    ).toEqual([]);
    expect(
      shippingEntries({ ...order, amountDueAgorot: null }, 'compensation', new Date()),
    ).toEqual([]);
  });

  it('a different actual shipping charge moves print and platform only; the same one nothing', () => {
    const sold = shippingEntries(
      { ...order, amountDueAgorot: 14_500 },
      'community-first',
      new Date(),
    );
    const moved = shippingAdjustmentEntries(order, sold, 1_800, 'community-first', new Date());
    expect(moved.map((e) => [e.party, e.kind, e.amountAgorot])).toEqual([
      ['print', 'shipping-adjustment', 300],
      ['platform', 'shipping-adjustment', -300],
    ]);
    expect(shippingAdjustmentEntries(order, sold, 1_500, 'community-first', new Date())).toEqual(
      [],
    );
    expect(shippingAdjustmentEntries(order, sold, null, 'community-first', new Date())).toEqual([]);
  });
});

describe('a whole order, as the split, the cancellation and the return write it', () => {
  const policies = [communityFirst85_10_5, compensationPolicy];
  const shape = (e: { lineIndex: number; party: string; kind: string; amount: number }) =>
    `${e.lineIndex}:${e.party}:${e.kind}:${e.amount}`;

  it('sums to what the card was charged less what was refunded, entry for entry as libs/money says', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...policies),
        fc.array(
          fc.record({
            print: fc.integer({ min: 0, max: 5_000 }),
            above: fc.integer({ min: 0, max: 100_000 }),
            quantity: fc.integer({ min: 1, max: 20 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.constantFrom(0, 1_500, 2_500, 3_500, 4_500),
        fc.option(
          fc.record({
            lines: fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 6 }),
            shipping: fc.integer({ min: 0, max: 10_000 }),
          }),
          { nil: null },
        ),
        fc.constantFrom('delivered', 'cancelled', 'returned'),
        fc.nat(),
        (policy, specs, shipping, charge, outcome, pick) => {
          const lines = specs.map((l) => ({
            quantity: l.quantity,
            printCostAgorot: l.print,
            priceAgorot: lowestPriceCovering(policy, agorot(l.print)) + l.above,
          }));
          const books = lines.map((l) => line(l.priceAgorot, l.quantity));
          const total = lines.reduce((sum, l) => sum + l.priceAgorot * l.quantity, 0);
          const order = {
            _id: new Types.ObjectId(),
            books,
            totalAmountAgorot: total,
            amountDueAgorot: total + shipping,
          };
          const at = new Date();
          const copies = [{ lineIndex: pick % lines.length, quantity: 1 }];
          const money: OrderMoney = {
            lines,
            shippingPaid: agorot(shipping),
            charge: charge && {
              lines: charge.lines.map(agorot),
              shipping: agorot(charge.shipping),
            },
            outcome:
              outcome === 'cancelled'
                ? { kind: 'cancelled' }
                : outcome === 'returned'
                  ? { kind: 'returned', copies }
                  : null,
          };
          // The split's write.
          const sold: NewLedgerEntry[] = [
            ...saleEntries(
              order,
              policy,
              at,
              costsOf(
                books,
                lines.map((l) => l.printCostAgorot),
              ),
            ),
            ...shippingEntries(order, policy.name, at),
          ];
          const ledger: LedgerEntryInput[] = [
            ...sold,
            ...(charge
              ? [
                  ...printAdjustmentEntries(order, sold, charge.lines, at),
                  ...shippingAdjustmentEntries(order, sold, charge.shipping, policy.name, at),
                ]
              : []),
          ];
          // The cancellation's, or the return's.
          if (outcome === 'cancelled') {
            const { fee } = cancellationRefundOf(agorot(order.amountDueAgorot));
            const feeEntry = cancellationFeeEntry(order, fee, policy.name, at);
            ledger.push(...reversalEntries(ledger, at), ...(feeEntry ? [feeEntry] : []));
          } else if (outcome === 'returned') {
            ledger.push(...returnEntries(order, ledger, copies, policy.name, at));
          }
          const sum = ledger.reduce((total, e) => total + e.amountAgorot, 0);
          expect(sum).toBe(orderCharged(money) - orderRefunded(money));
          expect(ledger.map((e) => shape({ ...e, amount: e.amountAgorot })).sort()).toEqual(
            orderLedgerAmounts(policy, money).map(shape).sort(),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the authors' 'a copy was sold' mails", () => {
  it("says each line's copies and the author's ledger share, to the line's author only", () => {
    const known = new Types.ObjectId();
    const unknown = new Types.ObjectId();
    const order = {
      _id: new Types.ObjectId(),
      books: [
        {
          book: { _id: new Types.ObjectId(), author: known, title: 'ספר א' },
          quantity: 2,
          priceAgorot: 3990,
        },
        {
          book: { _id: new Types.ObjectId(), author: unknown, title: 'ספר ב' },
          quantity: 1,
          priceAgorot: 5450,
        },
      ],
    };
    const entries = saleEntries(order, communityFirst85_10_5, new Date('2026-11-01T10:00:00Z'));
    const mails = bookSoldMails(
      order,
      entries,
      new Map([[known.toHexString(), { name: 'נועה', email: 'noa@example.com' }]]),
    );
    expect(mails.map((mail) => mail.lineIndex)).toEqual([0]);
    expect(mails.map((mail) => mail.payload)).toEqual([
      {
        template: 'book-sold',
        to: 'noa@example.com',
        orderId: order._id.toHexString(),
        bookId: order.books[0]?.book._id.toHexString(),
        bookTitle: 'ספר א',
        authorName: 'נועה',
        quantity: 2,
        earningsAgorot: entries.find((e) => e.lineIndex === 0 && e.party === 'author')
          ?.amountAgorot,
      },
    ]);
    expect(mailJobSchema.safeParse(mails[0]?.payload).success).toBe(true);
  });
});

describe('the outbox id of a sold line’s mail', () => {
  it('is the same on every run of the split, and differs between lines and orders', () => {
    const order = new Types.ObjectId();
    const other = new Types.ObjectId();
    expect(bookSoldOutboxId(order, 0).equals(bookSoldOutboxId(order, 0))).toBe(true);
    const ids = [
      bookSoldOutboxId(order, 0),
      bookSoldOutboxId(order, 1),
      bookSoldOutboxId(other, 0),
    ];
    expect(new Set(ids.map((id) => id.toHexString())).size).toBe(3);
  });
});
