import { Document } from 'bson';
import { sortDocs } from './find';

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
