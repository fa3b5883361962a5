import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { contentType } from 'mime-types';
import { strings } from './strings.he';

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

/**
 * Adds a header name to Vary, keeping what is there (@fastify/compress and @fastify/static add
 * `accept-encoding` in lower case, and skip it when it is already listed; @fastify/cors adds
 * `Origin`).
 */
export function addVary(reply: FastifyReply, ...names: string[]): FastifyReply {
  const current = reply.getHeader('vary');
  const listed = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!listed.some((part) => part.toLowerCase() === name.toLowerCase())) listed.push(name);
  }
  return reply.header('vary', listed.join(', '));
}

/** A JSON error answer with a Hebrew message, never cached. */
export function sendJsonError(
  reply: FastifyReply,
  status: number,
  error: string,
  message: string,
): FastifyReply {
  return reply
    .code(status)
    .type(JSON_TYPE)
    .header('Cache-Control', NO_CACHE)
    .send({ statusCode: status, error, message });
}

/** An error answer: JSON with a Hebrew message, whatever went wrong; 5xx are reported. */
export function sendError(
  reply: FastifyReply,
  err: { statusCode?: number },
  onError?: (err: unknown) => void,
): FastifyReply {
  const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
  if (status >= 500 && onError) onError(err);
  return sendJsonError(
    reply,
    status,
    STATUS_CODES[status] ?? 'Error',
    status >= 500 ? strings.serverError : strings.badRequest,
  );
}
