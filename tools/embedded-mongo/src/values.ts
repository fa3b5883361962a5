import {
  BSONRegExp,
  BSONSymbol,
  Binary,
  Code,
  Decimal128,
  Document,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  deserialize,
  serialize,
} from 'bson';
import { decodeDocument, isLong } from './numbers';

/**
 * A deep copy with int64 and whole doubles as plain numbers (the ordinary BSON decoding): what
 * mingo's pipelines get, whose arithmetic and comparisons know only JavaScript numbers.
 */
export function plainClone<T extends Document>(doc: T): T {
  return deserialize(serialize(doc)) as T;
}

/** Deep copy through BSON (keeping number types), so stored documents never share references with callers. */
export function cloneDoc<T extends Document>(doc: T): T {
  return decodeDocument(serialize(doc)) as T;
}

export function isPlainObject(v: unknown): v is Document {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (isLong(v)) return v.toNumber();
  if (v instanceof Int32 || v instanceof Double) return v.value;
  if (v instanceof Decimal128) return Number(v.toString());
  if (typeof v === 'bigint') return Number(v);
  return undefined;
}

/**
 * A canonical string for a value, equal for values MongoDB considers equal
 * (1 and 1.0, two ObjectIds with the same bytes). Used as map keys for _id and indexes.
 */
export function keyOf(v: unknown): string {
  if (v === undefined || v === null) return 'N';
  const n = num(v);
  if (n !== undefined) return 'n' + (Object.is(n, -0) ? 0 : n);
  if (typeof v === 'string') return 's' + v;
  if (typeof v === 'boolean') return v ? 'b1' : 'b0';
  if (v instanceof ObjectId) return 'o' + v.toHexString();
  if (v instanceof Date) return 'd' + v.getTime();
  if (v instanceof Binary) return 'u' + v.sub_type + ':' + Buffer.from(v.buffer).toString('base64');
  if (v instanceof RegExp) return 'r' + v.source + '/' + v.flags;
  if (v instanceof Timestamp) return 't' + v.toString();
  if (Array.isArray(v)) return 'a' + JSON.stringify(v.map(keyOf));
  if (isPlainObject(v))
    return 'O' + JSON.stringify(Object.entries(v).map(([k, x]) => [k, keyOf(x)]));
  return 'x' + String(v);
}

/** BSON type order used by sort and range comparison. */
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 1;
  if (num(v) !== undefined) return 2;
  if (typeof v === 'string') return 3;
  if (Array.isArray(v)) return 5;
  if (isPlainObject(v)) return 4;
  if (v instanceof Binary) return 6;
  if (v instanceof ObjectId) return 7;
  if (typeof v === 'boolean') return 8;
  if (v instanceof Date) return 9;
  if (v instanceof Timestamp) return 10;
  if (v instanceof RegExp) return 11;
  return 12;
}

/** MongoDB's order of binary data: by length, then subtype, then bytes. */
function compareBinary(a: Binary, b: Binary): number {
  if (a.length() !== b.length()) return a.length() - b.length();
  if (a.sub_type !== b.sub_type) return a.sub_type - b.sub_type;
  return Buffer.compare(Buffer.from(a.buffer), Buffer.from(b.buffer));
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** The BSON type name a stored value has (as `$type` names it). */
export function bsonTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') {
    return Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX ? 'int' : 'double';
  }
  if (typeof v === 'bigint' || isLong(v)) return 'long';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Int32) return 'int';
  if (v instanceof Double) return 'double';
  if (v instanceof Decimal128) return 'decimal';
  if (v instanceof ObjectId) return 'objectId';
  if (v instanceof Binary) return 'binData';
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp || v instanceof BSONRegExp) return 'regex';
  if (v instanceof Timestamp) return 'timestamp';
  if (v instanceof MinKey) return 'minKey';
  if (v instanceof MaxKey) return 'maxKey';
  if (v instanceof Code) return 'javascript';
  if (v instanceof BSONSymbol) return 'symbol';
  return 'object';
}

const TYPE_NUMBERS: Record<number, string> = {
  1: 'double',
  2: 'string',
  3: 'object',
  4: 'array',
  5: 'binData',
  6: 'undefined',
  7: 'objectId',
  8: 'bool',
  9: 'date',
  10: 'null',
  11: 'regex',
  13: 'javascript',
  14: 'symbol',
  16: 'int',
  17: 'timestamp',
  18: 'long',
  19: 'decimal',
  [-1]: 'minKey',
  127: 'maxKey',
};

const NUMBER_TYPES = new Set(['double', 'int', 'long', 'decimal']);

/** Whether `v` is of the BSON type `$type` names (a name, a number, or the alias `number`). */
export function bsonTypeMatches(v: unknown, type: string | number): boolean {
  const name = typeof type === 'number' ? TYPE_NUMBERS[type] : type;
  if (name === undefined) return false;
  const actual = bsonTypeName(v);
  return name === 'number' ? NUMBER_TYPES.has(actual) : actual === name;
}

export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 1:
      return 0;
    case 2: {
      const x = num(a) as number;
      const y = num(b) as number;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 3:
      return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
    case 6:
      return compareBinary(a as Binary, b as Binary);
    case 7:
      return (a as ObjectId).toHexString().localeCompare((b as ObjectId).toHexString());
    case 8:
      return Number(a) - Number(b);
    case 9:
      return (a as Date).getTime() - (b as Date).getTime();
    default: {
      const x = keyOf(a);
      const y = keyOf(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }
}

/**
 * All values reachable at a dotted path, descending through arrays the way
 * MongoDB indexes do (array elements are indexed, not the array itself).
 * Returns [] when the path is missing.
 */
export function valuesAtPath(doc: unknown, path: string): unknown[] {
  if (!path.includes('.')) {
    // Top-level field: the common case of indexes and sorts, without the general walk.
    if (!isPlainObject(doc) || !(path in doc)) return [];
    const v = doc[path];
    if (!Array.isArray(v)) return [v];
    return v.length ? [...v] : [undefined];
  }
  const parts = path.split('.');
  let current: unknown[] = [doc];
  for (const part of parts) {
    const next: unknown[] = [];
    for (const c of current) {
      if (Array.isArray(c)) {
        if (/^\d+$/.test(part) && Number(part) < c.length) next.push(c[Number(part)]);
        for (const el of c) if (isPlainObject(el) && part in el) next.push(el[part]);
      } else if (isPlainObject(c) && part in c) {
        next.push(c[part]);
      }
    }
    current = next;
  }
  const out: unknown[] = [];
  for (const v of current) {
    if (Array.isArray(v)) {
      if (v.length === 0) out.push(undefined);
      else out.push(...v);
    } else out.push(v);
  }
  return out;
}

/** A single value at a dotted path without array expansion (undefined when missing). */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Document)[part];
  }
  return cur;
}

export function setPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Document = doc;
  const last = parts.pop() ?? '';
  for (const p of parts) {
    if (!isPlainObject(cur[p]) && !Array.isArray(cur[p])) cur[p] = {};
    cur = cur[p] as Document;
  }
  cur[last] = value;
}

/** Shell-like rendering used in E11000 messages: `{ email: "a@b.c" }`. */
export function renderValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof ObjectId) return `ObjectId('${v.toHexString()}')`;
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (v instanceof Long) return String(v.toString());
  if (Array.isArray(v)) return `[ ${v.map(renderValue).join(', ')} ]`;
  if (isPlainObject(v)) {
    const entries = Object.entries(v).map(([k, x]) => `${k}: ${renderValue(x)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return String(v);
}

/**
 * Whether a document nests objects/arrays deeper than `max` levels (the document itself is level
 * 1 of its fields' containers: `{ a: { b: 1 } }` has depth 2). MongoDB stores no more than 100.
 */
export function nestedDeeperThan(doc: Document, max: number): boolean {
  const visit = (value: unknown, depth: number): boolean => {
    if (depth > max) return true;
    if (Array.isArray(value)) {
      for (const element of value) {
        if (typeof element === 'object' && element !== null && visit(element, depth + 1))
          return true;
      }
      return false;
    }
    if (!isPlainObject(value)) return false;
    for (const key in value) {
      const child: unknown = value[key];
      if (typeof child === 'object' && child !== null && visit(child, depth + 1)) return true;
    }
    return false;
  };
  return visit(doc, 1);
}
