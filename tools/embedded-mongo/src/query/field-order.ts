import type { Document } from 'bson';
import type { Iterator } from 'mingo/lazy';
import * as pipelineOperators from 'mingo/operators/pipeline';
import type { Options } from 'mingo/types';
import { isPlainObject } from '../values';

export const isOperatorSpec = (v: unknown, op: string): v is Document =>
  isPlainObject(v) && Object.keys(v).length === 1 && op in v;

/** A field the projection computes (`'$price'`, `{ $add: [...] }`, a literal), not one it selects. */
export function isComputed(path: string, v: unknown): boolean {
  if (typeof v === 'boolean' || typeof v === 'number' || path.endsWith('.$')) return false;
  if (isOperatorSpec(v, '$slice') || isOperatorSpec(v, '$elemMatch')) return false;
  // `{ b: { x: 1 } }` is a nested projection; `{ b: { $add: … } }` an expression.
  if (isPlainObject(v)) return Object.keys(v).some((k) => k.startsWith('$'));
  return true;
}

/**
 * MongoDB's field order for an inclusion projection: the selected fields in the document's order
 * (recursively, into subdocuments that gain computed fields), then the computed ones in the
 * projection's order. `computed` holds their paths relative to `out`.
 */
export function orderFields(out: Document, source: Document, computed: string[]): Document {
  const here = new Set(computed.filter((p) => !p.includes('.')));
  const ordered: Document = {};
  for (const key of Object.keys(source)) {
    if (!(key in out) || here.has(key)) continue;
    const value: unknown = out[key];
    const original: unknown = source[key];
    const below = computed
      .filter((p) => p.startsWith(key + '.'))
      .map((p) => p.slice(key.length + 1));
    ordered[key] =
      below.length && isPlainObject(value) && isPlainObject(original)
        ? orderFields(value, original, below)
        : value;
  }
  for (const key of here) if (key in out) ordered[key] = out[key];
  for (const key of Object.keys(out)) if (!(key in ordered)) ordered[key] = out[key];
  return ordered;
}

/** Paths of the fields an inclusion `$project` computes, or [] when it computes none. */
function computedPaths(spec: Document): string[] {
  return Object.entries(spec)
    .filter(([path, v]) => isComputed(path, v))
    .map(([path]) => path);
}

/**
 * mingo's `$project` with MongoDB's field order (selected fields as they come, which is the input
 * document's order, then computed ones in the projection's order); registered over mingo's own.
 */
export const orderedProject = (coll: Iterator, expr: Document, options: Options): Iterator => {
  const computed = computedPaths(expr);
  const projected = pipelineOperators.$project(coll, expr, options);
  if (!computed.length) return projected;
  return projected.map<unknown>((doc) =>
    isPlainObject(doc) ? orderFields(doc, doc, computed) : doc,
  );
};
