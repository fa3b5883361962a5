import { Document, Long, calculateObjectSize } from 'bson';
import { newQuery } from '../query/mingo-context';
import { MongoServerError, badValue, namespaceNotFound, invalidNamespace } from '../errors';
import type { IndexSpec } from '../storage/indexes';
import { ID_INDEX } from '../storage/collection';
import { isPlainObject, keyOf } from '../values';
import { isCollated } from '../query/collation';
import {
  CommandContext,
  Handler,
  collName,
  createCollectionFor,
  ensureCollection,
  getCollection,
} from './context';

function filterDocs(docs: Document[], filter: unknown): Document[] {
  if (!isPlainObject(filter) || !Object.keys(filter).length) return docs;
  const q = newQuery(filter);
  return docs.filter((d) => q.test(d));
}

function indexName(key: Document): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${v}`)
    .join('_');
}

function sameSpec(a: IndexSpec, b: IndexSpec): boolean {
  const norm = (s: IndexSpec) =>
    keyOf({
      key: s.key,
      unique: !!s.unique,
      sparse: !!s.sparse,
      p: s.partialFilterExpression ?? null,
      ttl: s.expireAfterSeconds ?? null,
    });
  return norm(a) === norm(b);
}

const createIndexes: Handler = (ctx) => {
  const name = collName(ctx);
  const specs = ctx.body.indexes;
  if (!Array.isArray(specs) || !specs.length)
    throw badValue('Must specify at least one index to create');
  const existed = !!getCollection(ctx, name);
  const txn = ctx.access.txn;
  if (txn && existed && !txn.createdCollection(ctx.db, name)) {
    throw new MongoServerError(
      263,
      'OperationNotSupportedInTransaction',
      `Cannot create new indexes on existing collection ${ctx.db}.${name} in a multi-document transaction.`,
    );
  }
  const coll = ensureCollection(ctx, name);
  const before = coll.indexes.size + 1;
  let note: string | undefined;
  for (const raw of specs) {
    if (!isPlainObject(raw) || !isPlainObject(raw.key) || !Object.keys(raw.key).length) {
      throw new MongoServerError(
        9,
        'FailedToParse',
        "The 'key' field is a required property of an index specification",
      );
    }
    for (const v of Object.values(raw.key)) {
      if (
        !(typeof v === 'number' && v !== 0) &&
        !['text', '2dsphere', '2d', 'hashed'].includes(String(v))
      ) {
        throw new MongoServerError(
          67,
          'CannotCreateIndex',
          `Values in the index key pattern can contain only non-zero numbers or strings, found: ${String(v)}`,
        );
      }
    }
    const spec: IndexSpec = {
      v: 2,
      ...raw,
      key: raw.key,
      name: typeof raw.name === 'string' ? raw.name : indexName(raw.key),
    };
    // An index without its own collation takes the collection's default (listIndexes shows it).
    const collectionCollation: unknown = coll.options.collation;
    if (spec.collation === undefined && isCollated(collectionCollation as Document | undefined))
      spec.collation = collectionCollation as Document;
    if (
      spec.partialFilterExpression !== undefined &&
      !isPlainObject(spec.partialFilterExpression)
    ) {
      throw badValue('partialFilterExpression must be an object');
    }
    if (spec.name === '_id_' || keyOf(spec.key) === keyOf({ _id: 1 })) {
      note = 'all indexes already exist';
      continue;
    }
    const byName = coll.indexes.get(spec.name);
    if (byName) {
      if (sameSpec(byName.spec, spec)) {
        note = 'all indexes already exist';
        continue;
      }
      throw new MongoServerError(
        86,
        'IndexKeySpecsConflict',
        `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(byName.spec)}`,
      );
    }
    const byKey = [...coll.indexes.values()].find(
      (i) =>
        keyOf(i.spec.key) === keyOf(spec.key) &&
        keyOf(i.spec.partialFilterExpression ?? null) ===
          keyOf(spec.partialFilterExpression ?? null),
    );
    if (byKey) {
      throw new MongoServerError(
        85,
        'IndexOptionsConflict',
        `Index already exists with a different name: ${byKey.name}`,
      );
    }
    // Inside a transaction the collection is its own (new, private): the index is journaled at commit.
    if (txn) coll.addIndex(spec);
    else ctx.server.storage.createIndex(coll, spec, ctx.access.ops);
  }
  const reply: Document = {
    numIndexesBefore: before,
    numIndexesAfter: coll.indexes.size + 1,
    createdCollectionAutomatically: !existed,
    ok: 1,
  };
  if (note && reply.numIndexesAfter === before) reply.note = note;
  return reply;
};

const listIndexes: Handler = (ctx) => {
  const name = collName(ctx);
  const coll = getCollection(ctx, name);
  if (!coll) throw namespaceNotFound(`${ctx.db}.${name}`);
  const batchSize =
    isPlainObject(ctx.body.cursor) && typeof ctx.body.cursor.batchSize === 'number'
      ? ctx.body.cursor.batchSize
      : undefined;
  return { cursor: ctx.server.cursors.open(coll.ns, coll.indexSpecs(), batchSize), ok: 1 };
};

const dropIndexes: Handler = (ctx) => {
  const name = collName(ctx);
  const coll = getCollection(ctx, name);
  if (!coll) throw namespaceNotFound(`${ctx.db}.${name}`);
  const nIndexesWas = coll.indexes.size + 1;
  const target = ctx.body.index;
  const names: string[] = [];
  if (target === '*') names.push(...coll.indexes.keys());
  else if (typeof target === 'string') names.push(target);
  else if (Array.isArray(target)) names.push(...target.map(String));
  else if (isPlainObject(target)) {
    const found = [...coll.indexes.values()].find((i) => keyOf(i.spec.key) === keyOf(target));
    if (!found)
      throw new MongoServerError(
        27,
        'IndexNotFound',
        `can't find index with key: ${JSON.stringify(target)}`,
      );
    names.push(found.name);
  } else throw badValue('invalid index name spec');
  for (const n of names) {
    if (n === '_id_') throw new MongoServerError(72, 'InvalidOptions', 'cannot drop _id index');
    if (!coll.indexes.has(n))
      throw new MongoServerError(27, 'IndexNotFound', `index not found with name [${n}]`);
  }
  for (const n of names) ctx.server.storage.dropIndex(coll, n, ctx.access.ops);
  return { nIndexesWas, ok: 1 };
};

/** Command fields that are not collection options. */
const CREATE_NON_OPTIONS = new Set([
  '$db',
  'lsid',
  'txnNumber',
  'autocommit',
  'startTransaction',
  'writeConcern',
  'readConcern',
  '$clusterTime',
  '$readPreference',
  'comment',
  'maxTimeMS',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
]);

/** Whether two collection option documents are the same (field order does not matter). */
function sameOptions(a: Document, b: Document): boolean {
  const norm = (o: Document) =>
    keyOf(Object.fromEntries(Object.entries(o).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))));
  return norm(a) === norm(b);
}

function collectionInfo(ctx: CommandContext, nameOnly: boolean): Document[] {
  const colls = ctx.server.storage.collectionsOf(ctx.db);
  const txn = ctx.access.txn;
  if (txn) for (const c of txn.created.values()) if (c.db === ctx.db) colls.push(c);
  return colls.map((c) =>
    nameOnly
      ? { name: c.name, type: 'collection' }
      : {
          name: c.name,
          type: 'collection',
          options: c.options,
          info: { readOnly: false, uuid: c.uuid },
          idIndex: ID_INDEX,
        },
  );
}

export const ddlCommands: Record<string, Handler> = {
  listDatabases: (ctx) => {
    const dbs = [...ctx.server.storage.dbs.entries()].map(([name, colls]) => {
      let size = 0;
      for (const c of colls.values())
        for (const d of c.docs.values()) size += calculateObjectSize(d);
      return { name, sizeOnDisk: size, empty: size === 0 };
    });
    const filtered = filterDocs(dbs, ctx.body.filter);
    const nameOnly = ctx.body.nameOnly === true;
    return {
      databases: nameOnly ? filtered.map((d) => ({ name: d.name })) : filtered,
      totalSize: dbs.reduce((s, d) => s + d.sizeOnDisk, 0),
      totalSizeMb: Long.fromNumber(0),
      ok: 1,
    };
  },
  listCollections: (ctx) => {
    const docs = filterDocs(
      collectionInfo(ctx, ctx.body.nameOnly === true && !ctx.body.filter),
      ctx.body.filter,
    );
    const batchSize =
      isPlainObject(ctx.body.cursor) && typeof ctx.body.cursor.batchSize === 'number'
        ? ctx.body.cursor.batchSize
        : undefined;
    return {
      cursor: ctx.server.cursors.open(`${ctx.db}.$cmd.listCollections`, docs, batchSize),
      ok: 1,
    };
  },
  create: (ctx) => {
    const name = collName(ctx);
    const opts: Document = {};
    for (const [k, v] of Object.entries(ctx.body)) {
      if (k === 'create' || CREATE_NON_OPTIONS.has(k)) continue;
      opts[k] = v;
    }
    if (opts.capped === true && typeof opts.size !== 'number') {
      throw new MongoServerError(
        72,
        'InvalidOptions',
        "the 'size' field is required when 'capped' is true",
      );
    }
    const existing = getCollection(ctx, name);
    if (existing) {
      // MongoDB 7.0+: creating an existing collection with the same options succeeds; other options fail.
      if (sameOptions(existing.options, opts)) return { ok: 1 };
      throw new MongoServerError(
        48,
        'NamespaceExists',
        `namespace ${ctx.db}.${name} already exists, but with different options: ${JSON.stringify(existing.options)}`,
      );
    }
    createCollectionFor(ctx, name, opts);
    return { ok: 1 };
  },
  drop: (ctx) => {
    const name = collName(ctx);
    const coll = getCollection(ctx, name);
    if (!coll) return { ok: 1 };
    const nIndexesWas = coll.indexes.size + 1;
    ctx.server.storage.dropCollection(ctx.db, name, ctx.access.ops);
    ctx.server.storage.changes.record({ kind: 'drop', db: ctx.db, coll: name });
    return { nIndexesWas, ns: coll.ns, ok: 1 };
  },
  dropDatabase: (ctx) => {
    const changes = ctx.server.storage.changes;
    // Change streams see each collection dropped, then the database (as MongoDB reports it).
    for (const c of ctx.server.storage.collectionsOf(ctx.db))
      changes.record({ kind: 'drop', db: ctx.db, coll: c.name });
    changes.record({ kind: 'dropDatabase', db: ctx.db, coll: '' });
    ctx.server.storage.dropDatabase(ctx.db, ctx.access.ops);
    return { dropped: ctx.db, ok: 1 };
  },
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  renameCollection: (ctx) => {
    const from = String(ctx.body.renameCollection ?? '');
    const to = String(ctx.body.to ?? '');
    const [fdb = '', ...fr] = from.split('.');
    const [tdb = '', ...tr] = to.split('.');
    if (!fr.length || !tr.length) throw invalidNamespace('Invalid namespace');
    if (fdb !== tdb)
      throw new MongoServerError(
        72,
        'InvalidOptions',
        'renameCollection across databases is not supported',
      );
    const src = ctx.server.storage.getCollection(fdb, fr.join('.'));
    if (!src)
      throw new MongoServerError(26, 'NamespaceNotFound', 'Source namespace does not exist');
    const target = ctx.server.storage.getCollection(tdb, tr.join('.'));
    if (target) {
      if (ctx.body.dropTarget !== true)
        throw new MongoServerError(48, 'NamespaceExists', 'Target namespace exists');
      ctx.server.storage.dropCollection(tdb, tr.join('.'), ctx.access.ops);
    }
    const dst = ctx.server.storage.createCollection(tdb, tr.join('.'), src.options, ctx.access.ops);
    for (const idx of src.indexes.values())
      ctx.server.storage.createIndex(dst, idx.spec, ctx.access.ops);
    for (const d of src.docs.values()) ctx.access.insert(dst, d);
    ctx.server.storage.dropCollection(fdb, fr.join('.'), ctx.access.ops);
    return { ok: 1 };
  },
  collMod: (ctx) => {
    const name = collName(ctx);
    const coll = getCollection(ctx, name);
    if (!coll) throw namespaceNotFound(`${ctx.db}.${name}`);
    const reply: Document = {};
    const index = ctx.body.index;
    if (index !== undefined) {
      if (!isPlainObject(index)) throw badValue('collMod index must be an object');
      const byKey = isPlainObject(index.keyPattern) ? keyOf(index.keyPattern) : null;
      const idx = [...coll.indexes.values()].find((i) =>
        byKey !== null ? keyOf(i.spec.key) === byKey : i.name === index.name,
      );
      if (!idx) {
        throw new MongoServerError(
          27,
          'IndexNotFound',
          `cannot find index ${JSON.stringify(index.keyPattern ?? index.name)} for ns ${coll.ns}`,
        );
      }
      if (index.expireAfterSeconds !== undefined) {
        const secs = Number(index.expireAfterSeconds);
        if (typeof index.expireAfterSeconds === 'boolean' || !Number.isFinite(secs) || secs < 0)
          throw badValue('expireAfterSeconds must be a non-negative number');
        if (idx.fields.length !== 1)
          throw new MongoServerError(
            72,
            'InvalidOptions',
            'TTL indexes are single-field indexes, compound indexes do not support TTL',
          );
        const old = idx.spec.expireAfterSeconds;
        ctx.server.storage.modifyIndex(
          coll,
          idx.name,
          { expireAfterSeconds: secs },
          ctx.access.ops,
        );
        if (old !== undefined) reply.expireAfterSeconds_old = old;
        reply.expireAfterSeconds_new = secs;
      }
    }
    // Validators are enforced on the next write (query/validation.ts).
    const recorded: Document = {};
    for (const k of ['validator', 'validationLevel', 'validationAction'])
      if (ctx.body[k] !== undefined) recorded[k] = ctx.body[k];
    if (Object.keys(recorded).length)
      ctx.server.storage.modifyCollection(coll, recorded, ctx.access.ops);
    reply.ok = 1;
    return reply;
  },
  dbStats: (ctx) => {
    const colls = ctx.server.storage.collectionsOf(ctx.db);
    const objects = colls.reduce((s, c) => s + c.docs.size, 0);
    return {
      db: ctx.db,
      collections: colls.length,
      views: 0,
      objects,
      indexes: colls.reduce((s, c) => s + c.indexes.size + 1, 0),
      ok: 1,
    };
  },
};
