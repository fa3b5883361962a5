import fc from 'fast-check';
import { agorot, toAgorot } from './agorot';
import { splitVat, VAT_RATES, vatIncluded, vatPercentOn } from './vat';

/** Midnight at the start of an Israeli calendar day, as an instant (winter: UTC+2; summer: UTC+3). */
const israelMidnight = (day: string, offsetHours: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - offsetHours * 3_600_000);

describe('the VAT rate by date', () => {
  it('is 18% from 1 January 2025 and 17% from 1 October 2015 until then', () => {
    expect(vatPercentOn(new Date('2025-01-01T12:00:00Z'))).toBe(18);
    expect(vatPercentOn(new Date('2026-11-24T08:30:00Z'))).toBe(18);
    expect(vatPercentOn(new Date('2024-12-31T12:00:00Z'))).toBe(17);
    expect(vatPercentOn(new Date('2015-10-01T12:00:00Z'))).toBe(17);
  });

  it('changes at midnight in Israel, not in UTC', () => {
    const newYear = israelMidnight('2025-01-01', 2); // 2024-12-31T22:00Z
    expect(vatPercentOn(newYear)).toBe(18);
    expect(vatPercentOn(new Date(newYear.getTime() - 1))).toBe(17);
    // 1 October 2015 was still summer time (UTC+3).
    const october = israelMidnight('2015-10-01', 3);
    expect(vatPercentOn(october)).toBe(17);
    expect(() => vatPercentOn(new Date(october.getTime() - 1))).toThrow(RangeError);
  });

  it('refuses an invalid date', () => {
    expect(() => vatPercentOn(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('is, on any day, the rate of the latest line that has begun by then', () => {
    const first = Date.parse(`${VAT_RATES[0]?.from ?? ''}T00:00:00Z`);
    fc.assert(
      fc.property(fc.integer({ min: first, max: Date.parse('2100-01-01T00:00:00Z') }), (ms) => {
        const date = new Date(ms);
        const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(date);
        const begun = VAT_RATES.filter((rate) => rate.from <= day);
        expect(vatPercentOn(date)).toBe(begun.at(-1)?.percent);
      }),
    );
  });

  it('keeps its lines in order, one per day, with whole percentages', () => {
    const days = VAT_RATES.map((rate) => rate.from);
    expect([...days].sort()).toEqual(days);
    expect(new Set(days).size).toBe(days.length);
    for (const rate of VAT_RATES) {
      expect(rate.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isInteger(rate.percent)).toBe(true);
    }
  });
});

describe('the VAT included in a gross price', () => {
  it('takes 18/118 of the price, rounded once to the agora', () => {
    expect(splitVat(toAgorot(118), 18)).toEqual({ net: 10_000, vat: 1800 });
    expect(splitVat(toAgorot(100), 18)).toEqual({ net: 8475, vat: 1525 }); // 15.254… → 15.25
    expect(splitVat(toAgorot(117), 17)).toEqual({ net: 10_000, vat: 1700 });
    expect(splitVat(toAgorot(82.9), 18)).toEqual({ net: 7025, vat: 1265 }); // 12.645… → 12.65
    expect(vatIncluded(agorot(0), 18)).toBe(0);
    expect(vatIncluded(agorot(-11_800), 18)).toBe(-1800);
  });

  it('rounds an exact half away from zero', () => {
    // At 17 % and 18 % no whole-agorot price has exactly half an agora of VAT; at 100 % one does.
    expect(vatIncluded(agorot(1), 100)).toBe(1); // 0.5 → 1
    expect(vatIncluded(agorot(-1), 100)).toBe(-1);
    expect(vatIncluded(agorot(999), 0)).toBe(0);
  });

  it('refuses a rate that is not a whole percent', () => {
    expect(() => vatIncluded(agorot(100), 17.5)).toThrow(RangeError);
    expect(() => vatIncluded(agorot(100), -1)).toThrow(RangeError);
  });

  it('for any price and rate, net and VAT sum back to the price and the VAT is within half an agora', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
        fc.constantFrom(...VAT_RATES.map((rate) => rate.percent), 0, 11, 100),
        (count, percent) => {
          const { net, vat } = splitVat(agorot(count), percent);
          expect(net + vat).toBe(count);
          // Exact in integers: |vat × (100 + p) − gross × p| ≤ (100 + p) / 2.
          const error = Math.abs(vat * (100 + percent) - count * percent);
          expect(error * 2).toBeLessThanOrEqual(100 + percent);
        },
      ),
    );
  });

  it('on any date, splits a price by the rate in force that day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.date({
          min: new Date('2016-01-01T00:00:00Z'),
          max: new Date('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (count, date) => {
          const percent = vatPercentOn(date);
          const { net, vat } = splitVat(agorot(count), percent);
          expect(net + vat).toBe(count);
          expect(Math.abs(vat * (100 + percent) - count * percent) * 2).toBeLessThanOrEqual(
            100 + percent,
          );
        },
      ),
    );
  });
});
