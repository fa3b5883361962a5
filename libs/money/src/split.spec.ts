import fc from 'fast-check';
import { agorot, toAgorot } from './agorot';
import { donationOf } from './donation';
import {
  type SaleLine,
  type SplitPolicy,
  communityFirst85_10_5,
  compensationPolicy,
  selectSplitPolicy,
  SPLIT_POLICY_NAMES,
} from './split';

const policies: SplitPolicy[] = [communityFirst85_10_5, compensationPolicy];

const saleLine = fc.record({
  unitPrice: fc.integer({ min: 0, max: 1_000_000_000 }).map(agorot),
  quantity: fc.integer({ min: 1, max: 1000 }),
  format: fc.constantFrom<SaleLine['format']>('digital', 'physical'),
  printAndShipping: fc.option(fc.integer({ min: 0, max: 1_000_000_000 }).map(agorot), {
    nil: undefined,
  }),
});

describe('split policies', () => {
  it.each(policies.map((p) => [p.name, p] as const))(
    '%s: the parts add up exactly to the line, none negative, for any price and quantity',
    (_name, policy) => {
      fc.assert(
        fc.property(saleLine, (line) => {
          const parts = policy.split(line);
          const total = line.unitPrice * line.quantity;
          expect(parts.author + parts.community + parts.platform + parts.printAndShipping).toBe(
            total,
          );
          for (const part of Object.values(parts)) {
            expect(Number.isSafeInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
          }
          const cost = line.printAndShipping ?? 0;
          expect(parts.printAndShipping + parts.uncoveredPrintAndShipping).toBe(cost);
        }),
        { numRuns: 500 },
      );
    },
  );

  it.each(policies.map((p) => [p.name, p] as const))(
    '%s: each share is rounded once, and only the author absorbs the rest',
    (_name, policy) => {
      fc.assert(
        fc.property(saleLine, (line) => {
          const parts = policy.split({ ...line, printAndShipping: undefined });
          const shares = policy.shares(line.format);
          const total = line.unitPrice * line.quantity;
          // In hundredths of an agora: community and platform within half an agora of exact,
          // the author within one agora (it takes both roundings).
          const off = (amount: number, percent: number) => amount * 100 - total * percent;
          expect(Math.abs(off(parts.community, shares.community))).toBeLessThanOrEqual(50);
          expect(Math.abs(off(parts.platform, shares.platform))).toBeLessThanOrEqual(50);
          expect(Math.abs(off(parts.author, shares.author))).toBeLessThanOrEqual(100);
        }),
      );
    },
  );

  it('85/10/5: a 100 ₪ book gives 85 to the author, 10 to the community, 5 to the platform', () => {
    expect(
      communityFirst85_10_5.split({ unitPrice: toAgorot(100), quantity: 1, format: 'physical' }),
    ).toEqual({
      author: 8500,
      community: 1000,
      platform: 500,
      printAndShipping: 0,
      uncoveredPrintAndShipping: 0,
    });
  });

  it('85/10/5: print and shipping come out of the author’s share', () => {
    expect(
      communityFirst85_10_5.split({
        unitPrice: toAgorot(59.9),
        quantity: 2,
        format: 'physical',
        printAndShipping: toAgorot(40),
      }),
    ).toEqual({
      // 119.80 ₪: community 11.98, platform 5.99, author 101.83 − 40.
      author: 6183,
      community: 1198,
      platform: 599,
      printAndShipping: 4000,
      uncoveredPrintAndShipping: 0,
    });
  });

  it('85/10/5: the community’s share of a line is the donation of that line', () => {
    fc.assert(
      fc.property(saleLine, (line) => {
        const total = agorot(line.unitPrice * line.quantity);
        expect(communityFirst85_10_5.split(line).community).toBe(donationOf(total));
      }),
    );
  });

  it('rounds a half agora up for community and platform and gives the author the rest', () => {
    // 0.25 ₪: community 2.5 → 3, platform 1.25 → 1, author 25 − 4 = 21 (exactly 21.25).
    expect(
      communityFirst85_10_5.split({ unitPrice: agorot(25), quantity: 1, format: 'digital' }),
    ).toMatchObject({ author: 21, community: 3, platform: 1 });
  });

  it('never takes more print cost than the bearing share holds', () => {
    expect(
      communityFirst85_10_5.split({
        unitPrice: toAgorot(20),
        quantity: 1,
        format: 'physical',
        printAndShipping: toAgorot(30),
      }),
    ).toEqual({
      author: 0,
      community: 200,
      platform: 100,
      printAndShipping: 1700,
      uncoveredPrintAndShipping: 1300,
    });
  });

  it('compensation: digital 70/20/10, printed 60/25/15 with print inside the platform’s share', () => {
    const price = { unitPrice: toAgorot(100), quantity: 1 } as const;
    expect(compensationPolicy.split({ ...price, format: 'digital' })).toMatchObject({
      author: 7000,
      platform: 2000,
      community: 1000,
    });
    expect(
      compensationPolicy.split({ ...price, format: 'physical', printAndShipping: toAgorot(18) }),
    ).toMatchObject({ author: 6000, platform: 700, community: 1500, printAndShipping: 1800 });
  });

  it('rejects a negative line or cost', () => {
    expect(() =>
      communityFirst85_10_5.split({ unitPrice: agorot(-100), quantity: 1, format: 'digital' }),
    ).toThrow(RangeError);
    expect(() =>
      compensationPolicy.split({
        unitPrice: agorot(100),
        quantity: 1,
        format: 'physical',
        printAndShipping: agorot(-1),
      }),
    ).toThrow(RangeError);
  });

  it('is chosen by name, 85/10/5 by default, and an unknown name is refused', () => {
    expect(selectSplitPolicy()).toBe(communityFirst85_10_5);
    expect(selectSplitPolicy('community-first')).toBe(communityFirst85_10_5);
    expect(selectSplitPolicy('compensation')).toBe(compensationPolicy);
    expect(() => selectSplitPolicy('half-half')).toThrow(/community-first, compensation/);
    expect(SPLIT_POLICY_NAMES.map((name) => selectSplitPolicy(name).name)).toEqual([
      ...SPLIT_POLICY_NAMES,
    ]);
  });
});
