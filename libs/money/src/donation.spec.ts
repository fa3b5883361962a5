import fc from 'fast-check';
import { agorot, lineTotal, sumAgorot, toAgorot } from './agorot';
import { DONATION_PERCENT, donationOf } from './donation';

describe('the community donation', () => {
  it('is 10% of the total, rounded to the agora', () => {
    expect(DONATION_PERCENT).toBe(10);
    expect(donationOf(toAgorot(125.7))).toBe(1257);
    expect(donationOf(toAgorot(25.95))).toBe(260);
    expect(donationOf(toAgorot(135.35))).toBe(1354);
    expect(donationOf(agorot(0))).toBe(0);
    expect(donationOf(agorot(4))).toBe(0);
    expect(donationOf(agorot(5))).toBe(1);
  });

  it('rounds once: any cart is within half an agora of exactly 10%', () => {
    const cartLine = fc.record({
      unitPrice: fc.integer({ min: 0, max: 1_000_000_000 }),
      quantity: fc.integer({ min: 1, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(cartLine, { minLength: 1, maxLength: 20 }), (lines) => {
        const total = sumAgorot(lines.map((l) => lineTotal(agorot(l.unitPrice), l.quantity)));
        const donation = donationOf(total);
        // 10 × donation is the total to within 5 agorot either way: one rounding, no drift.
        const error = donation * 10 - total;
        expect(error).toBeGreaterThan(-5);
        expect(error).toBeLessThanOrEqual(5);
      }),
    );
  });

  it('differs from rounding each line first, which drifts an agora per line', () => {
    // Three lines of 0.05 ₪: exactly 10% of 0.15 ₪ is 1.5 agorot → 2; per line 0.5 → 1 each, 3.
    const line = agorot(5);
    expect(donationOf(sumAgorot([line, line, line]))).toBe(2);
    expect(sumAgorot([donationOf(line), donationOf(line), donationOf(line)])).toBe(3);
  });
});
