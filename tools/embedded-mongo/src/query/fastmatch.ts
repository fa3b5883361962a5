import { Document, ObjectId } from 'bson';
import { compareValues, isPlainObject, typeRank } from '../values';
import { isNumberWrapper, wrapperValue } from '../numbers';
import { at } from '../at';

/**
 * A compiled matcher for the common filter shapes (equality, $in, ranges, regular expressions,
 * $and/$or/$nor over plain fields). Anything else returns null and is left to mingo.
 */
export type Predicate = (doc: Document) => boolean;

type ValueTest = (v: unknown) => boolean;

/** String comparison of a collation (null: binary). */
type StrCmp = ((a: string, b: string) => number) | null;

/** An int64 or whole double kept with its type (`Long`, `Double`) equal to `n`. */
function wrapperEquals(v: unknown, n: number): boolean {
  return typeof v === 'object' && v !== null && isNumberWrapper(v) && wrapperValue(v) === n;
}

function eqTest(lit: unknown, coll: StrCmp = null): ValueTest | null {
  if (isNumberWrapper(lit)) lit = wrapperValue(lit);
  if (typeof lit === 'string' && coll) {
    return (v) => typeof v === 'string' && (v === lit || coll(v, lit) === 0);
  }
  if (typeof lit === 'string' || typeof lit === 'boolean') return (v) => v === lit;
  if (typeof lit === 'number') {
    const n = lit;
    return Number.isNaN(n) ? null : (v) => v === n || wrapperEquals(v, n);
  }
  if (lit instanceof ObjectId) {
    const hex = lit.toHexString();
    return (v) => v instanceof ObjectId && v.toHexString() === hex;
  }
  if (lit instanceof Date) {
    const t = lit.getTime();
    return (v) => v instanceof Date && v.getTime() === t;
  }
  return null;
}

function regexTest(re: RegExp): ValueTest {
  const r = new RegExp(re.source, re.flags.replace('g', ''));
  return (v) => typeof v === 'string' && r.test(v);
}

function rangeTest(op: string, lit: unknown, coll: StrCmp): ValueTest | null {
  if (isNumberWrapper(lit)) lit = wrapperValue(lit);
  if (!(
    typeof lit === 'number' ||
    typeof lit === 'string' ||
    lit instanceof Date ||
    lit instanceof ObjectId
  ))
    return null;
  if (typeof lit === 'number' && Number.isNaN(lit)) return null;
  const rank = typeRank(lit);
  const ok =
    op === '$gt'
      ? (c: number) => c > 0
      : op === '$gte'
        ? (c: number) => c >= 0
        : op === '$lt'
          ? (c: number) => c < 0
          : (c: number) => c <= 0;
  if (typeof lit === 'string' && coll) return (v) => typeof v === 'string' && ok(coll(v, lit));
  return (v) => typeRank(v) === rank && ok(compareValues(v, lit));
}

/** Tests for one field condition; each must hold for some value at the path. */
function fieldTests(cond: unknown, coll: StrCmp): ValueTest[] | null {
  if (cond instanceof RegExp) return [regexTest(cond)];
  if (!isPlainObject(cond)) {
    const t = eqTest(cond, coll);
    return t ? [t] : null;
  }
  const keys = Object.keys(cond);
  if (!keys[0]?.startsWith('$')) return null;
  const tests: ValueTest[] = [];
  for (const op of keys) {
    const arg = cond[op];
    switch (op) {
      case '$eq': {
        const t = arg instanceof RegExp ? null : eqTest(arg, coll);
        if (!t) return null;
        tests.push(t);
        break;
      }
      case '$in': {
        if (!Array.isArray(arg)) return null;
        const parts: ValueTest[] = [];
        for (const x of arg) {
          const t = x instanceof RegExp ? regexTest(x) : eqTest(x, coll);
          if (!t) return null;
          parts.push(t);
        }
        tests.push((v) => parts.some((p) => p(v)));
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        const t = rangeTest(op, arg, coll);
        if (!t) return null;
        tests.push(t);
        break;
      }
      case '$regex': {
        const flags = typeof cond.$options === 'string' ? cond.$options : '';
        if (/[^ims]/.test(flags)) return null;
        const src = arg instanceof RegExp ? arg.source : typeof arg === 'string' ? arg : null;
        if (src === null) return null;
        tests.push(regexTest(new RegExp(src, (arg instanceof RegExp ? arg.flags : '') + flags)));
        break;
      }
      case '$options':
        break;
      default:
        return null;
    }
  }
  return tests;
}

/** `coll` is the string comparison of the query's collation (null: binary). */
export function compileFast(filter: Document, coll: StrCmp = null): Predicate | null {
  const parts: Predicate[] = [];
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' || k === '$or' || k === '$nor') {
      if (!Array.isArray(v) || !v.length) return null;
      const subs: Predicate[] = [];
      for (const s of v) {
        if (!isPlainObject(s)) return null;
        const p = compileFast(s, coll);
        if (!p) return null;
        subs.push(p);
      }
      if (k === '$and') parts.push((d) => subs.every((p) => p(d)));
      else if (k === '$or') parts.push((d) => subs.some((p) => p(d)));
      else parts.push((d) => !subs.some((p) => p(d)));
      continue;
    }
    if (k.startsWith('$')) return null;
    const tests = fieldTests(v, coll);
    if (!tests) return null;
    const path = k.split('.');
    // Each operator must be satisfied by some value at the path (MongoDB's array semantics).
    parts.push((d) => {
      for (const t of tests) if (!someAt(d, path, 0, t)) return false;
      return true;
    });
  }
  if (parts.length === 1) return at(parts, 0);
  return (d) => parts.every((p) => p(d));
}

/** Whether some value reachable at the path (descending through arrays) passes the test; allocation-free. */
function someAt(cur: unknown, path: string[], i: number, test: ValueTest): boolean {
  if (i === path.length) {
    if (Array.isArray(cur)) {
      for (const el of cur) if (test(el)) return true;
      return false;
    }
    return test(cur);
  }
  const part = at(path, i);
  if (Array.isArray(cur)) {
    const idx = /^\d+$/.test(part) ? Number(part) : -1;
    if (idx >= 0 && idx < cur.length && someAt(cur[idx], path, i + 1, test)) return true;
    for (const el of cur) {
      if (isPlainObject(el) && part in el && someAt(el[part], path, i + 1, test)) return true;
    }
    return false;
  }
  if (isPlainObject(cur)) return part in cur && someAt(cur[part], path, i + 1, test);
  return false;
}
