import type { Document } from 'bson';
import { Context, Query } from 'mingo';
import type { Iterator } from 'mingo/lazy';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import type { Options } from 'mingo/types';
import { MongoServerError, toServerError } from '../errors';
import { cloneDoc, getPath, isPlainObject, setPath } from '../values';

/**
 * Projections mingo does not answer as MongoDB does, handled around it:
 * - the positional projection (`'tags.$': 1`), which mingo answers with `[null]`;
 * - `$elemMatch` on an array of scalars (mingo reads its condition as a query on documents);
 * - `$slice` without any inclusion, which MongoDB applies to a document that keeps every other
 *   field (mingo drops them), also beside exclusions (mingo refuses the mix);
 * - the field order: included fields in document order, computed fields after them.
 * mingo also edits the document it projects for a nested exclusion: it gets a copy.
 */

type Slice = number | [number, number];

interface Plan {
  /** What mingo applies (null: nothing, the document is kept whole). */
  base: Document | null;
  inclusion: boolean;
  positional: string[];
  elemMatch: [string, Document][];
  /** Slices mingo does not apply (those of a projection without inclusions). */
  slices: [string, Slice][];
  /** Paths of computed fields, in the projection's order. */
  computed: string[];
}

const isOperatorSpec = (v: unknown, op: string): v is Document =>
  isPlainObject(v) && Object.keys(v).length === 1 && op in v;

function isIncluding(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return !isOperatorSpec(v, '$slice');
}

/** A field the projection computes (`'$price'`, `{ $add: [...] }`, a literal), not one it selects. */
function isComputed(path: string, v: unknown): boolean {
  if (typeof v === 'boolean' || typeof v === 'number' || path.endsWith('.$')) return false;
  if (isOperatorSpec(v, '$slice') || isOperatorSpec(v, '$elemMatch')) return false;
  // `{ b: { x: 1 } }` is a nested projection; `{ b: { $add: … } }` an expression.
  if (isPlainObject(v)) return Object.keys(v).some((k) => k.startsWith('$'));
  return true;
}

function planProjection(spec: Document): Plan {
  const plan: Plan = {
    base: {},
    inclusion: false,
    positional: [],
    elemMatch: [],
    slices: [],
    computed: [],
  };
  for (const [path, v] of Object.entries(spec)) {
    if (path !== '_id' && isIncluding(v)) plan.inclusion = true;
    if (isComputed(path, v)) plan.computed.push(path);
  }
  const base: Document = {};
  for (const [path, v] of Object.entries(spec)) {
    if (path.endsWith('.$')) {
      const field = path.slice(0, -2);
      plan.positional.push(field);
      base[field] = 1;
    } else if (isOperatorSpec(v, '$elemMatch')) {
      plan.elemMatch.push([path, v.$elemMatch as Document]);
      base[path] = 1;
    } else if (!plan.inclusion && isOperatorSpec(v, '$slice')) {
      plan.slices.push([path, v.$slice as Slice]);
    } else base[path] = v;
  }
  plan.base = Object.keys(base).length ? base : null;
  return plan;
}

function slice(values: unknown[], how: Slice): unknown[] {
  if (typeof how === 'number') return how >= 0 ? values.slice(0, how) : values.slice(how);
  const [skip, limit] = how;
  const from = skip >= 0 ? skip : Math.max(0, values.length + skip);
  return values.slice(from, from + limit);
}

/** The conditions of `query` on `field` or below it (`tags`, `lines.sku`). */
function conditionsOn(query: Document, field: string): Document {
  const out: Document = {};
  for (const [key, condition] of Object.entries(query)) {
    if (key === field || key.startsWith(field + '.')) out[key] = condition;
    if (key === '$and' && Array.isArray(condition)) {
      for (const part of condition)
        if (isPlainObject(part)) Object.assign(out, conditionsOn(part, field));
    }
  }
  return out;
}

/**
 * MongoDB's field order for an inclusion projection: the selected fields in the document's order
 * (recursively, into subdocuments that gain computed fields), then the computed ones in the
 * projection's order. `computed` holds their paths relative to `out`.
 */
function orderFields(out: Document, source: Document, computed: string[]): Document {
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

export function complexProjector(spec: Document, query: Document): (doc: Document) => Document {
  const plan = planProjection(spec);
  const mingo = plan.base ? new Query({}, { scriptEnabled: false }) : null;
  const positional = plan.positional.map((field) => {
    const conditions = conditionsOn(query, field);
    const probe = new Query(conditions, { scriptEnabled: false });
    return { field, probe, any: Object.keys(conditions).length > 0 };
  });
  const elemMatch = plan.elemMatch.map(([field, condition]) => ({
    field,
    probe: new Query({ v: { $elemMatch: condition } }, { scriptEnabled: false }),
  }));
  return (doc) => {
    let out: Document;
    try {
      out =
        mingo && plan.base
          ? ((mingo.find([cloneDoc(doc)], plan.base).all()[0] as Document | undefined) ?? {})
          : cloneDoc(doc);
    } catch (e) {
      throw toServerError(e);
    }
    for (const { field, probe, any } of positional) {
      const values = getPath(doc, field);
      const index =
        Array.isArray(values) && any
          ? values.findIndex((element) => probe.test({ [field]: [element] }))
          : -1;
      if (index < 0) {
        throw new MongoServerError(
          51246,
          'Location51246',
          `Executor error during find command :: caused by :: positional operator '${field}.$' couldn't find a matching element in the array`,
        );
      }
      setPath(out, field, [(values as unknown[])[index]]);
    }
    for (const { field, probe } of elemMatch) {
      const values = getPath(doc, field);
      const match = Array.isArray(values)
        ? values.find((element) => probe.test({ v: [element] }))
        : undefined;
      if (match === undefined) delete out[field];
      else out[field] = [match];
    }
    for (const [field, how] of plan.slices) {
      const values = getPath(out, field);
      if (Array.isArray(values)) setPath(out, field, slice(values, how));
    }
    return plan.inclusion ? orderFields(out, doc, plan.computed) : out;
  };
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
const orderedProject = (coll: Iterator, expr: Document, options: Options): Iterator => {
  const computed = computedPaths(expr);
  const projected = pipelineOperators.$project(coll, expr, options);
  if (!computed.length) return projected;
  return projected.map((doc) =>
    isPlainObject(doc) ? orderFields(doc, doc, computed) : doc,
  ) as Iterator;
};

/**
 * mingo's operators with `$project` replaced, for the base `Aggregator` (mingo's default export
 * merges a given context under its own operators, so it cannot replace one).
 */
export const aggregationContext = Context.init({
  accumulator: accumulatorOperators,
  expression: expressionOperators,
  pipeline: { ...pipelineOperators, $project: orderedProject },
  projection: projectionOperators,
  query: queryOperators,
  window: windowOperators,
});
