import { z } from 'zod';
import { objectIdSchema, queryInt } from './fields';
import { VALIDATION_HE } from './validation-messages.he';

/*
 * What the store's sitemap lists (services/edge's /sitemap.xml): every available book, every
 * author with one, every category with one, each with when it last changed. The API answers them
 * by kind, a page at a time, for `GET /api/sitemap-entries`.
 */

export const SITEMAP_KINDS = ['books', 'authors', 'categories'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The most entries one answer holds. */
export const SITEMAP_PAGE_MAX = 5000;

/**
 * Query of `GET /api/sitemap-entries`: a kind, and for books and authors the last id of the
 * previous page (`after`); categories come in one answer.
 */
export const sitemapEntriesQuerySchema = z.strictObject({
  kind: z.enum(SITEMAP_KINDS, { error: VALIDATION_HE.sitemapKindInvalid }),
  after: objectIdSchema.optional(),
  limit: queryInt({
    min: 1,
    max: SITEMAP_PAGE_MAX,
    fallback: 1000,
    message: VALIDATION_HE.limitInvalid,
  }),
});
export type SitemapEntriesQuery = z.output<typeof sitemapEntriesQuerySchema>;

/** One listed page: a book's or author's id, or a category's value; when it last changed (ISO). */
export const sitemapEntrySchema = z.object({
  id: z.string().min(1),
  lastmod: z.iso.datetime(),
});
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;

/** Answer of `GET /api/sitemap-entries`: a page of entries and the `after` of the next (or null). */
export const sitemapEntriesPageSchema = z.object({
  entries: z.array(sitemapEntrySchema),
  next: z.string().nullable(),
});
export type SitemapEntriesPage = z.infer<typeof sitemapEntriesPageSchema>;

const PAGE_OF: Record<SitemapKind, string> = {
  books: 'book',
  authors: 'author',
  categories: 'category',
};

/** The store's page of an entry: `/book/<id>`, `/author/<id>`, `/category/<value>` (encoded). */
export function sitemapPagePath(kind: SitemapKind, id: string): string {
  return `/${PAGE_OF[kind]}/${encodeURIComponent(id)}`;
}
