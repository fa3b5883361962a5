import type { Document } from 'bson';
import { compareValues } from '../values';

export type Cmp = (a: unknown, b: unknown) => number;

/** ICU sensitivity per MongoDB collation strength (as mingo maps it for `aggregate`). */
const SENSITIVITY: Record<number, Intl.CollatorOptions['sensitivity']> = {
  1: 'base',
  2: 'accent',
  3: 'variant',
  4: 'variant',
  5: 'variant',
};

const collators = new Map<string, Intl.Collator>();

/** Whether the collation compares strings other than by binary comparison. */
export function isCollated(collation?: Document): collation is Document {
  return !!collation && typeof collation.locale === 'string' && collation.locale !== 'simple';
}

/**
 * The ICU collator (Node's `Intl.Collator`) for a MongoDB collation document, cached per options.
 * The options mirror what mingo uses for `$sort` in `aggregate`, so `find` and `aggregate` agree.
 */
export function collatorFor(collation?: Document): Intl.Collator | null {
  if (!isCollated(collation)) return null;
  const strength = typeof collation.strength === 'number' ? collation.strength : 3;
  const opts: Intl.CollatorOptions = {
    sensitivity: SENSITIVITY[strength] ?? 'variant',
    numeric: collation.numericOrdering === true,
    ignorePunctuation: collation.alternate === 'shifted',
  };
  if (collation.caseFirst === 'upper' || collation.caseFirst === 'lower')
    opts.caseFirst = collation.caseFirst;
  if (collation.caseLevel === true) {
    if (opts.sensitivity === 'base') opts.sensitivity = 'case';
    else if (opts.sensitivity === 'accent') opts.sensitivity = 'variant';
  }
  const locale = String(collation.locale).replace(/_/g, '-');
  const cacheKey = JSON.stringify([locale, opts]);
  let c = collators.get(cacheKey);
  if (!c) {
    try {
      c = new Intl.Collator(locale, opts);
    } catch {
      c = new Intl.Collator('und', opts);
    }
    collators.set(cacheKey, c);
  }
  return c;
}

/**
 * Comparison for a collation: BSON order, with strings compared by ICU when a locale is given
 * (strength 1 ignores case and accents, 2 ignores case, 3+ distinguishes both).
 */
export function comparatorFor(collation?: Document): { cmp: Cmp } {
  const collator = collatorFor(collation);
  if (!collator) return { cmp: compareValues };
  const compare = collator.compare;
  return {
    cmp: (a, b) =>
      typeof a === 'string' && typeof b === 'string' ? compare(a, b) : compareValues(a, b),
  };
}

/**
 * For a unique index with a collation: a string's key under that collation, equal for strings the
 * collation's strength treats as equal — strength 1 folds case and strips accents and other marks
 * (niqqud too; with `caseLevel` case still counts), 2 folds case; null for 3 and above (compared
 * binary, after Unicode normalisation). An approximation of ICU's sort keys, which Node does not expose.
 */
export function foldFor(collation?: Document): ((s: string) => string) | null {
  if (!isCollated(collation)) return null;
  const strength = typeof collation.strength === 'number' ? collation.strength : 3;
  if (strength >= 3) return null;
  const locale = String(collation.locale).replace(/_/g, '-');
  const lower = (s: string): string => {
    try {
      return s.toLocaleLowerCase(locale);
    } catch {
      return s.toLowerCase();
    }
  };
  if (strength === 2) return (s) => lower(s.normalize('NFC'));
  const strip = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '');
  return collation.caseLevel === true ? strip : (s) => lower(strip(s));
}
