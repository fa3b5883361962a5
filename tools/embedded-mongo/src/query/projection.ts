import type { Document } from 'bson';
import { isComputed, isOperatorSpec, orderFields } from './field-order';
import { newQuery } from './mingo-context';
import { conditionsOn } from './positional';
import { MongoServerError, toServerError } from '../errors';
import { cloneDoc, getPath, setPath } from '../values';

/**
 * Projections mingo does not answer as MongoDB does, handled around it:
 * - the positional projection (`'tags.$': 1`), which mingo answers with `[null]`;
 * - `$elemMatch` on an array of scalars (mingo reads its condition as a query on documents), and
 *   the field it projects placed after the other included fields;
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
  /** Paths of computed and `$elemMatch` fields, in the projection's order. */
  computed: string[];
}

function isIncluding(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return !isOperatorSpec(v, '$slice');
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
    // MongoDB 4.4+ places an `$elemMatch` field after the included ones, as a computed field.
    if (isComputed(path, v) || isOperatorSpec(v, '$elemMatch')) plan.computed.push(path);
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

export function complexProjector(spec: Document, query: Document): (doc: Document) => Document {
  const plan = planProjection(spec);
  const mingo = plan.base ? newQuery({}) : null;
  const positional = plan.positional.map((field) => {
    const conditions = conditionsOn(query, field);
    return { field, probe: conditions ? newQuery(conditions) : null };
  });
  const elemMatch = plan.elemMatch.map(([field, condition]) => ({
    field,
    probe: newQuery({ v: { $elemMatch: condition } }),
  }));
  // mingo edits the document it is given for an exclusion of a nested field, and the positional
  // projection of a nested array is written into subdocuments mingo may share with the input: those
  // work on a copy; an inclusion builds new documents, without the cost of copying the stored one.
  const copyFirst = !plan.inclusion || plan.positional.some((field) => field.includes('.'));
  // mingo returns the included fields in its own order: MongoDB's is the document's.
  const reorder = plan.inclusion;
  return (doc) => {
    let out: Document;
    try {
      const input = copyFirst ? cloneDoc(doc) : doc;
      out =
        mingo && plan.base
          ? ((mingo.find([input], plan.base).all()[0] as Document | undefined) ?? {})
          : input;
    } catch (e) {
      throw toServerError(e);
    }
    for (const { field, probe } of positional) {
      const values = getPath(doc, field);
      const index =
        Array.isArray(values) && probe
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
    return reorder ? orderFields(out, doc, plan.computed) : out;
  };
}
