import { Document, Double, Int32, Long, deserialize } from 'bson';

/**
 * BSON number types kept as they were stored. Values are plain JavaScript numbers — int32 and
 * doubles that are not whole — except an int64, which stays a `Long`, and a whole double in int32's
 * range (or -0), which stays a `Double`: serialised as they are, they go back to the client with
 * their type (a plain whole number would go out as an int32). Only documents that hold such a value
 * pay for it: a scan of the BSON bytes decides, and only then the document is decoded keeping types.
 */

/** An int64 (`Timestamp` is a subclass of `Long` in bson, and is not one). */
export function isLong(v: unknown): v is Long {
  return v instanceof Long && v._bsontype === 'Long';
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function wholeInInt32(n: number): boolean {
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;
}

/**
 * Whether the BSON document at `off` holds an int64, or a double with a whole value in int32's
 * range, that the ordinary decoding would turn into a plain number. With `skipTop`, the document's
 * own fields do not count (a command's `txnNumber` or `getMore` id), only the values nested in them.
 * Anything unexpected answers true: the full decoder then validates.
 */
export function hasTypedNumbers(buf: Uint8Array, off: number, skipTop: boolean): boolean {
  // Plain byte reads (no Buffer method calls): this runs on every command.
  const end = off + int32At(buf, off);
  if (end > buf.length) return true;
  let p = off + 4;
  let depth = 0;
  while (p < end) {
    const type = buf[p++];
    if (type === 0) {
      if (--depth < 0) return false;
      continue;
    }
    while (p < end && buf[p] !== 0) p++;
    if (p >= end) return true;
    p++;
    switch (type) {
      case 0x01:
        if ((depth > 0 || !skipTop) && wholeInInt32(doubleAt(buf, p))) return true;
        p += 8;
        break;
      case 0x12:
        if (depth > 0 || !skipTop) return true;
        p += 8;
        break;
      case 0x02:
      case 0x0d:
      case 0x0e: {
        const n = int32At(buf, p);
        if (n < 1) return true;
        p += 4 + n;
        break;
      }
      case 0x03:
      case 0x04:
        p += 4;
        depth++;
        break;
      case 0x05: {
        const n = int32At(buf, p);
        if (n < 0) return true;
        p += 5 + n;
        break;
      }
      case 0x06:
      case 0x0a:
      case 0x7f:
      case 0xff:
        break;
      case 0x07:
        p += 12;
        break;
      case 0x08:
        p += 1;
        break;
      case 0x09:
      case 0x11:
        p += 8;
        break;
      case 0x10:
        p += 4;
        break;
      case 0x13:
        p += 16;
        break;
      case 0x0b:
        // Regular expression: pattern and options, two C strings.
        for (let k = 0; k < 2; k++) {
          while (p < end && buf[p] !== 0) p++;
          if (p >= end) return true;
          p++;
        }
        break;
      case 0x0f: {
        // Code with scope: its total length covers the code and the scope document.
        const n = int32At(buf, p);
        if (n < 14) return true;
        p += n;
        break;
      }
      default:
        return true;
    }
  }
  return false;
}

function int32At(b: Uint8Array, p: number): number {
  return (b[p] ?? 0) | ((b[p + 1] ?? 0) << 8) | ((b[p + 2] ?? 0) << 16) | ((b[p + 3] ?? 0) << 24);
}

const scratch = new Float64Array(1);
const scratchBytes = new Uint8Array(scratch.buffer);

/** The little-endian double at `p` (BSON's byte order; every platform Node runs on is little-endian). */
function doubleAt(b: Uint8Array, p: number): number {
  for (let k = 0; k < 8; k++) scratchBytes[k] = b[p + k] ?? 0;
  return scratch[0] ?? 0;
}

/** Plain numbers for int32 and non-whole doubles; `Long` and whole `Double` kept (below the top with `skipTop`). */
function settle(v: Document, top: boolean): void {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === 'object' && x !== null) v[i] = settleValue(x, false);
    }
    return;
  }
  for (const k in v) {
    const x: unknown = v[k];
    if (typeof x === 'object' && x !== null) v[k] = settleValue(x, top);
  }
}

function settleValue(x: object, top: boolean): unknown {
  if (x instanceof Int32) return x.value;
  if (x instanceof Double) return top || !wholeInInt32(x.value) ? x.value : x;
  if (isLong(x)) {
    // At a command's top level, as the ordinary decoding: a number when it is exactly one.
    return top &&
      x.lessThanOrEqual(Number.MAX_SAFE_INTEGER) &&
      x.greaterThanOrEqual(-Number.MAX_SAFE_INTEGER)
      ? x.toNumber()
      : x;
  }
  const t = (x as { _bsontype?: string })._bsontype;
  if (t === 'BSONSymbol') return String(x.valueOf());
  if (t === undefined) settle(x, false);
  else if (t === 'DBRef') {
    const ref = x as unknown as { oid: unknown; fields: Document };
    if (typeof ref.oid === 'object' && ref.oid !== null) ref.oid = settleValue(ref.oid, false);
    settle(ref.fields, false);
  }
  return x;
}

const TYPED = { promoteValues: false } as const;

let typedSeen = false;

/** Whether any document with an int64 or whole double has been decoded since the server started. */
export function typedNumbersSeen(): boolean {
  return typedSeen;
}

/**
 * Decodes the BSON document `bytes[off, off + size)`, keeping int64 and whole doubles as `Long` and
 * `Double` (see above); the ordinary, faster decoding when there is none. `skipTop`: the document's
 * own fields are a command's arguments, decoded as before (numbers).
 */
export function decodeDocument(
  bytes: Uint8Array,
  skipTop = false,
  validation?: { utf8: boolean },
): Document {
  const opts = validation ? { validation } : {};
  if (!hasTypedNumbers(bytes, 0, skipTop)) return deserialize(bytes, opts);
  const doc = deserialize(bytes, { ...opts, ...TYPED });
  settle(doc, skipTop);
  typedSeen = true;
  return doc;
}

/** Whether a value is one of the number wrappers that `decodeDocument` keeps. */
export function isNumberWrapper(v: unknown): v is Long | Double | Int32 {
  return isLong(v) || v instanceof Double || v instanceof Int32;
}

/** Whether a document holds a `Long` or `Double` anywhere. */
export function holdsNumberWrappers(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (isNumberWrapper(v)) return true;
  if (Array.isArray(v)) return v.some(holdsNumberWrappers);
  if ((v as { _bsontype?: string })._bsontype !== undefined || v instanceof Date) return false;
  for (const k in v) if (holdsNumberWrappers((v as Document)[k])) return true;
  return false;
}

/** A copy with every number wrapper as a plain number (for mingo's arithmetic and comparisons). */
export function plainNumbers<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (isLong(v)) return v.toNumber() as T;
  if (v instanceof Double || v instanceof Int32) return v.value as T;
  if (Array.isArray(v)) return v.map(plainNumbers) as unknown as T;
  if ((v as { _bsontype?: string })._bsontype !== undefined || v instanceof Date) return v;
  if (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null) return v;
  const out: Document = {};
  for (const k in v) out[k] = plainNumbers((v as Document)[k]);
  return out as T;
}

/** The number a wrapper holds (an int64 beyond 2^53 loses precision). */
export function wrapperValue(v: Long | Double | Int32): number {
  return isLong(v) ? v.toNumber() : v.value;
}

type Wrapper = Long | Double | Int32;

/** Paths (array indexes as segments) of the number wrappers inside `v`. */
function wrapperPaths(v: unknown, prefix: string, out: Map<string, Wrapper>): void {
  if (typeof v !== 'object' || v === null) return;
  if (isNumberWrapper(v)) {
    out.set(prefix, v);
    return;
  }
  if (Array.isArray(v)) {
    v.forEach((x, i) => wrapperPaths(x, prefix ? `${prefix}.${i}` : String(i), out));
    return;
  }
  if (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null) return;
  for (const k in v) wrapperPaths((v as Document)[k], prefix ? `${prefix}.${k}` : k, out);
}

/** Replaces the plain number at `path` with `make(n)`; nothing when the path holds no number. */
function retypeAt(doc: Document, path: string, make: (n: number) => unknown): void {
  const parts = path.split('.');
  let cur: unknown = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    if (typeof cur !== 'object' || cur === null) return;
    cur = (cur as Document)[parts[i] ?? ''];
  }
  const last = parts[parts.length - 1] ?? '';
  if (typeof cur !== 'object' || cur === null) return;
  const n: unknown = (cur as Document)[last];
  if (typeof n === 'number') (cur as Document)[last] = make(n);
}

/** A number of the given BSON type, as stored (a whole double as `Double`, an int64 as `Long`). */
function asType(type: 'long' | 'double' | 'int', n: number): unknown {
  if (type === 'long' && Number.isInteger(n)) return Long.fromNumber(n);
  if (type === 'double' && (wholeInInt32(n) || Object.is(n, -0))) return new Double(n);
  return n;
}

function typeOf(w: Wrapper): 'long' | 'double' | 'int' {
  return isLong(w) ? 'long' : w instanceof Double ? 'double' : 'int';
}

const ARITHMETIC = ['$inc', '$mul', '$min', '$max'];

/**
 * Whether an update has to run on plain numbers (mingo's arithmetic does not know `Long`/`Double`):
 * a pipeline or an arithmetic operator, where the document or the update holds a number wrapper.
 */
export function needsPlainUpdate(doc: Document, u: Document | Document[]): boolean {
  const arithmetic = Array.isArray(u) || ARITHMETIC.some((op) => op in u);
  return arithmetic && (holdsNumberWrappers(doc) || holdsNumberWrappers(u));
}

/**
 * Gives the result of an update run on plain numbers the BSON types MongoDB would store: a field the
 * update did not compute keeps its type; a value set with a type has it; `$inc`/`$mul` with an int64
 * gives an int64 unless the field was a double, with a double a double; `$min`/`$max` keep the type
 * of the value they chose.
 */
export function retypeUpdate(old: Document, u: Document | Document[], next: Document): Document {
  const kept = new Map<string, Wrapper>();
  wrapperPaths(old, '', kept);
  for (const [path, w] of kept) retypeAt(next, path, (n) => asType(typeOf(w), n));
  if (Array.isArray(u)) return next;
  for (const op of ['$set', '$setOnInsert']) {
    const arg: unknown = u[op];
    if (typeof arg !== 'object' || arg === null) continue;
    const set = new Map<string, Wrapper>();
    wrapperPaths(arg, '', set);
    for (const [path, w] of set) retypeAt(next, path, (n) => asType(typeOf(w), n));
  }
  for (const op of ARITHMETIC) {
    const arg: unknown = u[op];
    if (typeof arg !== 'object' || arg === null) continue;
    for (const [path, w] of Object.entries(arg as Document)) {
      if (!isNumberWrapper(w)) continue;
      const before = kept.get(path);
      const beforeIsDouble =
        (before && typeOf(before) === 'double') ||
        (() => {
          let cur: unknown = old;
          for (const p of path.split('.'))
            cur = typeof cur === 'object' && cur !== null ? (cur as Document)[p] : undefined;
          return typeof cur === 'number' && !Number.isInteger(cur);
        })();
      if (op === '$min' || op === '$max') {
        retypeAt(next, path, (n) => (n === wrapperValue(w) ? asType(typeOf(w), n) : n));
      } else if (typeOf(w) === 'double' || beforeIsDouble) {
        retypeAt(next, path, (n) => asType('double', n));
      } else if (typeOf(w) === 'long') {
        retypeAt(next, path, (n) => asType('long', n));
      }
    }
  }
  return next;
}
