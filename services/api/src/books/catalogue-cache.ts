import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { onModelChange } from '@mechabrim/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_CATALOGUE_CACHE_TTL_MS, type ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';

/** A serialized public answer and its entity tag. */
export interface CachedAnswer {
  json: string;
  etag: string;
}

export const PUBLIC_CACHE_CONTROL = 'public, max-age=15, stale-while-revalidate=60';
const MAX_ENTRIES = 2_000;

/** Serializes an answer once and tags it (a weak ETag over the JSON). */
export function toCachedAnswer(value: unknown): CachedAnswer {
  const json = JSON.stringify(value);
  const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  return { json, etag };
}

interface Entry {
  /** Served as is until then. */
  freshUntil: number;
  /** Served while a refresh runs until then (stale-while-revalidate). */
  staleUntil: number;
  value?: CachedAnswer;
  pending?: Promise<CachedAnswer>;
}

/** How long a stale answer may still be served while its refresh runs. */
export const CATALOGUE_STALE_MS = 30_000;

/**
 * A short-lived in-process cache of public catalogue answers (book pages, categories, authors,
 * stats, searches). Concurrent misses share one database query, and an expired answer keeps
 * being served while one refresh runs, so a slow query never queues requests behind it. Any
 * write through the catalogue models (books, users, reviews, author profiles, categories)
 * empties it: at once in the process that wrote, and in every other API process when
 * `CatalogueSync` sees the write counters move (within `CATALOGUE_SYNC_INTERVAL_MS` plus
 * one read). A write that bypasses the models and their counters is seen when its entry
 * expires: within {@link CATALOGUE_STALE_MS}, since an expired answer may be served once more
 * while its refresh runs.
 */
@Injectable()
export class CatalogueCache implements OnModuleDestroy {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private readonly unsubscribe = onModelChange(() => this.clear());
  private readonly ttlMs: number;

  /** `config` is the API's (required in the app); a spec may leave it out for the default. */
  constructor(@Inject(API_CONFIG) config?: Pick<ApiConfig, 'catalogueCacheTtlMs'>) {
    this.ttlMs = config?.catalogueCacheTtlMs ?? DEFAULT_CATALOGUE_CACHE_TTL_MS;
  }

  async get(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry?.value && now < entry.freshUntil) return entry.value;
    if (entry?.value && now < entry.staleUntil) {
      if (!entry.pending) this.refresh(key, entry, compute).catch(() => undefined);
      return entry.value;
    }
    if (entry?.pending) return entry.pending;
    if (this.entries.size >= MAX_ENTRIES) this.evictExpired(now);
    const fresh: Entry = { freshUntil: 0, staleUntil: 0 };
    this.entries.set(key, fresh);
    return this.refresh(key, fresh, compute);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  private refresh(
    key: string,
    entry: Entry,
    compute: () => Promise<unknown>,
  ): Promise<CachedAnswer> {
    const generation = this.generation;
    const pending = compute()
      .then(toCachedAnswer)
      .then(
        (value) => {
          // A write since the query started may make this answer stale already: do not keep it.
          if (generation === this.generation && this.entries.get(key) === entry) {
            const done = Date.now();
            Object.assign(entry, {
              value,
              freshUntil: done + this.ttlMs,
              // Never before it is fresh no more (a TTL past the stale window, as tests set).
              staleUntil: done + Math.max(this.ttlMs, CATALOGUE_STALE_MS),
              pending: undefined,
            });
          }
          return value;
        },
        (error: unknown) => {
          if (this.entries.get(key) === entry) {
            if (entry.value) entry.pending = undefined;
            else this.entries.delete(key);
          }
          throw error;
        },
      );
    entry.pending = pending;
    return pending;
  }

  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries)
      if (entry.staleUntil <= now && !entry.pending) this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}

/**
 * Adds names to the Vary header, keeping those already set (CORS sets `Origin` on every answer).
 */
export function appendVary(reply: FastifyReply, names: readonly string[]): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  for (const name of names)
    if (!list.some((n) => n.toLowerCase() === name.toLowerCase())) list.push(name);
  reply.header('vary', list.join(', '));
}

/**
 * Sends a cached public answer with its ETag and Cache-Control; a matching `If-None-Match` gets
 * an empty 304. Use with `@Res({ passthrough: true })` and return what this returns. An answer
 * that would differ for a bearer token (a book or an author's books: the author sees hidden ones)
 * passes `variesWithToken`, so shared caches key it on `Authorization` too; the token holder's own
 * view goes through {@link sendPrivate} and is never cached as public.
 */
export function sendPublic(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  options: { variesWithToken?: boolean } = {},
): string {
  reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  reply.header('etag', answer.etag);
  appendVary(
    reply,
    options.variesWithToken ? ['Authorization', 'Accept-Encoding'] : ['Accept-Encoding'],
  );
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
  appendVary(reply, ['Authorization']);
  return value;
}
