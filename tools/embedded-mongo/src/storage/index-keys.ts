import type { Document } from 'bson';
import { at } from '../at';
import { isPlainObject, keyOf } from '../values';

/* How an index reads its keys out of a document. */

/** Whether the way to `path` (or the value there) goes through an array. */
export function throughArray(doc: Document, path: string): boolean {
  if (!path.includes('.')) return Array.isArray(doc[path]);
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(cur)) return true;
    if (!isPlainObject(cur) || !(part in cur)) return false;
    cur = cur[part];
  }
  return Array.isArray(cur);
}

/** The paths of the arrays met on the way to the values at `path` ('tags', 'authors', 'a.b'). */
export function arrayPaths(doc: Document, path: string): string[] {
  const parts = path.split('.');
  const out = new Set<string>();
  const walk = (cur: unknown, i: number): void => {
    if (Array.isArray(cur)) {
      out.add(parts.slice(0, i).join('.'));
      if (i === parts.length) return;
      for (const el of cur)
        if (isPlainObject(el) && at(parts, i) in el) walk(el[at(parts, i)], i + 1);
      return;
    }
    if (i < parts.length && isPlainObject(cur) && at(parts, i) in cur)
      walk(cur[at(parts, i)], i + 1);
  };
  walk(doc, 0);
  return [...out];
}

/** The values without repeats (as the index keys them), first occurrence first. */
export function dedupe(vals: unknown[]): unknown[] {
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const v of vals) {
    const k = keyOf(v);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(v);
    }
  }
  return out;
}
