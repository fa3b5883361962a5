import fc from 'fast-check';
import { agorot, MAX_LINE_QUANTITY, shekels, sumAgorot } from './agorot';
import {
  cancellationRefundOf,
  orderCharged,
  orderLedgerAmounts,
  orderRefunded,
  returnRefundOf,
  shippingFeePaid,
  type OrderMoney,
} from './order-ledger';
import { CANCELLATION_FEE_CAP } from './policies';
import { communityFirst85_10_5, compensationPolicy, type SplitPolicy } from './split';
import { lowestPriceCovering } from './print-cost';

const policies: SplitPolicy[] = [communityFirst85_10_5, compensationPolicy];

/** A line priced so that its bearing share covers its quoted print cost (the API refuses less). */
const line = (policy: SplitPolicy) =>
  fc
    .record({
      printCostAgorot: fc.integer({ min: 0, max: 20_000 }),
      above: fc.integer({ min: 0, max: 500_000 }),
      quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
    })
    .map(({ printCostAgorot, above, quantity }) => ({
      printCostAgorot,
      quantity,
      priceAgorot: lowestPriceCovering(policy, agorot(printCostAgorot)) + above,
    }));

const amount = fc.integer({ min: 0, max: 10_000 }).map(agorot);

/** Any order: lines, a shipping fee, maybe the partner's charge, and maybe a cancellation or a return. */
const order = (policy: SplitPolicy): fc.Arbitrary<OrderMoney> =>
  fc
    .record({
      lines: fc.array(line(policy), { minLength: 1, maxLength: 5 }),
      shippingPaid: fc.constantFrom(0, 1500, 2500, 3500, 4500, 5500, 6500).map(agorot),
      charge: fc.option(
        fc.record({ lines: fc.array(amount, { maxLength: 5 }), shipping: amount }),
        { nil: null },
      ),
      outcome: fc.constantFrom('none', 'cancelled', 'returned'),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
    })
    .map(({ lines, shippingPaid, charge, outcome, picks }): OrderMoney => {
      if (outcome === 'cancelled')
        return { lines, shippingPaid, charge, outcome: { kind: outcome } };
      if (outcome === 'none') return { lines, shippingPaid, charge, outcome: null };
      // A return takes back 1 to all the copies of some distinct lines.
      const seen = new Set<number>();
      const copies = picks.flatMap((pick) => {
        const lineIndex = pick % lines.length;
        const sold = lines[lineIndex]?.quantity ?? 1;
        if (seen.has(lineIndex)) return [];
        seen.add(lineIndex);
        return [{ lineIndex, quantity: 1 + (pick % sold) }];
      });
      return { lines, shippingPaid, charge, outcome: { kind: 'returned', copies } };
    });

const sumOf = (amounts: readonly { amount: number }[]) =>
  sumAgorot(amounts.map((a) => agorot(a.amount)));

describe('an order in the ledger', () => {
  it.each(policies.map((p) => [p.name, p] as const))(
    '%s: the entries sum to what the card was charged less what was refunded, to the agora',
    (_name, policy) => {
      fc.assert(
        fc.property(order(policy), (o) => {
          const amounts = orderLedgerAmounts(policy, o);
          expect(sumOf(amounts)).toBe(orderCharged(o) - orderRefunded(o));
          for (const a of amounts) expect(Number.isSafeInteger(a.amount)).toBe(true);
        }),
        { numRuns: 500 },
      );
    },
  );

  it.each(policies.map((p) => [p.name, p] as const))(
    '%s: shipping and the partner’s actual charge never touch the author’s share',
    (_name, policy) => {
      fc.assert(
        fc.property(order(policy), (o) => {
          const plain = { lines: o.lines, shippingPaid: agorot(0), outcome: o.outcome };
          const author = (x: OrderMoney) =>
            sumOf(orderLedgerAmounts(policy, x).filter((a) => a.party === 'author'));
          expect(author(o)).toBe(author(plain));
          const shipping = orderLedgerAmounts(policy, o).filter((a) => a.kind.startsWith('ship'));
          expect(shipping.every((a) => a.party === 'print' || a.party === 'platform')).toBe(true);
        }),
      );
    },
  );

  it.each(policies.map((p) => [p.name, p] as const))(
    '%s: a delivered order owes the print partner exactly its actual charge, print and shipping',
    (_name, policy) => {
      fc.assert(
        fc.property(order(policy), (o) => {
          const charge = o.charge;
          fc.pre(!!charge && o.outcome === null);
          if (!charge) return;
          const lines = o.lines.map((_l, i) => charge.lines[i]);
          // A line the charge does not price keeps the quote the sale booked.
          const booked = orderLedgerAmounts(policy, { ...o, charge: null });
          const quoted = (i: number) =>
            sumOf(
              booked.filter((a) => a.party === 'print' && a.lineIndex === i && a.kind === 'sale'),
            );
          const expected =
            lines.reduce<number>((sum, actual, i) => sum + (actual ?? quoted(i)), 0) +
            charge.shipping;
          const print = orderLedgerAmounts(policy, o).filter((a) => a.party === 'print');
          expect(sumOf(print)).toBe(expected);
        }),
      );
    },
  );

  it('a cancellation reverses the shipping with the books: only the fee stays', () => {
    const o: OrderMoney = {
      lines: [{ priceAgorot: 8290, quantity: 2, printCostAgorot: 1500 }],
      shippingPaid: shekels(25),
      outcome: { kind: 'cancelled' },
    };
    const amounts = orderLedgerAmounts(communityFirst85_10_5, o);
    // 2 × 82.90 + 25 = 190.80 ₪; 5 % is 9.54 ₪.
    expect(orderCharged(o)).toBe(19080);
    expect(sumOf(amounts)).toBe(954);
    expect(amounts.filter((a) => a.kind.startsWith('shipping'))).toEqual([
      { lineIndex: 0, party: 'print', kind: 'shipping', amount: 2500 },
      { lineIndex: 0, party: 'print', kind: 'shipping-reversal', amount: -2500 },
    ]);
  });

  it('a return refunds the copies, not the shipping (return shipping is the buyer’s)', () => {
    const o: OrderMoney = {
      lines: [{ priceAgorot: 5000, quantity: 3, printCostAgorot: 1000 }],
      shippingPaid: shekels(15),
      outcome: { kind: 'returned', copies: [{ lineIndex: 0, quantity: 1 }] },
    };
    expect(orderRefunded(o)).toBe(5000);
    expect(sumOf(orderLedgerAmounts(communityFirst85_10_5, o))).toBe(15000 + 1500 - 5000);
  });

  it('the partner charging more shipping than the buyer paid costs the platform, not the author', () => {
    const o: OrderMoney = {
      lines: [{ priceAgorot: 5000, quantity: 1, printCostAgorot: 1000 }],
      shippingPaid: agorot(0),
      charge: { lines: [agorot(1000)], shipping: agorot(1800) },
    };
    expect(
      orderLedgerAmounts(communityFirst85_10_5, o).filter((a) => a.kind === 'shipping-adjustment'),
    ).toEqual([
      { lineIndex: 0, party: 'print', kind: 'shipping-adjustment', amount: 1800 },
      { lineIndex: 0, party: 'platform', kind: 'shipping-adjustment', amount: -1800 },
    ]);
  });
});

describe('refunds and fees', () => {
  it('a cancellation keeps 5 % capped at 100 ₪ and refunds the rest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }).map(agorot), (charged) => {
        const { fee, refund } = cancellationRefundOf(charged);
        expect(fee + refund).toBe(charged);
        expect(fee).toBeLessThanOrEqual(CANCELLATION_FEE_CAP);
        expect(fee).toBeLessThanOrEqual(Math.ceil(charged * 0.05));
        expect(refund).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(cancellationRefundOf(shekels(3000))).toEqual({
      fee: shekels(100),
      refund: shekels(2900),
    });
  });

  it('a return refunds the returned copies’ price; lines the order lacks count nothing', () => {
    const lines = [{ priceAgorot: 8290 }, { priceAgorot: 4000 }];
    expect(
      returnRefundOf(lines, [
        { lineIndex: 0, quantity: 2 },
        { lineIndex: 5, quantity: 1 },
      ]),
    ).toBe(16580);
  });

  it('the shipping fee paid is the charge beyond the books (none without an amount due)', () => {
    expect(shippingFeePaid({ amountDueAgorot: 19080, totalAmountAgorot: 16580 })).toBe(2500);
    expect(shippingFeePaid({ amountDueAgorot: null, totalAmountAgorot: 16580 })).toBe(0);
    expect(shippingFeePaid({ totalAmountAgorot: 100 })).toBe(0);
  });
});
