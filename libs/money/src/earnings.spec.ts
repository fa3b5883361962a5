import fc from 'fast-check';
import { agorot, toAgorot } from './agorot';
import { earningsBreakdown, unpaidEarnings, type LedgerMonth } from './earnings';
import { communityFirst85_10_5 } from './split';

const month = (key: string, gross: number, printAndShipping = 0, vatPercent = 18): LedgerMonth => {
  const split = communityFirst85_10_5.split({
    unitPrice: agorot(gross),
    quantity: 1,
    format: 'physical',
    printAndShipping: agorot(printAndShipping),
  });
  return {
    month: key,
    grossSales: [{ vatPercent, gross: agorot(gross) }],
    author: split.author,
    community: split.community,
    platform: split.platform,
    printAndShipping: split.printAndShipping,
  };
};

describe('the earnings breakdown', () => {
  it('shows a 100 ₪ month as 84.75 after 18% VAT, 10 to the community, 5 to the platform, 85 net', () => {
    const { rows, totals, vatPercents } = earningsBreakdown([month('2026-03', toAgorot(100))]);
    expect(rows).toEqual([
      {
        month: '2026-03',
        grossRevenue: 10_000,
        salesAfterTax: 8475,
        vat: 1525,
        communityContribution: 1000,
        platformFee: 500,
        fixedFee: 0,
        netEarnings: 8500,
        vatPercents: [18],
      },
    ]);
    const { month: _month, vatPercents: _rates, ...single } = rows[0] ?? { month: '' };
    expect(totals).toEqual(single);
    expect(vatPercents).toEqual([18]);
  });

  it('takes each sale’s VAT at its own rate, so a table across a rate change names both', () => {
    const december = month('2024-12', toAgorot(117), 0, 17);
    const january = month('2025-01', toAgorot(118), 0, 18);
    const { rows, totals, vatPercents } = earningsBreakdown([january, december]);
    expect(rows.map((r) => [r.month, r.vat, r.vatPercents])).toEqual([
      ['2024-12', 1700, [17]],
      ['2025-01', 1800, [18]],
    ]);
    expect(totals.salesAfterTax).toBe(20_000);
    expect(vatPercents).toEqual([17, 18]);
  });

  it('rounds a month with sales at two rates once per rate', () => {
    const straddling: LedgerMonth = {
      ...month('2025-01', 0),
      grossSales: [
        { vatPercent: 17, gross: toAgorot(117) },
        { vatPercent: 18, gross: toAgorot(118) },
      ],
    };
    const [row] = earningsBreakdown([straddling]).rows;
    expect(row).toMatchObject({ grossRevenue: 23_500, vat: 3500, salesAfterTax: 20_000 });
    expect(row?.vatPercents).toEqual([17, 18]);
  });

  it('takes print and shipping out of the author’s net', () => {
    const [row] = earningsBreakdown([month('2026-03', toAgorot(100), toAgorot(22))]).rows;
    expect(row).toMatchObject({ fixedFee: 2200, netEarnings: 6300 });
  });

  it('sorts the months and totals exactly the rows, VAT rounded once per month', () => {
    // 0.05 ₪ a month: VAT of each month rounds to 0 agorot; over three months it is 0 too, not
    // the 1 agora that VAT on the 0.15 ₪ total would give: the total is the rows' sum.
    const months = [month('2026-02', 5), month('2026-01', 5), month('2026-03', 5)];
    const { rows, totals } = earningsBreakdown(months);
    expect(rows.map((r) => r.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(totals.salesAfterTax).toBe(rows.reduce((sum, r) => sum + r.salesAfterTax, 0));
  });

  it('for any ledger, every total is the sum of its row and each row adds up to its sales', () => {
    const ledgerMonth = fc
      .record({
        m: fc.integer({ min: 1, max: 12 }),
        gross: fc.integer({ min: 0, max: 10_000_000 }),
        print: fc.integer({ min: 0, max: 100_000 }),
        vat: fc.constantFrom(17, 18),
      })
      .map(({ m, gross, print, vat }) =>
        month(`2026-${String(m).padStart(2, '0')}`, gross, print, vat),
      );
    fc.assert(
      fc.property(fc.array(ledgerMonth, { maxLength: 24 }), (months) => {
        const { rows, totals } = earningsBreakdown(months);
        for (const field of Object.keys(totals) as Array<keyof typeof totals>) {
          expect(totals[field]).toBe(rows.reduce((sum, r) => sum + r[field], 0));
        }
        for (const row of rows) {
          expect(row.netEarnings + row.communityContribution + row.platformFee + row.fixedFee).toBe(
            row.grossRevenue,
          );
          expect(row.salesAfterTax + row.vat).toBe(row.grossRevenue);
        }
      }),
    );
  });
});

describe('unpaid earnings under the monthly payout', () => {
  const net = (key: string, shekelsAmount: number) => ({
    month: key,
    net: toAgorot(shekelsAmount),
  });

  it('keeps this month and last month unpaid before the 15th', () => {
    const months = [net('2026-01', 300), net('2026-02', 200), net('2026-03', 50)];
    // 10 March: January's earnings were paid on 15 February; February's wait for 15 March.
    expect(unpaidEarnings(months, new Date('2026-03-10T12:00:00Z'))).toBe(toAgorot(250));
    // 15 March: February's are paid too.
    expect(unpaidEarnings(months, new Date('2026-03-15T12:00:00Z'))).toBe(toAgorot(50));
  });

  it('rolls a balance under 100 ₪ over until it reaches 100 ₪', () => {
    const months = [net('2026-01', 60), net('2026-02', 30), net('2026-03', 20)];
    expect(unpaidEarnings(months, new Date('2026-03-20T00:00:00Z'))).toBe(toAgorot(110));
    expect(unpaidEarnings(months, new Date('2026-04-15T00:00:00Z'))).toBe(0);
  });

  it('is zero with no earnings', () => {
    expect(unpaidEarnings([], new Date())).toBe(0);
  });
});
