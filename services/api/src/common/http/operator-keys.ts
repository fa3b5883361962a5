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
 * Finds keys starting with `$` (MongoDB operators) or naming the prototype anywhere in a parsed
 * body, query or params, and returns their paths. Iterative, so a deeply nested body cannot
 * overflow the stack.
 */
export function findOperatorKeys(value: unknown, options: { queryKeys?: boolean } = {}): string[] {
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
  const stack: Node[] = [{ value, depth: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    const current = node.value;
    if (typeof current !== 'object' || current === null) continue;
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
        else children.push({ value: child, key, parent: node, depth: node.depth + 1 });
      }
    }
    stack.push(...children.reverse());
  }
  return found;
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
    // Field names as the validation details name them elsewhere: the key path, no prefix.
    const fields = [
      ...findOperatorKeys(request.query, { queryKeys: true }),
      ...findOperatorKeys(request.params),
      ...operatorParams(request.params),
      ...findOperatorKeys(request.body),
    ];
    if (!fields.length) {
      done();
      return;
    }
    sendError(operatorKeyError(fields), request, reply);
  });
}
