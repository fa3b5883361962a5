import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { contentType } from 'mime-types';

// Header values the edge's answers share.
export const HTML_TYPE = 'text/html; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';
/** Revalidate with the ETag each time (index.html, remoteEntry.js, runtime-config.json, errors). */
export const NO_CACHE = 'no-cache';
/** Content-hashed files, and every file of a released version: they never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A file's Content-Type by its name, from mime-db (the registry @fastify/static's own table comes
 * from; text types with `charset=utf-8`); `undefined` for a name it does not know.
 */
export function contentTypeOf(file: string): string | undefined {
  return contentType(path.extname(file)) || undefined;
}

/** A plain-text 404 no one caches. */
export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type('text/plain; charset=utf-8')
    .header('Cache-Control', NO_CACHE)
    .send('Not found');
}
