import { Queue } from 'bullmq';
import { Types } from 'mongoose';
import {
  clientLogBulkSchema,
  clientLogEntrySchema,
  contactRequestSchema,
  loginRequestSchema,
  QUEUE_NAMES,
  registerRequestSchema,
  updateProfileRequestSchema,
  wishlistAddRequestSchema,
} from '@mechabrim/contracts';
import type { z } from 'zod';
import { DEMO_ACCOUNTS, DEMO_IDS } from '@mechabrim/demo-data';
import { login, startCatalogueApi, type CatalogueApi } from './catalogue-fixture';
import { expectError, freshIp, type HttpAnswer } from './http';

/**
 * NoSQL injection, table-driven: every endpoint that takes input gets each operator payload
 * ($ne, $gt, $regex, $where, $nor) as an object where a string belongs, as a `$`-key in the body,
 * and in the query string as `?x[$op]=` and `?$op=`. Each answer is a 400 (a malformed path id
 * may be a 404) in the error shape with a Hebrew message, and the database and the log queue are
 * exactly as they were before.
 */

const OPERATORS: Record<string, unknown> = {
  $ne: null,
  $gt: '',
  $regex: '.*',
  $where: 'sleep(100) || true',
  $nor: [{ email: 'nobody@example.com' }],
};
const OPS = Object.keys(OPERATORS);

type Method = 'get' | 'post' | 'put' | 'delete';

interface Endpoint {
  name: string;
  method: Method;
  /** The path with a valid query string, if the endpoint takes one. */
  path: (ids: Ids) => string;
  /** A valid body; its string fields get the operator objects. */
  body?: (ids: Ids) => Record<string, unknown>;
  /** The contract the valid body satisfies (so a 400 is the payload's doing, not the body's). */
  schema?: z.ZodType;
  auth?: boolean;
}

interface Ids {
  book: string;
  wished: string;
  author: string;
}

const logEntry = () => ({
  timestamp: '2025-01-01T10:00:00.000Z',
  level: 'error',
  message: 'שגיאה',
  context: 'BookPage',
  url: '/book/1',
  sessionId: 's-inj',
});

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /api/auth/register',
    schema: registerRequestSchema,
    method: 'post',
    path: () => '/api/auth/register',
    body: () => ({
      name: 'קורא חדש',
      email: 'injected@example.com',
      password: 'Sefer#2024',
      confirmPassword: 'Sefer#2024',
      role: 'user',
      agreeToTerms: true,
    }),
  },
  {
    name: 'POST /api/auth/login',
    schema: loginRequestSchema,
    method: 'post',
    path: () => '/api/auth/login',
    body: () => ({ email: DEMO_ACCOUNTS.reader.email, password: DEMO_ACCOUNTS.reader.password }),
  },
  { name: 'GET /api/auth/profile', method: 'get', path: () => '/api/auth/profile', auth: true },
  {
    name: 'PUT /api/auth/profile',
    schema: updateProfileRequestSchema,
    method: 'put',
    path: () => '/api/auth/profile',
    body: () => ({ name: 'שם אחר', email: 'changed@example.com', bio: 'ביוגרפיה' }),
    auth: true,
  },
  { name: 'GET /api/books', method: 'get', path: () => '/api/books?page=1&limit=5' },
  { name: 'GET /api/books/search', method: 'get', path: () => '/api/books/search?q=ספר' },
  { name: 'GET /api/books/:id', method: 'get', path: (ids) => `/api/books/${ids.book}` },
  {
    name: 'GET /api/books/:id/comments',
    method: 'get',
    path: (ids) => `/api/books/${ids.book}/comments`,
  },
  {
    name: 'GET /api/books/author/:id',
    method: 'get',
    path: (ids) => `/api/books/author/${ids.author}`,
  },
  { name: 'GET /api/books/categories', method: 'get', path: () => '/api/books/categories' },
  { name: 'GET /api/comments', method: 'get', path: (ids) => `/api/comments?bookId=${ids.book}` },
  { name: 'GET /api/authors', method: 'get', path: () => '/api/authors' },
  { name: 'GET /api/authors/search', method: 'get', path: () => '/api/authors/search?q=נועה' },
  { name: 'GET /api/authors/:id', method: 'get', path: (ids) => `/api/authors/${ids.author}` },
  { name: 'GET /api/stats', method: 'get', path: () => '/api/stats' },
  {
    name: 'POST /api/contacts/submit',
    schema: contactRequestSchema,
    method: 'post',
    path: () => '/api/contacts/submit',
    body: () => ({
      name: 'דנה',
      email: 'dana@example.com',
      subject: 'support',
      message: 'שלום רב',
    }),
  },
  { name: 'GET /api/users/wishlist', method: 'get', path: () => '/api/users/wishlist', auth: true },
  {
    name: 'GET /api/users/wishlist/check/:bookId',
    method: 'get',
    path: (ids) => `/api/users/wishlist/check/${ids.wished}`,
    auth: true,
  },
  {
    name: 'POST /api/users/wishlist',
    schema: wishlistAddRequestSchema,
    method: 'post',
    path: () => '/api/users/wishlist',
    body: (ids) => ({ bookId: ids.book }),
    auth: true,
  },
  {
    name: 'DELETE /api/users/wishlist/:bookId',
    method: 'delete',
    path: (ids) => `/api/users/wishlist/${ids.wished}`,
    auth: true,
  },
  {
    name: 'POST /api/logs/client-error',
    schema: clientLogEntrySchema,
    method: 'post',
    path: () => '/api/logs/client-error',
    body: () => logEntry(),
  },
  {
    name: 'POST /api/logs/client-bulk',
    schema: clientLogBulkSchema,
    method: 'post',
    path: () => '/api/logs/client-bulk',
    body: () => ({ logs: [logEntry()], sessionId: 's-inj' }),
  },
];

/** Appends a query parameter to a path that may already carry a query string. */
function withQuery(path: string, param: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${param}`;
}

/** The string fields of a body, as paths (`logs.0.message`). */
function stringPaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...prefix, String(i)]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...prefix, k]));
  return [];
}

function setAt(value: Record<string, unknown>, path: string[], next: unknown): void {
  let current: Record<string, unknown> = value;
  for (const key of path.slice(0, -1)) current = current[key] as Record<string, unknown>;
  const last = path.at(-1);
  if (last !== undefined) current[last] = next;
}

interface Case {
  endpoint: Endpoint;
  label: string;
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** A malformed path id may be a 404 instead of a 400. */
  allow404?: boolean;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const endpoint of ENDPOINTS) {
    const firstParam = (ids: Ids) => {
      const path = endpoint.path(ids);
      const query = path.split('?')[1];
      return query ? query.split('=')[0] : 'x';
    };
    for (const op of OPS) {
      // Query strings: ?x[$op]= (on a parameter the endpoint reads, when it reads one) and ?$op=.
      out.push({
        endpoint,
        label: `?param[${op}]=`,
        path: (ids) => withQuery(endpoint.path(ids), `${firstParam(ids)}[${op}]=1`),
        body: endpoint.body,
      });
      out.push({
        endpoint,
        label: `?${op}=`,
        path: (ids) => withQuery(endpoint.path(ids), `${op}=1`),
        body: endpoint.body,
      });
      if (endpoint.body) {
        const bodyOf = endpoint.body;
        // Body: each string field replaced by the operator object …
        for (const field of stringPaths(bodyOf({ book: 'b', wished: 'w', author: 'a' }))) {
          out.push({
            endpoint,
            label: `body ${field.join('.')}: {${op}}`,
            path: endpoint.path,
            body: (ids) => {
              const body = bodyOf(ids);
              setAt(body, field, { [op]: OPERATORS[op] });
              return body;
            },
          });
        }
        // … and the operator as a key of the body, at the top and one level down.
        out.push({
          endpoint,
          label: `body {${op}} key`,
          path: endpoint.path,
          body: (ids) => ({ ...bodyOf(ids), [op]: OPERATORS[op] }),
        });
        out.push({
          endpoint,
          label: `body {nested: {${op}}} key`,
          path: endpoint.path,
          body: (ids) => ({ ...bodyOf(ids), nested: { [op]: OPERATORS[op] } }),
        });
      }
    }
    // A path id that is an operator object or an operator name.
    if (/:(id|bookId)/.test(endpoint.name)) {
      for (const op of OPS) {
        for (const [label, id] of [
          [`path id {"${op}":…}`, encodeURIComponent(JSON.stringify({ [op]: OPERATORS[op] }))],
          [`path id ${op}`, encodeURIComponent(op)],
        ] as const) {
          out.push({
            endpoint,
            label,
            path: (ids) =>
              endpoint
                .path(ids)
                .replace(ids.book, id)
                .replace(ids.wished, id)
                .replace(ids.author, id),
            body: endpoint.body,
            allow404: true,
          });
        }
      }
    }
  }
  return out;
}

const CASES = cases();

describe('NoSQL injection on every endpoint that takes input', () => {
  let ctx: CatalogueApi;
  let token: string;
  let ids: Ids;
  let logQueue: Queue;
  let before: string;

  /** Every document of every collection, and the jobs of the client-log queue. */
  async function snapshot(): Promise<string> {
    const db = ctx.db.db!;
    const names = (await db.listCollections().toArray()).map((c) => c.name).sort();
    const parts: unknown[] = [];
    for (const name of names)
      parts.push([name, await db.collection(name).find({}).sort({ _id: 1 }).toArray()]);
    parts.push(['client-log jobs', await logQueue.getJobCounts()]);
    return JSON.stringify(parts);
  }

  beforeAll(async () => {
    ctx = await startCatalogueApi({ seed: true });
    logQueue = new Queue(QUEUE_NAMES.clientLogs, { connection: { url: ctx.redisUrl } });
    token = await login(ctx.http, DEMO_ACCOUNTS.reader.email, DEMO_ACCOUNTS.reader.password);
    const [book, wished] = await ctx.books
      .find({ isAvailable: true })
      .sort({ _id: 1 })
      .limit(2)
      .lean();
    ids = { book: String(book?._id), wished: String(wished?._id), author: String(DEMO_IDS.author) };
    // A wished book, so that a DELETE that slipped through would change something.
    await ctx.db
      .collection('wishlists')
      .updateOne(
        { user: DEMO_IDS.reader, book: new Types.ObjectId(ids.wished) },
        { $setOnInsert: { createdAt: new Date(), updatedAt: new Date() } },
        { upsert: true },
      );
    before = await snapshot();
  });

  afterAll(async () => {
    await logQueue?.close();
    await ctx?.close();
  });

  it('covers every endpoint of the table with every operator', () => {
    expect(ENDPOINTS).toHaveLength(22);
    for (const endpoint of ENDPOINTS)
      for (const op of OPS)
        expect(
          CASES.filter((c) => c.endpoint === endpoint && c.label.includes(op)).length,
        ).toBeGreaterThanOrEqual(2);
  });

  it('sends valid bodies apart from the payloads', () => {
    for (const endpoint of ENDPOINTS.filter((e) => e.body)) {
      const result = endpoint.schema!.safeParse(endpoint.body!(ids));
      expect([endpoint.name, result.success]).toEqual([endpoint.name, true]);
    }
  });

  it.each(CASES.map((c) => [c.endpoint.name, c.label, c] as const))(
    '%s rejects %s',
    async (_name, _label, c) => {
      const options = { ip: freshIp(), token: c.endpoint.auth ? token : undefined };
      const path = c.path(ids);
      const body = c.body?.(ids);
      let answer: HttpAnswer;
      switch (c.endpoint.method) {
        case 'get':
          answer = await ctx.http.get(path, options);
          break;
        case 'delete':
          answer = await ctx.http.delete(path, options);
          break;
        case 'post':
          answer = await ctx.http.post(path, body, options);
          break;
        case 'put':
          answer = await ctx.http.put(path, body, options);
          break;
      }
      const expected = c.allow404 && answer.status === 404 ? 404 : 400;
      expectError(answer, expected);
    },
  );

  it('changed nothing: every collection and the log queue are as before', async () => {
    expect(await snapshot()).toBe(before);
  });

  it('still answers the same calls without the payloads (the table is not simply broken)', async () => {
    for (const endpoint of ENDPOINTS.filter((e) => e.method === 'get')) {
      const res = await ctx.http.get(endpoint.path(ids), {
        ip: freshIp(),
        token: endpoint.auth ? token : undefined,
      });
      expect([endpoint.name, res.status]).toEqual([endpoint.name, 200]);
    }
  });
});
