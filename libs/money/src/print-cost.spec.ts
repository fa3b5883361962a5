import fc from 'fast-check';
import { agorot, MAX_LINE_QUANTITY, toAgorot } from './agorot';
import {
  checkPriceCoversPrint,
  coversPrintCost,
  lowestPriceCovering,
  printChargeAdjustment,
  returnedCopiesSplit,
  splitPrintedLine,
} from './print-cost';
import { communityFirst85_10_5, compensationPolicy, type SplitPolicy } from './split';

const policies: SplitPolicy[] = [communityFirst85_10_5, compensationPolicy];
const printCost = fc.integer({ min: 0, max: 200_000 }).map(agorot);
const quantity = fc.integer({ min: 1, max: MAX_LINE_QUANTITY });

describe('print cost in the split', () => {
  it.each(policies.map((p) => [p.name, p] as const))(
    '%s: author (after print), community, platform and print add up to the line, to the agora',
    (_name, policy) => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 1_000_000 }),
          quantity,
          printCost,
          (price, copies, cost) => {
            const parts = splitPrintedLine(policy, {
              priceAgorot: price,
              quantity: copies,
              printCostAgorot: cost,
            });
            expect(parts.author + parts.community + parts.platform + parts.printAndShipping).toBe(
              price * copies,
            );
            expect(parts.printAndShipping + parts.uncoveredPrintAndShipping).toBe(cost * copies);
          },
        ),
        { numRuns: 500 },
      );
    },
  );

  it.each(policies.map((p) => [p.name, p] as const))(
    '%s: at any price the rule accepts, the whole print cost is covered and no share is negative',
    (_name, policy) => {
      fc.assert(
        fc.property(
          printCost,
          fc.integer({ min: 0, max: 500_000 }),
          quantity,
          (cost, extra, copies) => {
            const price = agorot(lowestPriceCovering(policy, cost) + extra);
            expect(coversPrintCost(policy, price, cost)).toBe(true);
            const parts = splitPrintedLine(policy, {
              priceAgorot: price,
              quantity: copies,
              printCostAgorot: cost,
            });
            expect(parts.uncoveredPrintAndShipping).toBe(0);
            expect(parts.printAndShipping).toBe(cost * copies);
            for (const part of [parts.author, parts.community, parts.platform]) {
              expect(part).toBeGreaterThanOrEqual(0);
            }
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it.each(policies.map((p) => [p.name, p] as const))(
    '%s: the lowest price is the lowest — an agora less is refused',
    (_name, policy) => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 200_000 }).map(agorot), (cost) => {
          const lowest = lowestPriceCovering(policy, cost);
          expect(coversPrintCost(policy, lowest, cost)).toBe(true);
          expect(coversPrintCost(policy, agorot(lowest - 1), cost)).toBe(false);
          expect(checkPriceCoversPrint(policy, agorot(lowest - 1), cost)).toEqual({
            ok: false,
            lowestPrice: lowest,
          });
        }),
        { numRuns: 200 },
      );
    },
  );

  it('85/10/5: a 15 ₪ print cost needs at least 17.65 ₪, and comes out of the author’s 85 %', () => {
    expect(lowestPriceCovering(communityFirst85_10_5, toAgorot(15))).toBe(1765);
    expect(
      splitPrintedLine(communityFirst85_10_5, {
        priceAgorot: 5990,
        quantity: 2,
        printCostAgorot: 1500,
      }),
    ).toEqual({
      // 119.80 ₪: community 11.98, platform 5.99, author 101.83 − 2 × 15.
      author: 7183,
      community: 1198,
      platform: 599,
      printAndShipping: 3000,
      uncoveredPrintAndShipping: 0,
    });
  });

  it('a free book or no print cost needs no price', () => {
    expect(lowestPriceCovering(communityFirst85_10_5, agorot(0))).toBe(0);
    expect(coversPrintCost(communityFirst85_10_5, agorot(0), agorot(0))).toBe(true);
    expect(coversPrintCost(communityFirst85_10_5, agorot(0), agorot(1))).toBe(false);
  });

  it('an actual charge differing from the quote moves only print and platform, in opposite ways', () => {
    expect(printChargeAdjustment(agorot(1500), agorot(1620))).toEqual({
      print: 120,
      platform: -120,
    });
    expect(printChargeAdjustment(agorot(1500), agorot(1400))).toEqual({
      print: -100,
      platform: 100,
    });
    fc.assert(
      fc.property(printCost, printCost, (quoted, actual) => {
        const move = printChargeAdjustment(quoted, actual);
        expect(move.print + move.platform).toBe(0);
        expect(quoted + move.print).toBe(actual);
      }),
    );
    expect(() => printChargeAdjustment(agorot(-1), agorot(0))).toThrow(RangeError);
  });
});

describe('returnedCopiesSplit', () => {
  it('takes back the shares of the returned copies; the platform bears their print cost', () => {
    // 2 of 3 copies at 54.50 with 12 ₪ print each, 85/10/5: community 10.90, platform 5.45.
    expect(
      returnedCopiesSplit(communityFirst85_10_5, {
        priceAgorot: 5450,
        soldQuantity: 3,
        soldPrintAgorot: 3600,
        returnedQuantity: 2,
      }),
    ).toEqual({ author: 10900 - 1090 - 545 - 2400, community: 1090, platform: 545 + 2400 });
  });

  it('refuses no copies, or more copies than were sold', () => {
    const line = { priceAgorot: 5450, soldQuantity: 2, soldPrintAgorot: 0 };
    expect(() => returnedCopiesSplit(compensationPolicy, { ...line, returnedQuantity: 0 })).toThrow(
      RangeError,
    );
    expect(() => returnedCopiesSplit(compensationPolicy, { ...line, returnedQuantity: 3 })).toThrow(
      RangeError,
    );
  });
});
