import { ObjectId } from 'bson';
import { DirectAccess } from '../storage/access';
import { Storage } from '../storage/storage';
import { selectDocs } from './find';
import { plan } from './planner';

function seeded() {
  const s = Storage.open();
  const coll = s.createCollection('db', 'books', {}, null);
  s.createIndex(coll, { v: 2, key: { isbn: 1 }, name: 'isbn_1', unique: true }, null);
  s.createIndex(coll, { v: 2, key: { price: 1 }, name: 'price_1' }, null);
  s.createIndex(coll, { v: 2, key: { tags: 1, price: -1 }, name: 'tags_1_price_-1' }, null);
  s.createIndex(coll, { v: 2, key: { 'authors.name': 1 }, name: 'authors.name_1' }, null);
  const a = new DirectAccess(s);
  for (let i = 0; i < 10000; i++) {
    a.insert(coll, {
      _id: new ObjectId(),
      isbn: `isbn-${i}`,
      price: i % 100,
      tags: [`t${i % 10}`, 'all'],
      authors: [{ name: `author-${i % 50}` }],
    });
  }
  return { s, coll, a };
}

describe('query planner', () => {
  const { coll, a } = seeded();

  it('answers equality on a unique index from the index, not a scan', () => {
    const p = plan(coll, { isbn: 'isbn-4242' });
    expect(p.index).toBe('isbn_1');
    expect(p.keys?.size).toBe(1);
    expect(selectDocs(a, coll, { isbn: 'isbn-4242' })).toHaveLength(1);
  });

  it('uses a range on the first index field and the most selective index', () => {
    const p = plan(coll, { price: { $gte: 10, $lt: 12 }, tags: 't0' });
    expect(p.index).toBe('price_1');
    expect(p.keys?.size).toBe(200);
    const docs = selectDocs(a, coll, { price: { $gte: 10, $lt: 12 }, tags: 't0' });
    // i % 100 in [10, 12) and i % 10 === 0: exactly the 100 documents with price 10.
    expect(docs).toHaveLength(100);
    expect(docs.every((d) => d.price === 10 && d.tags.includes('t0'))).toBe(true);
    expect(selectDocs(a, coll, { price: { $gte: 10, $lt: 12 }, tags: 't3' })).toHaveLength(0);
    expect(selectDocs(a, coll, { price: { $gt: 98 } })).toHaveLength(100);
  });

  it('uses multikey entries for arrays and embedded paths, and $in', () => {
    expect(plan(coll, { tags: 't7' }).keys?.size).toBe(1000);
    expect(plan(coll, { 'authors.name': { $in: ['author-1', 'author-2'] } }).keys?.size).toBe(400);
    expect(plan(coll, { $and: [{ isbn: { $eq: 'isbn-1' } }] }).index).toBe('isbn_1');
  });

  it('falls back to a scan when no index applies, with identical results', () => {
    expect(plan(coll, { title: 'x' }).keys).toBeNull();
    expect(plan(coll, { price: { $ne: 3 } }).keys).toBeNull();
    const viaIndex = selectDocs(a, coll, { price: 7 }).length;
    const viaScan = selectDocs(a, coll, { $expr: { $eq: ['$price', 7] } }).length;
    expect(viaIndex).toBe(viaScan);
    expect(viaIndex).toBe(100);
  });

  it('under a collation uses indexes for non-string values only', () => {
    expect(plan(coll, { price: 7 }, true).index).toBe('price_1');
    expect(plan(coll, { price: { $gte: 10, $lt: 12 } }, true).keys?.size).toBe(200);
    expect(plan(coll, { isbn: 'isbn-1' }, true).keys).toBeNull();
    expect(plan(coll, { isbn: { $gte: 'isbn-1' } }, true).keys).toBeNull();
    expect(plan(coll, { isbn: 'isbn-1', price: 1 }, true).index).toBe('price_1');
    const ci = { locale: 'en', strength: 2 };
    expect(selectDocs(a, coll, { isbn: 'ISBN-42', price: 42 }, { collation: ci })).toHaveLength(1);
  });

  it('keeps the index in step with updates and deletes', () => {
    const [doc] = selectDocs(a, coll, { isbn: 'isbn-1' });
    a.replace(coll, { ...doc, isbn: 'isbn-renamed', price: 1000 });
    expect(plan(coll, { isbn: 'isbn-1' }).keys?.size).toBe(0);
    expect(plan(coll, { price: { $gte: 1000 } }).keys?.size).toBe(1);
    a.remove(coll, [...(plan(coll, { isbn: 'isbn-renamed' }).keys ?? [])][0]);
    expect(plan(coll, { price: { $gte: 1000 } }).keys?.size).toBe(0);
  });

  it('keeps the sorted range array up to date after writes instead of re-sorting it', () => {
    const s = Storage.open();
    const c = s.createCollection('db', 'prices', {}, null);
    s.createIndex(c, { v: 2, key: { p: 1 }, name: 'p_1' }, null);
    const acc = new DirectAccess(s);
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 0; i < 500; i++) acc.insert(c, { _id: i, p: Math.floor(rand() * 1000) });
    const idx = c.indexes.get('p_1');
    const brute = (lo: number, hi: number) =>
      [...c.docs.values()].filter((d) => d.p >= lo && d.p < hi).length;
    expect(
      idx?.lookupRange({ value: 100, inclusive: true }, { value: 200, inclusive: false }).size,
    ).toBe(brute(100, 200));
    expect(idx?.sortBuilds).toBe(1);
    for (let i = 0; i < 300; i++) {
      const id = Math.floor(rand() * 600);
      if (rand() < 0.3) acc.remove(c, `n${id}`);
      else if (c.docs.has(`n${id}`)) acc.replace(c, { _id: id, p: rand() * 1000 });
      else acc.insert(c, { _id: id, p: Math.floor(rand() * 1000) });
      const lo = Math.floor(rand() * 900);
      const got = idx?.lookupRange(
        { value: lo, inclusive: true },
        { value: lo + 100, inclusive: false },
      );
      expect(got?.size).toBe(brute(lo, lo + 100));
    }
    expect(idx?.sortBuilds).toBe(1);
  });
});
