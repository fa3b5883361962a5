import { AGOROT_PER_SHEKEL, toAgorot, toShekels } from './agorot';

const currency = (fractionDigits: 0 | 2) =>
  new Intl.NumberFormat('he-IL', {
    style: 'currency',
    currency: 'ILS',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
const WHOLE = currency(0);
const WITH_AGOROT = currency(2);

/**
 * A price as every screen, mail and receipt shows it, in he-IL (`‏82.90 ‏₪`, `‏83 ‏₪`): to the
 * agora where it has agorot, whole where it is whole, so what is shown is what is charged. The
 * amount is first rounded to the agora as {@link toAgorot} does (the one rounding of shekels).
 * This is the only price formatter: the server's markup and the browser's use it alike, so they
 * match. A non-finite amount is shown as 0 ₪ (the API never answers one; a screen must not
 * break over it). The marks Intl places around the number and ₪ are kept; a PDF strips them.
 */
export function formatPrice(shekels: number): string {
  const amount = toAgorot(Number.isFinite(shekels) ? shekels : 0);
  const format = amount % AGOROT_PER_SHEKEL === 0 ? WHOLE : WITH_AGOROT;
  // `+ 0` turns the -0 of a tiny negative amount into 0, so it is not shown as "-0 ₪".
  return format.format(toShekels(amount) + 0);
}

/**
 * A price as a form's input holds it: plain digits with the agorot always written (`44.90`,
 * `12.00`), a dot, no currency sign or grouping, so what the author edits reads as a price and
 * parses back to the same amount. Rounded to the agora as {@link toAgorot} does.
 */
export function formatPriceInput(shekels: number): string {
  if (!Number.isFinite(shekels)) return '';
  return formatPriceDecimal(shekels);
}

/**
 * A price as machines read it: shekels with a dot and the agorot always written (`64.60`,
 * `12.00`), no currency sign, no grouping — schema.org's `Offer.price`, product feeds. Rounded to
 * the agora as {@link toAgorot} does; a non-finite amount is `0.00`.
 */
export function formatPriceDecimal(shekels: number): string {
  const amount = toAgorot(Number.isFinite(shekels) ? shekels : 0);
  const whole = Math.trunc(Math.abs(amount) / AGOROT_PER_SHEKEL);
  const cents = String(Math.abs(amount) % AGOROT_PER_SHEKEL).padStart(2, '0');
  return `${amount < 0 ? '-' : ''}${whole}.${cents}`;
}
