import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { onModelChange } from '@mechabrim/db';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A serialized public answer and its entity tag. */
export interface CachedAnswer {
  json: string;
  etag: string;
}

/** How long a public catalogue answer is reused in this process, and may be cached by browsers. */
export const CATALOGUE_TTL_MS = 2_000;
export const PUBLIC_CACHE_CONTROL = 'public, max-age=15, stale-while-revalidate=60';
const MAX_ENTRIES = 2_000;

/** Serializes an answer once and tags it (a weak ETag over the JSON). */
export function toCachedAnswer(value: unknown): CachedAnswer {
  const json = JSON.stringify(value);
  const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  return { json, etag };
}

/**
 * A short-lived in-process cache of public catalogue answers (book pages, categories, authors,
 * stats). Concurrent misses share one database query. Any write through mongoose to books, users,
 * reviews or author profiles in this process clears it at once; writes from other processes (the
 * worker, other API instances) show within {@link CATALOGUE_TTL_MS}.
 */
@Injectable()
export class CatalogueCache implements OnModuleDestroy {
  private readonly entries = new Map<string, { expires: number; value: Promise<CachedAnswer> }>();
  private readonly unsubscribe = onModelChange(() => this.clear());

  async get(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.entries.size >= MAX_ENTRIES) this.evictExpired(now);
    const value = compute().then(toCachedAnswer);
    this.entries.set(key, { expires: now + CATALOGUE_TTL_MS, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}

/**
 * Sends a cached public answer with its ETag and Cache-Control; a matching `If-None-Match` gets
 * an empty 304. Use with `@Res({ passthrough: true })` and return what this returns.
 */
export function sendPublic(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): string {
  reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  reply.header('etag', answer.etag);
  reply.header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === answer.etag)) {
    reply.status(304);
    return '';
  }
  reply.type('application/json; charset=utf-8');
  return answer.json;
}

/** Sends a personal answer that no shared cache may keep. */
export function sendPrivate<T>(reply: FastifyReply, value: T): T {
  reply.header('cache-control', 'private, no-store');
  return value;
}
