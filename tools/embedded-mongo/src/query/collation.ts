import type { Document } from 'bson';
import { compareValues } from '../values';

export type Cmp = (a: unknown, b: unknown) => number;

/**
 * String comparison for a collation. Strength 1/2 (case-insensitive) uses a folded key compared
 * by code point — the order ICU gives for letters within and across Latin and Hebrew — computed
 * once per value; other collations use Intl.Collator.
 */
export function comparatorFor(collation?: Document): {
  cmp: Cmp;
  fold: ((s: string) => string) | null;
} {
  if (!collation || !collation.locale || collation.locale === 'simple')
    return { cmp: compareValues, fold: null };
  const strength = typeof collation.strength === 'number' ? collation.strength : 3;
  if (strength <= 2 && collation.numericOrdering !== true) {
    const fold =
      strength === 1
        ? (x: string) => x.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
        : (x: string) => x.toLowerCase();
    return { cmp: compareValues, fold };
  }
  const collator = new Intl.Collator(String(collation.locale).replace('_', '-'), {
    sensitivity: strength <= 1 ? 'base' : strength === 2 ? 'accent' : 'variant',
    numeric: collation.numericOrdering === true,
    caseFirst:
      collation.caseFirst === 'upper'
        ? 'upper'
        : collation.caseFirst === 'lower'
          ? 'lower'
          : 'false',
  });
  return {
    cmp: (a, b) =>
      typeof a === 'string' && typeof b === 'string' ? collator.compare(a, b) : compareValues(a, b),
    fold: null,
  };
}

/** The case-folding a strength-1/2 collation implies for equality (null: binary comparison). */
export function foldFor(collation?: Document): ((s: string) => string) | null {
  return comparatorFor(collation).fold;
}
