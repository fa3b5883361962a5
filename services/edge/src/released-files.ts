// Released files (`/remotes/<remote>/<version>/…`, released-remotes.ts) from the release store:
// the build's precompressed twin when the browser takes it, and immutable — a version's files
// never change. The release's server renderer is not served.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReleaseStore } from '@mechabrim/releases';
import {
  addVary,
  contentTypeOf,
  IMMUTABLE,
  JSON_TYPE,
  NO_CACHE,
  sendNotFound,
} from './answer-headers';
import { parseReleasePath } from './released-remotes';
import { strings } from './strings.he';

/** The precompressed twins a build carries, best first. */
const PRECOMPRESSED: readonly (readonly [string, string])[] = [
  ['.br', 'br'],
  ['.gz', 'gzip'],
];

/** The encodings an Accept-Encoding header takes (not those it gives `q=0`). */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}

async function sendFromStore(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ReleaseStore,
  urlPath: string,
): Promise<FastifyReply> {
  const released = parseReleasePath(urlPath);
  if (!released || released.file.startsWith('server/')) return sendNotFound(reply);
  const { remote, version, file } = released;
  const type = contentTypeOf(file) ?? 'application/octet-stream';
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  for (const [suffix, encoding] of PRECOMPRESSED) {
    if (!accepted.has(encoding)) continue;
    const twin = await store.open(remote, version, `${file}${suffix}`);
    if (twin) {
      return addVary(reply, 'accept-encoding')
        .type(type)
        .header('Content-Encoding', encoding)
        .header('Cache-Control', IMMUTABLE)
        .send(twin);
    }
  }
  const stream = await store.open(remote, version, file);
  if (!stream) return sendNotFound(reply);
  return reply.type(type).header('Cache-Control', IMMUTABLE).send(stream);
}

/** Answers a `/remotes/…` request; a store out of reach is a 503 the browser may retry. */
export async function sendReleasedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ReleaseStore,
  urlPath: string,
  onError?: (error: unknown) => void,
): Promise<FastifyReply> {
  try {
    return await sendFromStore(request, reply, store, urlPath);
  } catch (err) {
    onError?.(err);
    return reply
      .code(503)
      .type(JSON_TYPE)
      .header('Cache-Control', NO_CACHE)
      .header('Retry-After', '5')
      .send({ statusCode: 503, error: 'Service Unavailable', message: strings.releaseUnavailable });
  }
}
