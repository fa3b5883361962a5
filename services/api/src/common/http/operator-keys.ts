import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { messagesHe } from '../messages.he';
import { sendError } from '../filters/all-exceptions.filter';

/** A key MongoDB would read as an operator, or one that reaches Object.prototype. */
function forbiddenKey(key: string): boolean {
  return key.startsWith('$') || key === '__proto__' || key === 'constructor';
}

/**
 * A query-string key such as `x[$ne]` or `a.$gt` is a nested key to the parsers that expand
 * brackets and dots (qs, some proxies and clients): any of its segments counts.
 */
function forbiddenQueryKey(key: string): boolean {
  return key.split(/[[\].]/).some(forbiddenKey);
}

/**
 * How deeply any request body may nest. Above every contract's own bound (client-log `data`: 32,
 * inside an envelope of 3), low enough that no later recursive step (JSON.stringify, hashing,
 * BSON) can overflow the stack on it.
 */
export const MAX_BODY_DEPTH = 40;

/** What {@link inspectJson} finds wrong with a parsed body, query or params. */
export interface JsonInspection {
  /** Paths of keys MongoDB would read as operators, or that reach Object.prototype. */
  operatorKeys: string[];
  /** Paths of keys holding a NUL character (MongoDB refuses them, so a stored copy would fail). */
  nulKeys: string[];
  /** Nested deeper than {@link MAX_BODY_DEPTH}; the walk stops there. */
  tooDeep: boolean;
}

/**
 * Finds keys starting with `$` (MongoDB operators) or naming the prototype anywhere in a parsed
 * body, query or params, and returns their paths. Iterative, so a deeply nested body cannot
 * overflow the stack.
 */
export function findOperatorKeys(value: unknown, options: { queryKeys?: boolean } = {}): string[] {
  return inspectJson(value, options).operatorKeys;
}

/** Operator keys, NUL keys and excessive depth in one iterative walk. */
export function inspectJson(value: unknown, options: { queryKeys?: boolean } = {}): JsonInspection {
  interface Node {
    value: unknown;
    key?: string;
    parent?: Node;
    depth: number;
  }
  const pathOf = (node: Node | undefined, key: string): string => {
    const parts = [key];
    for (let n = node; n?.key !== undefined; n = n.parent) parts.push(n.key);
    return parts.reverse().join('.');
  };
  const found: string[] = [];
  const nulKeys: string[] = [];
  const stack: Node[] = [{ value, depth: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    const current = node.value;
    if (typeof current !== 'object' || current === null) continue;
    if (node.depth >= MAX_BODY_DEPTH) return { operatorKeys: found, nulKeys, tooDeep: true };
    const children: Node[] = [];
    if (Array.isArray(current)) {
      current.forEach((child: unknown, i) =>
        children.push({ value: child, key: String(i), parent: node, depth: node.depth + 1 }),
      );
    } else {
      for (const [key, child] of Object.entries(current)) {
        const bad =
          options.queryKeys && node.depth === 0 ? forbiddenQueryKey(key) : forbiddenKey(key);
        if (bad) found.push(pathOf(node, key));
        else if (key.includes('\u0000'))
          nulKeys.push(pathOf(node, key).replaceAll('\u0000', '\\0'));
        else children.push({ value: child, key, parent: node, depth: node.depth + 1 });
      }
    }
    // One push at a time: spreading a large array's children as arguments overflows the stack.
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i]!);
  }
  return { operatorKeys: found, nulKeys, tooDeep: false };
}

/** Whether a parsed query or params object has no keys (without building a list of them). */
function isEmpty(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  for (const _key in value) return false;
  return true;
}

/** A route parameter that is itself an operator name (`/api/books/$where`). */
function operatorParams(params: unknown): string[] {
  if (typeof params !== 'object' || params === null) return [];
  return Object.entries(params as Record<string, unknown>)
    .filter(([, v]) => typeof v === 'string' && v.startsWith('$'))
    .map(([k]) => k);
}

/** The 400 for a request carrying operator keys: the standard error shape, one detail per key. */
export function operatorKeyError(fields: string[]): DomainError {
  return new DomainError(
    'invalid_data',
    messagesHe.errors.operatorKeys,
    fields.map((field) => ({ field, message: messagesHe.validation.forbiddenKey })),
  );
}

/** The 400 for a body nested too deeply or with a NUL in a key. */
export function jsonShapeError(inspection: JsonInspection): DomainError {
  if (inspection.tooDeep)
    return new DomainError('invalid_data', messagesHe.errors.tooDeep(MAX_BODY_DEPTH));
  return new DomainError(
    'invalid_data',
    messagesHe.errors.nulInKey,
    inspection.nulKeys.map((field) => ({ field, message: messagesHe.errors.nulInKey })),
  );
}

/**
 * NoSQL-injection guard for every route, whether or not a zod pipe reads the part concerned:
 * a `$`-prefixed (or prototype) key at any depth of the query string, the route parameters or
 * the JSON body is a 400 before any handler runs. Services still query with `sanitizeFilter`,
 * so neither defence is relied on alone.
 */
export function registerOperatorKeyGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request, reply, done) => {
    // The common case, a request without a query string, route parameters or a body (health
    // probes, most GETs), has nothing to look at: no allocation, no walk.
    if (request.body == null && isEmpty(request.query) && isEmpty(request.params)) {
      done();
      return;
    }
    const body = inspectJson(request.body);
    if (body.tooDeep || body.nulKeys.length) {
      sendError(jsonShapeError(body), request, reply);
      return;
    }
    // Field names as the validation details name them elsewhere: the key path, no prefix.
    const fields = [
      ...findOperatorKeys(request.query, { queryKeys: true }),
      ...findOperatorKeys(request.params),
      ...operatorParams(request.params),
      ...body.operatorKeys,
    ];
    if (!fields.length) {
      done();
      return;
    }
    sendError(operatorKeyError(fields), request, reply);
  });
}
