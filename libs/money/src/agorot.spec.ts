import fc from 'fast-check';
import {
  agorot,
  isWholeAgorot,
  lineTotal,
  percentOf,
  shekels,
  sumAgorot,
  toAgorot,
  toShekels,
} from './agorot';

describe('agorot and shekels', () => {
  it('turns shekels into whole agorot, rounding once to the nearest agora', () => {
    expect(toAgorot(49.9)).toBe(4990);
    expect(toAgorot(0.1 + 0.2)).toBe(30);
    expect(toAgorot(1.005)).toBe(101);
    expect(toAgorot(1.004)).toBe(100);
    expect(toAgorot(-2.5)).toBe(-250);
    expect(toAgorot(0)).toBe(0);
  });

  it('rejects amounts that are not numbers', () => {
    expect(() => toAgorot(Number.NaN)).toThrow(RangeError);
    expect(() => toAgorot(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => agorot(1.5)).toThrow(RangeError);
    expect(() => toShekels(12.5 as never)).toThrow(RangeError);
    expect(() => shekels(1.5)).toThrow(RangeError);
  });

  it('gives back exactly the shekels of any two-decimal price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (count) => {
        const amount = agorot(count);
        expect(toAgorot(toShekels(amount))).toBe(count);
        expect(toShekels(amount)).toBe(Number((count / 100).toFixed(2)));
      }),
    );
  });

  it('tells a price of whole agorot from one with a fraction of an agora', () => {
    expect(isWholeAgorot(49.9)).toBe(true);
    expect(isWholeAgorot(0.1 + 0.2)).toBe(true);
    expect(isWholeAgorot(100)).toBe(true);
    expect(isWholeAgorot(49.905)).toBe(false);
    expect(isWholeAgorot(Number.NaN)).toBe(false);
    expect(isWholeAgorot(Number.POSITIVE_INFINITY)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (count) => {
        expect(isWholeAgorot(toShekels(agorot(count)))).toBe(true);
      }),
    );
  });

  it('sums and multiplies without leaving whole agorot', () => {
    expect(sumAgorot([agorot(1), agorot(2), agorot(3)])).toBe(6);
    expect(sumAgorot([])).toBe(0);
    expect(lineTotal(agorot(4990), 3)).toBe(14970);
    expect(() => lineTotal(agorot(100), 1.5)).toThrow(RangeError);
    expect(() => lineTotal(agorot(100), -1)).toThrow(RangeError);
  });

  it('takes a percentage rounding halves up, and nothing else', () => {
    expect(percentOf(agorot(125), 10)).toBe(13); // 12.5 → 13
    expect(percentOf(agorot(124), 10)).toBe(12); // 12.4 → 12
    expect(percentOf(agorot(2595), 10)).toBe(260); // 259.5 → 260
    expect(percentOf(agorot(1), 50)).toBe(1); // 0.5 → 1
    expect(percentOf(agorot(999), 0)).toBe(0);
    expect(percentOf(agorot(999), 100)).toBe(999);
    expect(() => percentOf(agorot(100), 10.5)).toThrow(RangeError);
    expect(() => percentOf(agorot(100), 101)).toThrow(RangeError);
  });

  it('lands every percentage within half an agora of the exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (count, percent) => {
          const share = percentOf(agorot(count), percent);
          // Compared in hundredths of an agora, so the check itself is exact integer arithmetic.
          const error = share * 100 - count * percent;
          expect(error).toBeGreaterThan(-50);
          expect(error).toBeLessThanOrEqual(50);
        },
      ),
    );
  });
});
