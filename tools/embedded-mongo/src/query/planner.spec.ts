import { Document, ObjectId } from 'bson';
import { DirectAccess, Txn } from '../storage/access';
import { Storage } from '../storage/storage';
import { keyOf } from '../values';
import { SelectStats, selectDocs } from './find';
import { plan, planSort } from './planner';
import { at } from '../at';

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
    a.remove(coll, at([...(plan(coll, { isbn: 'isbn-renamed' }).keys ?? [])], 0));
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

describe('index-ordered walks for sorts', () => {
  function catalogue(n = 5000) {
    const s = Storage.open();
    const c = s.createCollection('db', 'books', {}, null);
    s.createIndex(c, { v: 2, key: { isAvailable: 1, salesCount: -1 }, name: 'avail_sales' }, null);
    s.createIndex(c, { v: 2, key: { author: 1 }, name: 'author_1' }, null);
    s.createIndex(c, { v: 2, key: { tags: 1 }, name: 'tags_1' }, null);
    const acc = new DirectAccess(s);
    for (let i = 0; i < n; i++) {
      acc.insert(c, {
        _id: i,
        isAvailable: i % 10 !== 0,
        salesCount: (i * 7919) % 1000,
        author: `a${i % 500}`,
        tags: [`t${i % 3}`],
      });
    }
    return { s, c, acc };
  }
  const stats = (): SelectStats => ({
    index: null,
    inMemorySort: false,
    keysExamined: 0,
    docsExamined: 0,
  });
  const brute = (docs: Document[], filter: (d: Document) => boolean) =>
    docs.filter(filter).sort((a, b) => b.salesCount - a.salesCount || a._id - b._id);

  it('plans a walk after the equality prefix, reversed when every direction is', () => {
    const { c } = catalogue(10);
    const sp = planSort(c, { isAvailable: true }, { salesCount: -1, _id: 1 });
    expect(sp?.index.name).toBe('avail_sales');
    expect(sp?.prefix).toEqual([true]);
    expect(sp?.covered).toBe(1);
    expect(sp?.backward).toBe(false);
    expect(planSort(c, { isAvailable: true }, { salesCount: 1 })?.backward).toBe(true);
    // Without the equality, the index starts with isAvailable: it orders only that sort.
    expect(planSort(c, {}, { salesCount: -1 })).toBeNull();
    expect(planSort(c, {}, { isAvailable: 1, salesCount: -1 })?.covered).toBe(2);
    expect(planSort(c, {}, { isAvailable: 1, salesCount: 1 })?.covered).toBe(1);
    // Multikey sorted field, $meta, and a collation on a field holding strings: no walk.
    expect(planSort(c, {}, { tags: 1 })).toBeNull();
    expect(planSort(c, {}, { author: 1 })?.index.name).toBe('author_1');
    expect(planSort(c, {}, { author: 1 }, true)).toBeNull();
  });

  it('stops after skip + limit matches and counts what it examined', () => {
    const { c, acc } = catalogue();
    const st = stats();
    const page = selectDocs(
      acc,
      c,
      { isAvailable: true },
      { sort: { salesCount: -1, _id: 1 }, skip: 100, limit: 20 },
      st,
    );
    const expected = brute([...c.docs.values()], (d) => d.isAvailable).slice(100, 120);
    expect(page.map((d) => d._id)).toEqual(expected.map((d) => d._id));
    expect(st.index !== '_id_' && st.index?.name).toBe('avail_sales');
    expect(st.sortWalk?.covered).toBe(1);
    // Runs of equal salesCount hold 4–5 books: the walk finishes the run it is in, no more.
    expect(st.docsExamined).toBeLessThanOrEqual(120 + 5);
    expect(st.docsExamined).toBeGreaterThanOrEqual(120);
    // A residual filter every document passes examines as few.
    const st2 = stats();
    selectDocs(
      acc,
      c,
      { isAvailable: true, salesCount: { $gte: 0 } },
      { sort: { salesCount: -1 }, limit: 10 },
      st2,
    );
    expect(st2.docsExamined).toBeLessThanOrEqual(15);
  });

  it('gives up the walk for a selective filter and uses its index instead', () => {
    const { c, acc } = catalogue();
    const st = stats();
    const got = selectDocs(
      acc,
      c,
      { isAvailable: true, author: 'a7' },
      { sort: { salesCount: -1, _id: 1 }, limit: 5 },
      st,
    );
    expect(st.index !== '_id_' && st.index?.name).toBe('author_1');
    expect(st.inMemorySort).toBe(true);
    expect(got.map((d) => d._id)).toEqual(
      brute([...c.docs.values()], (d) => d.isAvailable && d.author === 'a7')
        .slice(0, 5)
        .map((d) => d._id),
    );
    // A filter the walk meets rarely: it stops at the other plan's candidate count and falls back.
    const rare = stats();
    const few = selectDocs(
      acc,
      c,
      { isAvailable: true, salesCount: { $lt: 3 } },
      { sort: { salesCount: -1, _id: 1 }, limit: 500 },
      rare,
    );
    expect(few.map((d) => d._id)).toEqual(
      brute([...c.docs.values()], (d) => d.isAvailable && d.salesCount < 3).map((d) => d._id),
    );
  });

  it('narrows a filter to the key range of a compound equality prefix', () => {
    const { s, c, acc } = catalogue();
    s.createIndex(
      c,
      { v: 2, key: { isAvailable: 1, author: 1, x: 1 }, name: 'avail_author' },
      null,
    );
    const p = plan(c, { isAvailable: false, author: 'a11' });
    // a11's ten books are all available: the author index has 10 candidates, the compound range none.
    expect(p.index).toBe('avail_author');
    expect(p.keys?.size).toBe(0);
    const st = stats();
    const got = selectDocs(acc, c, { author: 'a10', isAvailable: false }, { sort: { x: 1 } }, st);
    expect(got.map((d) => d._id).sort((a, b) => a - b)).toEqual(
      [...c.docs.values()]
        .filter((d) => d.author === 'a10' && !d.isAvailable)
        .map((d) => d._id)
        .sort((a, b) => a - b),
    );
  });

  it('keeps the ordered array up to date through writes (built once)', () => {
    const { c, acc } = catalogue(2000);
    const idx = c.indexes.get('avail_sales');
    const sort = { salesCount: -1, _id: 1 };
    selectDocs(acc, c, { isAvailable: true }, { sort, limit: 10 });
    expect(idx?.orderBuilds).toBe(1);
    let seed = 5;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 0; i < 200; i++) {
      const id = Math.floor(rand() * 2200);
      if (rand() < 0.3) acc.remove(c, `n${id}`);
      else {
        const doc = { _id: id, isAvailable: rand() < 0.9, salesCount: Math.floor(rand() * 50) };
        if (c.docs.has(`n${id}`)) acc.replace(c, doc);
        else acc.insert(c, doc);
      }
      const skip = Math.floor(rand() * 300);
      const got = selectDocs(acc, c, { isAvailable: true }, { sort, skip, limit: 15 });
      const want = brute([...c.docs.values()], (d) => d.isAvailable).slice(skip, skip + 15);
      expect(got.map((d) => d._id)).toEqual(want.map((d) => d._id));
    }
    expect(idx?.orderBuilds).toBe(1);
  });

  it('stops using the walk once a sorted field becomes multikey, and again when it no longer is', () => {
    const { c, acc } = catalogue(300);
    expect(planSort(c, { isAvailable: true }, { salesCount: -1 })).not.toBeNull();
    acc.insert(c, { _id: 'arr', isAvailable: true, salesCount: [5, 2000] });
    expect(planSort(c, { isAvailable: true }, { salesCount: -1 })).toBeNull();
    const top = selectDocs(acc, c, { isAvailable: true }, { sort: { salesCount: -1 }, limit: 1 });
    expect(top[0]?._id).toBe('arr');
    acc.remove(c, keyOf('arr'));
    expect(planSort(c, { isAvailable: true }, { salesCount: -1 })).not.toBeNull();
  });

  it('keeps the in-memory sort inside a transaction (its snapshot and overlay)', () => {
    const { s, c, acc } = catalogue(400);
    const txn = new Txn(s, 1);
    txn.insert(c, { _id: 'new', isAvailable: true, salesCount: 5000 });
    const st = stats();
    const got = selectDocs(
      txn,
      c,
      { isAvailable: true },
      { sort: { salesCount: -1 }, limit: 2 },
      st,
    );
    expect(got[0]?._id).toBe('new');
    expect(st.sortWalk).toBeUndefined();
    txn.end('aborted');
    expect(
      at(selectDocs(acc, c, { isAvailable: true }, { sort: { salesCount: -1 }, limit: 1 }), 0)._id,
    ).not.toBe('new');
  });
});
