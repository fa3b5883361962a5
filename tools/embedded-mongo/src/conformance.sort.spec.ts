import { Document, Long, ObjectId, Sort } from 'mongodb';
import mongoose, { Schema } from 'mongoose';
import { useDriver } from './test-support/driver';
import { at } from './at';

// Conformance (sorted finds): a sort that an index provides must answer exactly what the same
// query answers without the index — on randomized data with ties, missing fields, nulls, mixed
// types, multikey arrays and descending keys, page by page — and explain must show the plan.
// Runs against the embedded server, or against MONGODB_TEST_URI when set.
const t = useDriver();

let seed = 20261123;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = <T>(list: readonly T[]): T => at(list, Math.floor(rand() * list.length));

/** A mixed-type value (BSON order: null < numbers < strings < objects < ObjectId < bool < date). */
function mixed(i: number): unknown {
  switch (Math.floor(rand() * 9)) {
    case 0:
      return null;
    case 1:
      return Math.floor(rand() * 5);
    case 2:
      return Math.floor(rand() * 5) + 0.5;
    case 3:
      return Long.fromNumber(Math.floor(rand() * 5));
    case 4:
      return pick(['a', 'B', 'b', 'ב', '']);
    case 5:
      return new Date(Date.UTC(2026, 0, 1 + Math.floor(rand() * 4)));
    case 6:
      return rand() < 0.5;
    case 7:
      return { x: Math.floor(rand() * 3) };
    default:
      return ObjectId.createFromTime(1_700_000_000 + (i % 7));
  }
}

function randomDocs(n: number): Document[] {
  return Array.from({ length: n }, (_, i) => {
    const d: Document = {
      _id: i,
      f: rand() < 0.7,
      b: Math.floor(rand() * 6),
      c: pick(['x', 'y', 'z']),
    };
    if (rand() < 0.85) d.a = mixed(i); // else missing (sorts as null)
    if (rand() < 0.9) d.s = rand() < 0.2 ? null : Math.floor(rand() * 40); // ties, nulls, missing
    d.m = rand() < 0.3 ? [Math.floor(rand() * 9), Math.floor(rand() * 9)] : Math.floor(rand() * 9);
    if (rand() < 0.5) d.sub = { k: Math.floor(rand() * 4) };
    return d;
  });
}

const INDEXES: Document[] = [
  { a: 1 },
  { b: 1 },
  { s: -1 },
  { f: 1, b: -1, _id: 1 },
  { f: 1, c: 1, s: -1 },
  { m: 1 },
  { 'sub.k': 1, _id: -1 },
  { c: 1, a: -1 },
];

/** Query shapes: total orders (with an _id tie-breaker) compare exactly; others compare keys and coverage. */
const CASES: { filter: Document; sort: Document; total: boolean }[] = [
  { filter: {}, sort: { a: 1, _id: 1 }, total: true },
  { filter: {}, sort: { a: -1, _id: -1 }, total: true },
  { filter: {}, sort: { a: -1, _id: 1 }, total: true },
  { filter: { f: true }, sort: { b: -1, _id: 1 }, total: true },
  { filter: { f: true }, sort: { b: 1, _id: -1 }, total: true },
  { filter: { f: false, b: { $gte: 2 } }, sort: { b: -1, _id: 1 }, total: true },
  { filter: { f: true, c: 'y' }, sort: { s: -1, _id: 1 }, total: true },
  { filter: { f: true, c: 'y' }, sort: { s: 1, _id: 1 }, total: true },
  { filter: { c: 'z' }, sort: { a: -1, _id: 1 }, total: true },
  { filter: { f: true, c: 'x' }, sort: { a: 1, _id: 1 }, total: true },
  { filter: { c: 'x', f: false, b: 2 }, sort: { _id: -1 }, total: true },
  { filter: {}, sort: { s: -1, _id: 1 }, total: true },
  { filter: { b: { $in: [1, 3] } }, sort: { s: 1, b: 1, _id: 1 }, total: true },
  { filter: {}, sort: { m: 1, _id: 1 }, total: true },
  { filter: {}, sort: { m: -1, _id: 1 }, total: true },
  { filter: {}, sort: { 'sub.k': 1, _id: -1 }, total: true },
  { filter: {}, sort: { 'sub.k': -1, _id: 1 }, total: true },
  { filter: { a: { $type: 'number' } }, sort: { a: 1, _id: 1 }, total: true },
  { filter: {}, sort: { b: 1 }, total: false },
  { filter: { f: true }, sort: { b: -1 }, total: false },
  { filter: {}, sort: { s: -1 }, total: false },
];

/** The value a sort compares for a non-array field (missing reads as null). */
function keyOf(d: Document, sort: Document): string {
  return JSON.stringify(
    Object.keys(sort).map(
      (p) => p.split('.').reduce<unknown>((v, k) => (v as Document)?.[k], d) ?? null,
    ),
  );
}

describe('sorted finds walking an index', () => {
  const docs = randomDocs(700);

  beforeAll(async () => {
    const plain = t.coll('sort_plain');
    const indexed = t.coll('sort_indexed');
    await plain.insertMany(docs.map((d) => ({ ...d })));
    await indexed.insertMany(docs.map((d) => ({ ...d })));
    for (const key of INDEXES) await indexed.createIndex(key);
  });

  it('answers every sort, skip and limit as the same query without the index', async () => {
    const plain = t.coll('sort_plain');
    const indexed = t.coll('sort_indexed');
    for (const { filter, sort, total } of CASES) {
      const all = await plain.find(filter).sort(sort).toArray();
      const allIndexed = await indexed.find(filter).sort(sort).toArray();
      if (total) expect(allIndexed).toEqual(all);
      else {
        expect(allIndexed.map((d) => keyOf(d, sort))).toEqual(all.map((d) => keyOf(d, sort)));
        expect(allIndexed.map((d) => d._id).sort()).toEqual(all.map((d) => d._id).sort());
      }
      for (const [skip = 0, limit = 0] of [
        [0, 1],
        [0, 20],
        [3, 7],
        [40, 20],
        [all.length - 5, 20],
        [all.length + 3, 5],
      ]) {
        const page = await indexed.find(filter).sort(sort).skip(skip).limit(limit).toArray();
        if (total) expect(page).toEqual(all.slice(skip, skip + limit));
        else
          expect(page.map((d) => keyOf(d, sort))).toEqual(
            all.slice(skip, skip + limit).map((d) => keyOf(d, sort)),
          );
      }
    }
  });

  it('pages through every page: each document exactly once, in order', async () => {
    const plain = t.coll('sort_plain');
    const indexed = t.coll('sort_indexed');
    for (const { filter, sort, total } of CASES) {
      const all = await plain.find(filter).sort(sort).toArray();
      const paged: Document[] = [];
      for (let skip = 0; ; skip += 37) {
        const page = await indexed
          .find(filter, { projection: { a: 1, b: 1, s: 1, sub: 1, m: 1 } })
          .sort(sort)
          .skip(skip)
          .limit(37)
          .toArray();
        paged.push(...page);
        if (page.length < 37) break;
      }
      expect(paged.length).toBe(all.length);
      expect(new Set(paged.map((d) => d._id)).size).toBe(all.length);
      if (total) expect(paged.map((d) => d._id)).toEqual(all.map((d) => d._id));
      else expect(paged.map((d) => keyOf(d, sort))).toEqual(all.map((d) => keyOf(d, sort)));
    }
  });

  it('keeps batches and getMore right with and without a limit', async () => {
    const plain = t.coll('sort_plain');
    const indexed = t.coll('sort_indexed');
    const sort: Sort = { b: -1, _id: 1 };
    const expected = await plain.find({ f: true }).sort(sort).toArray();
    expect(await indexed.find({ f: true }).sort(sort).batchSize(7).toArray()).toEqual(expected);
    expect(
      await indexed.find({ f: true }).sort(sort).skip(5).limit(50).batchSize(7).toArray(),
    ).toEqual(expected.slice(5, 55));
    const cursor = indexed.find({ f: true }).sort(sort).limit(30).batchSize(4);
    const firstFive: Document[] = [];
    for await (const d of cursor) {
      firstFive.push(d);
      if (firstFive.length === 5) break;
    }
    expect(firstFive).toEqual(expected.slice(0, 5));
  });

  it('agrees after writes that move documents in the index', async () => {
    const plain = t.coll('sort_plain2');
    const indexed = t.coll('sort_indexed2');
    const base = randomDocs(300);
    await plain.insertMany(base.map((d) => ({ ...d })));
    await indexed.insertMany(base.map((d) => ({ ...d })));
    await indexed.createIndex({ f: 1, b: -1, _id: 1 });
    await indexed.createIndex({ a: 1 });
    const sorts: { filter: Document; sort: Sort }[] = [
      { filter: { f: true }, sort: { b: -1, _id: 1 } },
      { filter: {}, sort: { a: 1, _id: 1 } },
    ];
    for (let round = 0; round < 30; round++) {
      const id = Math.floor(rand() * 330);
      const change =
        rand() < 0.2
          ? null
          : { $set: { a: mixed(id), b: Math.floor(rand() * 6), f: rand() < 0.5 } };
      for (const c of [plain, indexed]) {
        if (change) await c.updateOne({ _id: id }, change, { upsert: true });
        else await c.deleteOne({ _id: id });
      }
      for (const { filter, sort } of sorts) {
        const skip = Math.floor(rand() * 100);
        expect(await indexed.find(filter).sort(sort).skip(skip).limit(25).toArray()).toEqual(
          await plain.find(filter).sort(sort).skip(skip).limit(25).toArray(),
        );
      }
    }
  });

  it('runs a leading $match, $sort, $skip and $limit of a pipeline the same way', async () => {
    const plain = t.coll('sort_plain');
    const indexed = t.coll('sort_indexed');
    const pipelines: Document[][] = [
      [{ $match: { f: true } }, { $sort: { b: -1, _id: 1 } }, { $skip: 30 }, { $limit: 20 }],
      [{ $sort: { a: -1, _id: 1 } }, { $limit: 50 }, { $skip: 10 }, { $limit: 15 }],
      [{ $sort: { s: -1, _id: 1 } }, { $skip: 10 }, { $project: { s: 1 } }],
      [{ $match: { c: 'x' } }, { $sort: { a: 1, _id: 1 } }, { $limit: 3 }, { $skip: 5 }],
    ];
    for (const p of pipelines) {
      expect(await indexed.aggregate(p).toArray()).toEqual(await plain.aggregate(p).toArray());
    }
  });

  it('counts (countDocuments, a constant $group of $sum: 1) as the matching documents', async () => {
    const indexed = t.coll('sort_indexed');
    for (const filter of [
      {},
      { f: true },
      { f: true, c: 'y' },
      { b: { $gte: 4 } },
      { c: 'none' },
    ]) {
      const all = await indexed.find(filter).toArray();
      expect(await indexed.countDocuments(filter)).toBe(all.length);
      for (const [skip = 0, limit = 0] of [
        [0, 10],
        [5, 0],
        [Math.max(0, all.length - 2), 10],
        [all.length + 2, 0],
      ]) {
        const expected = all.slice(skip, limit ? skip + limit : undefined).length;
        expect(await indexed.countDocuments(filter, { skip, ...(limit ? { limit } : {}) })).toBe(
          expected,
        );
      }
      const grouped = await indexed
        .aggregate([{ $match: filter }, { $group: { _id: null, total: { $sum: 1 } } }])
        .toArray();
      expect(grouped).toEqual(all.length ? [{ _id: null, total: all.length }] : []);
      const byConst = await indexed
        .aggregate([
          { $match: filter },
          { $limit: 7 },
          { $skip: 2 },
          { $group: { _id: 'k', n: { $sum: 1 } } },
        ])
        .toArray();
      const m = Math.max(0, Math.min(all.length, 7) - 2);
      expect(byConst).toEqual(m ? [{ _id: 'k', n: m }] : []);
    }
  });

  it('sorts strings by the collation, not the binary index order', async () => {
    const plain = t.coll('sort_coll_plain');
    const indexed = t.coll('sort_coll_indexed');
    const words = ['b', 'A', 'a', 'B', 'ä', 'c', 'C', 'א', 3, null];
    const rows = Array.from({ length: 200 }, (_, i) => ({ _id: i, w: pick(words), f: true }));
    await plain.insertMany(rows.map((d) => ({ ...d })));
    await indexed.insertMany(rows.map((d) => ({ ...d })));
    await indexed.createIndex({ f: 1, w: 1, _id: 1 });
    const collation = { locale: 'en', strength: 2 };
    for (const sort of [
      { w: 1, _id: 1 },
      { w: -1, _id: -1 },
    ] as Sort[]) {
      const expected = await plain.find({ f: true }).sort(sort).collation(collation).toArray();
      const got = await indexed
        .find({ f: true })
        .sort(sort)
        .collation(collation)
        .skip(20)
        .limit(50)
        .toArray();
      expect(got).toEqual(expected.slice(20, 70));
    }
  });
});

/** Every stage object of an explain plan (classic or SBE's queryPlan), depth first. */
function stages(plan: unknown, out: Document[] = []): Document[] {
  if (Array.isArray(plan)) plan.forEach((p) => stages(p, out));
  else if (plan && typeof plan === 'object') {
    if (typeof (plan as Document).stage === 'string') out.push(plan);
    for (const v of Object.values(plan)) stages(v, out);
  }
  return out;
}

describe('explain of an index-backed sort', () => {
  beforeAll(async () => {
    const c = t.coll('sort_explain');
    await c.insertMany(
      Array.from({ length: 2000 }, (_, i) => ({
        _id: i,
        f: i % 4 !== 0,
        b: i % 50,
        m: i % 3 ? [i % 7, (i * 3) % 11] : i % 9,
      })),
    );
    await c.createIndex({ f: 1, b: -1, _id: 1 });
    await c.createIndex({ b: 1 });
    await c.createIndex({ m: 1 });
  });

  async function explain(find: Document): Promise<{ plan: Document[]; exec: Document }> {
    const r = await t.db.command({
      explain: { find: 'sort_explain', ...find },
      verbosity: 'executionStats',
    });
    return { plan: stages(r.queryPlanner.winningPlan), exec: r.executionStats };
  }

  it('walks the index in sort order, with no in-memory sort, and stops after skip + limit', async () => {
    const { plan, exec } = await explain({
      filter: { f: true },
      sort: { b: -1, _id: 1 },
      skip: 40,
      limit: 20,
    });
    const ix = plan.find((s) => s.stage === 'IXSCAN');
    expect(ix?.indexName).toBe('f_1_b_-1__id_1');
    expect(ix?.direction).toBe('forward');
    expect(plan.some((s) => s.stage === 'SORT')).toBe(false);
    expect(exec.nReturned).toBe(20);
    expect(exec.totalDocsExamined).toBeLessThanOrEqual(60);
    expect(exec.totalKeysExamined).toBeLessThanOrEqual(61);
  });

  it('walks backward for the reversed sort', async () => {
    const { plan, exec } = await explain({
      filter: { f: true },
      sort: { b: 1, _id: -1 },
      limit: 10,
    });
    const ix = plan.find((s) => s.stage === 'IXSCAN');
    expect(ix?.indexName).toBe('f_1_b_-1__id_1');
    expect(ix?.direction).toBe('backward');
    expect(plan.some((s) => s.stage === 'SORT')).toBe(false);
    expect(exec.totalDocsExamined).toBeLessThanOrEqual(10);
  });

  it('examines only about skip + limit documents for a filter every document passes', async () => {
    const { plan, exec } = await explain({ filter: {}, sort: { b: 1 }, skip: 100, limit: 25 });
    expect(plan.find((s) => s.stage === 'IXSCAN')?.indexName).toBe('b_1');
    expect(plan.some((s) => s.stage === 'SORT')).toBe(false);
    expect(exec.nReturned).toBe(25);
    expect(exec.totalDocsExamined).toBeLessThanOrEqual(125);
  });

  it('sorts in memory when the index is multikey in the sorted field', async () => {
    const { plan } = await explain({ filter: {}, sort: { m: 1 }, limit: 5 });
    expect(plan.some((s) => s.stage === 'SORT')).toBe(true);
  });

  it('sorts in memory when the index gives only the first sort key', async () => {
    const { plan, exec } = await explain({ filter: {}, sort: { b: 1, _id: -1 }, limit: 5 });
    expect(plan.some((s) => s.stage === 'SORT')).toBe(true);
    expect(exec.nReturned).toBe(5);
    if (!t.target.external) {
      // The walk sorts only the first run of equal `b` (40 documents) by _id.
      expect(plan.find((s) => s.stage === 'IXSCAN')?.indexName).toBe('b_1');
      expect(exec.totalDocsExamined).toBeLessThanOrEqual(40);
    }
  });
});

describe('index-backed sorts through mongoose', () => {
  it('pages a catalogue-shaped model as a brute-force sort does', async () => {
    const conn = await mongoose.createConnection(t.target.uri).asPromise();
    try {
      const schema = new Schema({
        title: String,
        isAvailable: Boolean,
        category: String,
        salesCount: Number,
        price: Number,
      });
      schema.index({ isAvailable: 1, salesCount: -1, _id: 1 });
      schema.index({ isAvailable: 1, category: 1, salesCount: -1 });
      schema.index({ price: 1 });
      const Book = conn.model('SortBook', schema, 'sort_books');
      await Book.init();
      const rows = Array.from({ length: 1500 }, (_, i) => ({
        _id: new mongoose.Types.ObjectId(),
        title: `ספר ${i}`,
        isAvailable: rand() < 0.8,
        category: pick(['פרוזה', 'שירה', 'ילדים']),
        salesCount: Math.floor(rand() * 30),
        price: 25 + Math.floor(rand() * 20),
      }));
      await Book.insertMany(rows);
      const bySales = (a: (typeof rows)[0], b: (typeof rows)[0]) =>
        b.salesCount - a.salesCount || a._id.toHexString().localeCompare(b._id.toHexString());
      const byPrice = (a: (typeof rows)[0], b: (typeof rows)[0]) =>
        a.price - b.price || a._id.toHexString().localeCompare(b._id.toHexString());
      const cases = [
        { filter: { isAvailable: true }, sort: { salesCount: -1, _id: 1 }, cmp: bySales },
        {
          filter: { isAvailable: true, category: 'שירה' },
          sort: { salesCount: -1, _id: 1 },
          cmp: bySales,
        },
        { filter: { isAvailable: true }, sort: { price: 1, _id: 1 }, cmp: byPrice },
      ] as const;
      for (const { filter, sort, cmp } of cases) {
        const expected = rows
          .filter((r) => Object.entries(filter).every(([k, v]) => r[k as keyof typeof r] === v))
          .sort(cmp)
          .map((r) => r._id.toHexString());
        for (let page = 1; page <= Math.ceil(expected.length / 20) + 1; page++) {
          const got = await Book.find(filter)
            .sort(sort)
            .skip((page - 1) * 20)
            .limit(20)
            .select({ title: 1, salesCount: 1, price: 1 })
            .lean();
          expect(got.map((d) => String(d._id))).toEqual(expected.slice((page - 1) * 20, page * 20));
        }
      }
    } finally {
      await conn.close();
    }
  });
});
