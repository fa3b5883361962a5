/**
 * An amount of money in whole agorot (1 ₪ = 100 agorot). Branded so a shekel amount, a quantity
 * or a percentage cannot be passed where money in agorot is expected: the only ways to get one
 * are {@link toAgorot}, {@link agorot} and the arithmetic below (ARCHITECTURE.md decisions 6, 9).
 */
export type Agorot = number & { readonly __unit: 'agorot' };

/** Agorot in one shekel. */
export const AGOROT_PER_SHEKEL = 100;

/** Zero agorot. */
export const ZERO_AGOROT = 0 as Agorot;

/**
 * Marks a whole number that already counts agorot (a stored field, a literal) as {@link Agorot}.
 * Throws `RangeError` for a fraction, NaN or a number beyond exact integer range, because such a
 * value can only come from a bug or corrupt data, never from a price.
 */
export function agorot(count: number): Agorot {
  if (!Number.isSafeInteger(count)) throw new RangeError(`agorot must be a whole number: ${count}`);
  return count as Agorot;
}

/**
 * Shekels (as the API and the screens speak them) to agorot. This is the one place a shekel
 * amount is rounded: to the nearest agora, halves away from zero (`0.1 + 0.2` ₪ is 30 agorot).
 * Throws `RangeError` for NaN or an infinite amount.
 */
export function toAgorot(shekels: number): Agorot {
  if (!Number.isFinite(shekels)) throw new RangeError(`not an amount of shekels: ${shekels}`);
  // The small nudge undoes binary representation error (1.005 is stored as 1.00499999…), so a
  // price typed with two decimals always lands on the agora it names.
  const scaled = Math.abs(shekels) * AGOROT_PER_SHEKEL;
  const rounded = Math.round(scaled + scaled * Number.EPSILON);
  return agorot(shekels < 0 ? -rounded : rounded);
}

/**
 * Whether a shekel amount names whole agorot (at most two decimals, `49.90` yes, `49.905` no),
 * allowing for binary representation error. False for NaN or an infinite amount. Price inputs are
 * validated with it, so no price is rounded silently.
 */
export function isWholeAgorot(shekels: number): boolean {
  if (!Number.isFinite(shekels)) return false;
  const scaled = shekels * AGOROT_PER_SHEKEL;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Agorot as shekels, exact to two decimals (what the API answers and the screens format). */
export function toShekels(amount: Agorot): number {
  return agorot(amount) / AGOROT_PER_SHEKEL;
}

/** Whole shekels as agorot, for the constants of the spec (`shekels(150)`). */
export function shekels(whole: number): Agorot {
  if (!Number.isSafeInteger(whole)) throw new RangeError(`not a whole shekel amount: ${whole}`);
  return agorot(whole * AGOROT_PER_SHEKEL);
}

/** The sum of amounts. */
export function sumAgorot(amounts: Iterable<Agorot>): Agorot {
  let total = 0;
  for (const amount of amounts) total += amount;
  return agorot(total);
}

/**
 * Largest number of copies of one book in one order line: the cart stops there and the payment
 * request refuses more, so a line's total stays a sum a buyer means.
 */
export const MAX_LINE_QUANTITY = 99;

/** A unit price times a whole quantity (a cart or order line). */
export function lineTotal(unitPrice: Agorot, quantity: number): Agorot {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`quantity must be a whole number of copies: ${quantity}`);
  }
  return agorot(unitPrice * quantity);
}

/**
 * `percent` % of an amount, rounded once to the nearest agora, halves up (a share of 12.5
 * agorot is 13). Every percentage of money in the product (the donation, the split shares, fees,
 * bonuses) goes through here, so there is one rounding rule. `percent` is a whole number 0..100.
 */
export function percentOf(amount: Agorot, percent: number): Agorot {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`percent must be a whole number from 0 to 100: ${percent}`);
  }
  const hundredths = amount * percent;
  if (!Number.isSafeInteger(hundredths)) throw new RangeError(`amount too large: ${amount}`);
  // Integer arithmetic: the remainder decides, so no binary fraction can tip a half either way.
  const whole = Math.floor(hundredths / 100);
  const remainder = hundredths - whole * 100;
  return agorot(remainder * 2 >= 100 ? whole + 1 : whole);
}

/** The smaller of two amounts. */
export function minAgorot(a: Agorot, b: Agorot): Agorot {
  return a < b ? a : b;
}
