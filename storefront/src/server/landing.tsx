// The storefront's landing pages rendered to HTML on the server (server-side composition).
//
// People arrive on every public page: home, the catalogue, a book, the authors, an author, a
// category, about and the policy pages (landing-pages.ts lists them). Drawn in the browser, their
// first content waits for the shell's script, then this remote's manifest, entry and `./App`
// chunk (and a later screen's chunk), then two React renders: on a phone over a slow network
// that is seconds of a blank page. So the storefront's edge server renders these pages' HTML with
// the very components the browser will run (from this module, built for Node into
// dist/server/landing.cjs), the shell's server stitches it into the page, and the shell keeps it
// on screen as the storefront's loading state until this remote takes over with the same markup
// (shell/src/app/landing.tsx).
//
// The HTML is a guest's view, and only what a first render shows: data the page fetches after
// it appears (reviews, related books, the home page's lists) renders as the same skeletons the
// browser shows. What the page is drawn from (the book, the author and their books, the first
// page of a category…) is fetched here and handed over as query-cache state, so the browser's
// first render has it too instead of a skeleton, and does not ask for it again.
//
// Each answer also carries the page's <head> as data (page-head.ts): title, description, canonical
// address, link-preview tags and schema.org data. An author whose books could not be had is
// answered with the head alone, so a shared link and a search engine still read who it is.
import { renderToStaticMarkup } from 'react-dom/server';
import { dehydrate, QueryClient, QueryClientProvider } from '@mechabrim/query';
import { MemoryRouter, ownerOf, parseSitePath } from '@mechabrim/routing';
import { configureApi } from '@mechabrim/session';
import {
  DEFAULT_LANDING_API_TIMEOUT_MS,
  withinDeadline,
  type PageHead,
} from '@mechabrim/contracts';
import { CATALOGUE_STALE_MS } from '@mechabrim/api-client';
import StorefrontApp from '../app/app';
import { preloadScreens } from '../app/routes';
import { landingPageFor } from './landing-pages';

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

/** Started when the module loads, so the first page's request does not wait for it. */
const screensLoaded = preloadScreens();

/**
 * Renders the storefront area of `url` (a path with its query) as a guest sees it first, or
 * `null` when that page is not prerendered or its data could not be had in time.
 */
export async function renderLanding(url: string, options: LandingOptions): Promise<Landing | null> {
  const parsed = parseSitePath(url);
  // Another front end's page (`/book/upload` is the portal's, though it looks like a book's).
  if (!parsed || ownerOf(parsed.pathname) !== 'storefront') return null;
  const page = landingPageFor(parsed.pathname, parsed.searchParams);
  if (!page) return null;
  // The screens loaded when first visited are loaded here before any is drawn (one pass).
  await screensLoaded;
  configureApi({ apiBaseUrl: options.apiBaseUrl });
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: CATALOGUE_STALE_MS, retry: false } },
  });
  try {
    // A slow API (past the deadline): the browser draws the page.
    const ready = await withinDeadline(
      options.timeoutMs ?? DEFAULT_LANDING_API_TIMEOUT_MS,
      (signal) => page.prefetch(client, signal, options.siteUrl),
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
    const head = options.siteUrl ? page.head(client, options.siteUrl) : null;
    return { html, state: dehydrate(client), ...(head ? { head } : {}) };
  } finally {
    client.clear();
  }
}
