import { Document, ObjectId } from 'bson';
import { Query } from 'mingo';
import { collatorFor } from './collation';
import { compileFast } from './fastmatch';
import { at } from '../at';

// The compiled fast path must agree with mingo (MongoDB semantics) on every filter it accepts.
let seed = Number(process.env.FASTMATCH_SEED ?? 12345);
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = <T>(xs: T[]): T => at(xs, Math.floor(rand() * xs.length));

const ids = [new ObjectId(), new ObjectId(), new ObjectId()];
const dates = [new Date(0), new Date(1e12), new Date(2e12)];
const scalars: unknown[] = [1, 2, 3, 2.5, 'a', 'b', 'Abc', 'שלום', true, false, ...ids, ...dates];

function randomValue(depth = 0): unknown {
  const r = rand();
  // Arrays hold scalars and documents (arrays directly inside arrays are outside the fast path's remit).
  if (depth < 2 && r < 0.2)
    return Array.from({ length: Math.floor(rand() * 3) }, () =>
      rand() < 0.3 ? { x: pick(scalars) } : pick(scalars),
    );
  if (depth < 2 && r < 0.35) return { x: randomValue(depth + 1), y: pick(scalars) };
  if (r < 0.4) return null;
  return pick(scalars);
}

function randomDoc(i: number): Document {
  const d: Document = { _id: i };
  for (const f of ['a', 'b', 'c']) if (rand() < 0.8) d[f] = randomValue();
  return d;
}

function randomCond(): unknown {
  const v = pick(scalars);
  switch (Math.floor(rand() * 7)) {
    case 0:
      return v;
    case 1:
      return { $eq: v };
    case 2:
      return { $in: [pick(scalars), pick(scalars), /^a/i] };
    case 3:
      return { [pick(['$gt', '$gte', '$lt', '$lte'])]: v };
    case 4:
      return { $gte: pick([1, 'a', dates[1]]), $lt: pick([3, 'b', dates[2]]) };
    case 5:
      return pick([/a/, /^A/i, /ש/]);
    default:
      return { $regex: pick(['b', '^a', 'C$']), $options: pick(['', 'i']) };
  }
}

function randomFilter(depth = 0): Document {
  if (depth < 2 && rand() < 0.3) {
    return { [pick(['$and', '$or', '$nor'])]: [randomFilter(depth + 1), randomFilter(depth + 1)] };
  }
  const f: Document = {};
  const n = 1 + Math.floor(rand() * 2);
  for (let i = 0; i < n; i++) f[pick(['a', 'b', 'a.x', 'b.y', 'c.x', 'a.0'])] = randomCond();
  return f;
}

it('agrees with mingo on random documents and filters', () => {
  const docs = Array.from({ length: 300 }, (_, i) => randomDoc(i));
  let compared = 0;
  for (let k = 0; k < 300; k++) {
    const filter = randomFilter();
    const fast = compileFast(filter);
    if (!fast) continue;
    const q = new Query(filter);
    const expected = docs.filter((d) => q.test(d)).map((d) => d._id);
    const actual = docs.filter((d) => fast(d)).map((d) => d._id);
    expect({ filter, ids: actual }).toEqual({ filter, ids: expected });
    compared++;
  }
  expect(compared).toBeGreaterThan(250);
});

it('declines shapes it does not implement', () => {
  expect(compileFast({ a: null })).toBeNull();
  expect(compileFast({ a: { $exists: true } })).toBeNull();
  expect(compileFast({ a: { x: 1 } })).toBeNull();
  expect(compileFast({ $expr: { $eq: ['$a', 1] } })).toBeNull();
});

it('compares strings by the collation (ICU) for equality and ranges', () => {
  const ci = collatorFor({ locale: 'en', strength: 2 })?.compare ?? null;
  const f = compileFast({ t: 'abc' }, ci);
  expect(f?.({ t: 'ABC' })).toBe(true);
  expect(f?.({ t: 'abd' })).toBe(false);
  expect(f?.({ t: 'ábc' })).toBe(false);
  const base = collatorFor({ locale: 'en', strength: 1 })?.compare ?? null;
  expect(compileFast({ t: 'abc' }, base)?.({ t: 'ÁBC' })).toBe(true);
  // ICU order, not code points: 'b' < 'Z' < 'é'-words are placed by their base letter.
  const range = compileFast({ t: { $gte: 'b', $lt: 'f' } }, ci);
  expect(range?.({ t: 'éclair' })).toBe(true);
  expect(range?.({ t: 'Zebra' })).toBe(false);
  expect(range?.({ t: 'Cat' })).toBe(true);
});
