import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import { MongoServerError, badValue } from '../errors';
import { isPlainObject } from '../values';
import { newQuery } from './mingo-context';

const isPositional = (segment: string) =>
  segment === '$' || (segment.startsWith('$[') && segment.endsWith(']'));

/** The array a positional path updates: `lines` for `lines.$.qty`, `a.b` for `a.b.$[x]`. */
function arrayPrefix(path: string): string | null {
  const segments = path.split('.');
  const at = segments.findIndex(isPositional);
  return at > 0 ? segments.slice(0, at).join('.') : null;
}

/**
 * mingo refuses two positional paths into the same array (`lines.$.qty` with `lines.$.price`) as
 * a conflict, where MongoDB refuses only a path together with its own prefix (checked earlier, in
 * `validateUpdate`). True when the update has such sibling paths and must be expanded first.
 */
export function hasSiblingPositionals(mod: Document): boolean {
  const seen = new Set<string>();
  for (const arg of Object.values(mod)) {
    if (!isPlainObject(arg)) continue;
    for (const path of Object.keys(arg)) {
      const prefix = arrayPrefix(path);
      if (prefix === null) continue;
      if (seen.has(prefix)) return true;
      seen.add(prefix);
    }
  }
  return false;
}

/**
 * The conditions of `query` on `field` or below it (`lines`, `lines.sku`), also inside `$and` and
 * `$or` (of an `$or`, the branches that test the field): the conditions MongoDB's positional `$`
 * (in updates and projections) takes the first matching element from. Null when there are none.
 */
export function conditionsOn(query: Document, field: string): Document | null {
  const out: Document = {};
  const and: Document[] = [];
  for (const [key, condition] of Object.entries(query)) {
    if (key === field || key.startsWith(field + '.')) out[key] = condition;
    else if ((key === '$and' || key === '$or') && Array.isArray(condition)) {
      const parts: Document[] = [];
      for (const part of condition) {
        const sub = isPlainObject(part) ? conditionsOn(part, field) : null;
        if (sub) parts.push(sub);
      }
      if (key === '$and') and.push(...parts);
      else if (parts.length) and.push({ $or: parts });
    }
  }
  if (and.length) out.$and = and;
  return Object.keys(out).length ? out : null;
}

/** Groups arrayFilters by identifier: `[{ 'line.sku': 'a' }]` → `{ line: Query }`. */
function filtersByIdentifier(arrayFilters: Document[]): Map<string, Query> {
  const grouped = new Map<string, Document>();
  for (const filter of arrayFilters) {
    for (const [key, condition] of Object.entries(filter)) {
      const identifier = key.split('.')[0] ?? key;
      const conditions = grouped.get(identifier) ?? {};
      conditions[key] = condition;
      grouped.set(identifier, conditions);
    }
  }
  const queries = new Map<string, Query>();
  for (const [identifier, conditions] of grouped) queries.set(identifier, newQuery(conditions));
  return queries;
}

/**
 * The concrete paths (`lines.1.qty`) a positional path (`lines.$.qty`, `lines.$[]`, `lines.$[l].qty`)
 * designates in `doc`, resolved against the document before the update, as MongoDB does:
 * `$` is the first element matching the query's condition on that array, `$[]` every element,
 * `$[id]` the elements its array filter selects.
 */
function concretePaths(
  doc: Document,
  path: string,
  query: Document,
  filters: Map<string, Query>,
): string[] {
  const segments = path.split('.');
  const out: string[] = [];
  const visit = (value: unknown, at: number, done: string[]) => {
    if (at === segments.length) {
      out.push(done.join('.'));
      return;
    }
    const segment = segments[at] ?? '';
    if (!isPositional(segment)) {
      const next =
        isPlainObject(value) || Array.isArray(value) ? (value as Document)[segment] : undefined;
      visit(next, at + 1, [...done, segment]);
      return;
    }
    const field = done.join('.');
    if (!Array.isArray(value)) {
      throw badValue(
        `The path '${field}' must exist in the document in order to apply array updates.`,
      );
    }
    if (segment === '$') {
      const conditions = conditionsOn(query, field);
      const probe = conditions ? newQuery(conditions) : null;
      const index = probe ? value.findIndex((element) => probe.test({ [field]: [element] })) : -1;
      if (index < 0) {
        throw badValue('The positional operator did not find the match needed from the query.');
      }
      visit(value[index], at + 1, [...done, String(index)]);
      return;
    }
    const identifier = segment.slice(2, -1);
    const filter = identifier ? filters.get(identifier) : undefined;
    if (identifier && !filter) {
      throw badValue(`No array filter found for identifier '${identifier}' in path '${path}'`);
    }
    value.forEach((element, index) => {
      if (filter && !filter.test({ [identifier]: [element] })) return;
      visit(element, at + 1, [...done, String(index)]);
    });
  };
  visit(doc, 0, []);
  return out;
}

/**
 * Rewrites every positional path of an update into the concrete paths it designates in `doc`, so
 * sibling fields of one element can be updated together (and by mingo, which then sees distinct paths).
 */
export function expandPositionals(
  doc: Document,
  mod: Document,
  query: Document,
  arrayFilters: Document[],
): Document {
  const filters = filtersByIdentifier(arrayFilters);
  const expanded: Document = {};
  const seen = new Set<string>();
  for (const [op, arg] of Object.entries(mod)) {
    if (!isPlainObject(arg)) {
      expanded[op] = arg;
      continue;
    }
    const paths: Document = {};
    for (const [path, value] of Object.entries(arg)) {
      const targets =
        arrayPrefix(path) === null ? [path] : concretePaths(doc, path, query, filters);
      for (const concrete of targets) {
        if (seen.has(concrete)) throw conflictAt(concrete);
        seen.add(concrete);
        paths[concrete] = value;
      }
    }
    expanded[op] = paths;
  }
  // Two positional paths may designate the same element's field (`lines.$[a].qty` and
  // `lines.$[b].qty` both selecting line 0), or a field and its prefix: MongoDB refuses that (40).
  for (const path of seen) {
    for (let dot = path.indexOf('.'); dot > 0; dot = path.indexOf('.', dot + 1)) {
      if (seen.has(path.slice(0, dot))) throw conflictAt(path);
    }
  }
  return expanded;
}

function conflictAt(path: string): MongoServerError {
  return new MongoServerError(
    40,
    'ConflictingUpdateOperators',
    `Update created a conflict at '${path}'`,
  );
}
