import fc from 'fast-check';
import { agorot, toAgorot, toShekels } from './agorot';
import { formatPrice, formatPriceDecimal, formatPriceInput } from './format';

/** The text without Intl's direction marks and with plain spaces, as a reader sees it. */
const seen = (text: string) =>
  text
    .replace(/[\u200e\u200f]/g, '')
    .replace(/\u00a0/g, ' ')
    .trim();

/** Back from the shown text to agorot: what a reader would pay reading it. */
const parse = (text: string) => toAgorot(Number(seen(text).replace(/[,\s₪]/g, '')));

describe('the price formatter', () => {
  it('shows agorot where the price has them and a whole shekel where it is whole', () => {
    expect(seen(formatPrice(82.9))).toBe('82.90 ₪');
    expect(seen(formatPrice(83))).toBe('83 ₪');
    expect(seen(formatPrice(0.05))).toBe('0.05 ₪');
    expect(seen(formatPrice(1234.5))).toBe('1,234.50 ₪');
    expect(seen(formatPrice(1000))).toBe('1,000 ₪');
    expect(seen(formatPrice(-5.5))).toBe('-5.50 ₪');
    expect(seen(formatPrice(0))).toBe('0 ₪');
  });

  it('rounds to the agora first, as the charge does, and never to the shekel', () => {
    expect(seen(formatPrice(82.899_999_999))).toBe('82.90 ₪');
    expect(seen(formatPrice(0.1 + 0.2))).toBe('0.30 ₪');
    expect(seen(formatPrice(82.999))).toBe('83 ₪');
    expect(seen(formatPrice(-0.001))).toBe('0 ₪');
  });

  it('shows a non-finite amount as zero', () => {
    expect(seen(formatPrice(Number.NaN))).toBe('0 ₪');
    expect(seen(formatPrice(Number.POSITIVE_INFINITY))).toBe('0 ₪');
  });

  it('shows two decimals exactly when the amount has agorot, and reads back to the same agorot', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (count) => {
        const text = formatPrice(toShekels(agorot(count)));
        expect(/\.\d\d /.test(seen(text))).toBe(count % 100 !== 0);
        expect(/\.\d/.test(seen(text))).toBe(count % 100 !== 0);
        expect(parse(text)).toBe(count);
      }),
    );
  });
});

describe('formatPriceInput', () => {
  it.each([
    [44.9, '44.90'],
    [44, '44.00'],
    [0, '0.00'],
    [59.99, '59.99'],
    [0.1 + 0.2, '0.30'],
    [1234.5, '1234.50'],
  ])('writes %p as %p, the agorot always written', (shekels, text) => {
    expect(formatPriceInput(shekels)).toBe(text);
  });

  it('leaves a non-finite amount empty', () => {
    expect(formatPriceInput(Number.NaN)).toBe('');
  });
});

describe('formatPriceDecimal', () => {
  it.each([
    [64.6, '64.60'],
    [12, '12.00'],
    [1234.5, '1234.50'],
    [0.1 + 0.2, '0.30'],
    [59.995, '60.00'],
  ])('writes %p as %p for schema.org and feeds: a dot, the agorot, no sign', (shekels, text) => {
    expect(formatPriceDecimal(shekels)).toBe(text);
    expect(toAgorot(Number(text))).toBe(toAgorot(shekels));
  });

  it('writes a non-finite amount as 0.00', () => {
    expect(formatPriceDecimal(Number.POSITIVE_INFINITY)).toBe('0.00');
  });
});
