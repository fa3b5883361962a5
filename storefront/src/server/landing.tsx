// The storefront's landing pages rendered to HTML on the server (server-side composition).
//
// People arrive on the home page and on book pages. Drawn in the browser, their first content
// waits for the shell's script, then this remote's manifest, entry and `./App` chunk, then two
// React renders: on a phone over a slow network that is seconds of a blank page. So the
// storefront's edge server renders these pages' HTML with the very components the browser
// will run (from this module, built for Node into dist/server/landing.cjs), the shell's server
// stitches it into the page, and the shell keeps it on screen as the storefront's loading state
// until this remote takes over with the same markup (shell/src/app/landing.tsx).
//
// The HTML is a guest's view, and only what a first render shows: data the page fetches after
// it appears (reviews, related books, the home page's lists) renders as the same skeletons the
// browser shows. The book is fetched here and handed over as query-cache state, so the browser's
// first render of the book page has it too instead of a skeleton.
//
// Each answer also carries the page's <head> as data (page-head.ts): title, description, canonical
// address, link-preview tags and schema.org data. An author's page, drawn in the browser, is
// answered with its head alone, so a shared link and a search engine still read who it is.
import { renderToStaticMarkup } from 'react-dom/server';
import { dehydrate, QueryClient, QueryClientProvider } from '@mechabrim/query';
import { MemoryRouter, ownerOf, parseSitePath } from '@mechabrim/routing';
import { ApiError, configureApi } from '@mechabrim/session';
import { withinDeadline, type PageHead } from '@mechabrim/contracts';
import StorefrontApp from '../app/app';
import {
  bookPagesQuery,
  bookQuery,
  CATALOGUE_STALE_MS,
  getAuthor,
  getBook,
} from '@mechabrim/api-client';
import { apiParams, filtersFromParams } from '../shared/catalogue/catalogue-filters';
import { authorHead, bookHead, catalogueHead, homeHead } from './page-head';

export type Landing =
  | {
      /** The storefront area's markup for the path. */
      html: string;
      /** TanStack Query's dehydrated state: the data that markup was rendered from. */
      state: unknown;
      /** The page's <head> (absent without `siteUrl`). */
      head?: PageHead;
      notFound?: undefined;
    }
  /** A page drawn in the browser, whose <head> the server still writes. */
  | { head: PageHead; html?: undefined; state?: undefined; notFound?: undefined }
  /** No such book or author: the page is drawn in the browser (its not-found screen), with 404. */
  | { notFound: true; html?: undefined; state?: undefined; head?: undefined };

export interface LandingOptions {
  apiBaseUrl: string;
  /** Gives up on the API after this long; the page is then drawn in the browser as before. */
  timeoutMs?: number;
  /** The store's public address (`https://mechabrim.co.il/`): pages' heads are written for it. */
  siteUrl?: string;
}

/**
 * Ready to render, not to be rendered here (the browser draws it), no such page, or drawn in the
 * browser with this head.
 */
type Prefetched = boolean | 'not-found' | { head: PageHead };
type Prefetch = (client: QueryClient, signal: AbortSignal) => Promise<Prefetched>;

const BOOK_PATH = /^\/book\/([^/]+)\/?$/;
const AUTHOR_PATH = /^\/author\/([^/]+)\/?$/;

/** The id in a page path's one parameter, or null when it cannot be read. */
function pathId(match: RegExpExecArray | null): string | null {
  if (!match) return null;
  try {
    return decodeURIComponent(match[1] ?? '');
  } catch {
    return null;
  }
}

/** A refusal that means the page's subject does not exist (an unknown or malformed id). */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** What a landing path needs before it can render; `null` for paths that are not prerendered. */
function prefetchFor(
  pathname: string,
  search: URLSearchParams,
  siteUrl: string | undefined,
): Prefetch | null {
  // `/?search=` shows the catalogue's search: drawn in the browser.
  if (pathname === '/' && !search.get('search')?.trim()) return async () => true;
  if (pathname === '/books' || pathname === '/books/') {
    // The catalogue's first page, as the URL's filters ask, so the grid arrives drawn.
    const params = apiParams(filtersFromParams(search));
    return async (client) => {
      try {
        await client.fetchQuery(bookPagesQuery(client, params, 1));
        return true;
      } catch {
        // A failing API: the browser draws the catalogue (a slow one: see renderLanding).
        return false;
      }
    };
  }
  const author = pathId(AUTHOR_PATH.exec(pathname));
  if (author !== null) {
    // Author pages are drawn in the browser; asked here so a missing author answers 404, and for
    // the page's head.
    return async (_client, signal) => {
      try {
        const found = await getAuthor(author, signal);
        return siteUrl ? { head: authorHead(found, siteUrl) } : false;
      } catch (error) {
        if (isNotFound(error)) return 'not-found';
        if (error instanceof ApiError || signal.aborted) return false;
        throw error;
      }
    };
  }
  const id = pathId(BOOK_PATH.exec(pathname));
  if (id === null) return null;
  return async (client, signal) => {
    try {
      const data = await getBook(id, signal);
      client.setQueryData(bookQuery(id).queryKey, data);
      return true;
    } catch (error) {
      if (isNotFound(error)) return 'not-found';
      // A slow or failing API: the browser shows the right screen.
      if (error instanceof ApiError || signal.aborted) return false;
      throw error;
    }
  };
}

/** The head of a page drawn here, from the data it was drawn with. */
function headFor(
  pathname: string,
  search: URLSearchParams,
  client: QueryClient,
  siteUrl: string,
): PageHead | null {
  if (pathname === '/') return homeHead(siteUrl);
  if (pathname === '/books' || pathname === '/books/') return catalogueHead(siteUrl, search);
  const id = pathId(BOOK_PATH.exec(pathname));
  const book = id === null ? undefined : client.getQueryData(bookQuery(id).queryKey);
  return book ? bookHead(book, siteUrl) : null;
}

/**
 * Renders the storefront area of `url` (a path with its query) as a guest sees it first, or
 * `null` when that page is not prerendered or its data could not be had in time.
 */
export async function renderLanding(url: string, options: LandingOptions): Promise<Landing | null> {
  const parsed = parseSitePath(url);
  // Another front end's page (`/book/upload` is the portal's, though it looks like a book's).
  if (!parsed || ownerOf(parsed.pathname) !== 'storefront') return null;
  const prefetch = prefetchFor(parsed.pathname, parsed.searchParams, options.siteUrl);
  if (!prefetch) return null;
  configureApi({ apiBaseUrl: options.apiBaseUrl });
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: CATALOGUE_STALE_MS, retry: false } },
  });
  try {
    // A slow API (past the deadline): the browser draws the page.
    const ready = await withinDeadline(options.timeoutMs ?? 1500, (signal) =>
      prefetch(client, signal),
    ).catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'TimeoutError') return false;
      throw error;
    });
    if (ready === 'not-found') return { notFound: true };
    if (typeof ready === 'object') return { head: ready.head };
    if (!ready) return null;
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`${parsed.pathname}${parsed.search}`]}>
          <StorefrontApp />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const head = options.siteUrl
      ? headFor(parsed.pathname, parsed.searchParams, client, options.siteUrl)
      : null;
    return { html, state: dehydrate(client), ...(head ? { head } : {}) };
  } finally {
    client.clear();
  }
}
