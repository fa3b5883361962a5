import { Document } from 'bson';
import { Query } from 'mingo';
import { idFirst, projectDocs, sortDocs } from './find';

// sort + limit keeps only a window of the best documents; it must equal sorting everything.
let seed = 7;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};

it('top-k selection agrees with a full sort, ties kept in natural order', () => {
  const values: unknown[] = [1, 2, 2, 3, 'a', 'B', 'b', null, [4, 1], new Date(5), true];
  const docs: Document[] = Array.from({ length: 500 }, (_, i) => ({
    _id: i,
    a: values[Math.floor(rand() * values.length)],
    b: Math.floor(rand() * 5),
  }));
  for (const sort of [{ a: 1 }, { a: -1, b: 1 }, { b: -1 }, { b: 1, a: -1 }]) {
    for (const k of [1, 7, 50]) {
      const full = sortDocs(docs, sort)
        .slice(0, k)
        .map((d) => d._id);
      expect(sortDocs(docs, sort, undefined, k).map((d) => d._id)).toEqual(full);
      const ci = { locale: 'en', strength: 2 };
      expect(sortDocs(docs, sort, ci, k).map((d) => d._id)).toEqual(
        sortDocs(docs, sort, ci)
          .slice(0, k)
          .map((d) => d._id),
      );
    }
  }
});

it('simple top-level projections give what mingo gives (field order, _id first)', () => {
  const docs: Document[] = Array.from({ length: 50 }, (_, i) => {
    const d: Document = {};
    const fields = ['b', 'a', '_id', 'c', 'sub'].filter(() => rand() < 0.8);
    for (const f of fields) d[f] = f === 'sub' ? { x: i, y: [i] } : f === '_id' ? i : rand();
    return d;
  });
  for (const p of [
    { a: 1, c: 1 },
    { a: true, _id: 0 },
    { _id: 1 },
    { _id: 0 },
    { b: 0 },
    { b: 0, sub: false, _id: 0 },
    { sub: 1, _id: 1 },
  ]) {
    const viaMingo = (new Query({}).find(docs, p).all() as Document[]).map(idFirst);
    const fast = projectDocs(docs, p);
    expect(fast).toEqual(viaMingo);
    expect(fast.map((d) => Object.keys(d))).toEqual(viaMingo.map((d) => Object.keys(d)));
  }
});
