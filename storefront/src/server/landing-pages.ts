// The pages the storefront's server draws, and for each what its first render needs from the API
// and the <head> it is written with. Each page's data is put into the query cache under the keys
// its components read (the same query options), so the server draws what the browser's first
// render draws, and the cache travels with the markup (landing.tsx).
import type { QueryClient } from '@mechabrim/query';
import { ApiError } from '@mechabrim/session';
import type { PageHead } from '@mechabrim/contracts';
import {
  authorBooksQuery,
  authorQuery,
  authorsQuery,
  bookPagesQuery,
  bookQuery,
  getAuthor,
  getAuthorBooks,
  getAuthors,
  getBook,
  getStats,
  statsQuery,
} from '@mechabrim/api-client';
import { apiParams, filtersFromParams } from '../shared/catalogue/catalogue-filters';
import { featuredAuthor } from '../features/authors/components/authors-filter';
import { categoryLabel } from '../features/category/components/category-label';
import { CATEGORY_SORTS } from '../features/category/components/category-filter';
import { communityFundQuery, getCommunityFund } from '../features/policies/api/get-community-fund';
import { strings } from '../strings.he';
import {
  authorHead,
  authorsHead,
  bookHead,
  catalogueHead,
  categoryHead,
  homeHead,
  textPageHead,
} from './page-head';

/**
 * Ready to draw, left to the browser (a failing API: it shows the right screen), no such page
 * (404), or left to the browser with this head.
 */
export type Prefetched = boolean | 'not-found' | { head: PageHead };

/** A page the server draws. */
export interface LandingPage {
  /** Fills `client` with what the page's first render shows; gives up when `signal` aborts. */
  prefetch(
    client: QueryClient,
    signal: AbortSignal,
    siteUrl: string | undefined,
  ): Promise<Prefetched>;
  /** The page's head, from the data it was drawn with. */
  head(client: QueryClient, siteUrl: string): PageHead | null;
}

const BOOK_PATH = /^\/book\/([^/]+)\/?$/;
const AUTHOR_PATH = /^\/author\/([^/]+)\/?$/;
const CATEGORY_PATH = /^\/category\/([^/]+)\/?$/;

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

/**
 * A failure the browser recovers from (a refusal, an unreachable API, the deadline): the page is
 * left to it. Anything else is a bug, and thrown.
 */
function leftToBrowser(error: unknown, signal: AbortSignal): false {
  if (error instanceof ApiError || error instanceof TypeError || signal.aborted) return false;
  throw error;
}

const drawn = async (): Promise<Prefetched> => true;

/** A page with nothing to fetch (or whose figures are fetched here), and a fixed head. */
function textPage(
  path: string,
  title: string,
  description: string,
  prefetch: LandingPage['prefetch'] = drawn,
): LandingPage {
  return {
    prefetch,
    head: (_client, siteUrl) => textPageHead({ path, title, description }, siteUrl),
  };
}

const p = strings.policies;

// Each page's data is fetched with the page's deadline (`signal`) and no retries, and put into the
// cache under its query's key.

/** The site's figures (authors, books, donated), which the page shows once the API answers. */
const siteStats: LandingPage['prefetch'] = async (client, signal) => {
  // getStats answers zeros rather than fail; only the deadline stops it.
  client.setQueryData(statsQuery().queryKey, await getStats(signal));
  return !signal.aborted;
};

/** The pages of text about the store, by path (spec §2). */
const TEXT_PAGES: Readonly<Record<string, LandingPage>> = {
  '/about': textPage('/about', strings.about.title, strings.about.heroText, siteStats),
  '/author-compensation': textPage(
    '/author-compensation',
    p.compensation.title,
    p.compensation.intro,
  ),
  '/how-to-upload': textPage('/how-to-upload', p.upload.title, p.upload.intro),
  '/how-it-works': textPage('/how-it-works', p.howItWorks.title, p.howItWorks.intro, siteStats),
  '/shipping-policy': textPage('/shipping-policy', p.shipping.title, p.shipping.intro),
  '/community-donation': textPage(
    '/community-donation',
    p.donation.title,
    p.donation.intro,
    async (client, signal) => {
      try {
        client.setQueryData(communityFundQuery().queryKey, await getCommunityFund(signal));
      } catch (error) {
        // Without the fund the page shows the spec's sample projects, as the browser's first
        // render does: still drawn.
        if (signal.aborted) return false;
        if (!(error instanceof ApiError || error instanceof TypeError || isZodError(error))) {
          throw error;
        }
      }
      return true;
    },
  ),
  '/terms': textPage('/terms', p.terms.title, p.terms.intro),
  '/authors-terms': textPage(
    '/authors-terms',
    p.authorsTerms.title,
    strings.seo.authorsTermsDescription,
  ),
};

/** An answer that is not the contract's (an older API): the page treats it as no answer. */
function isZodError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ZodError';
}

/** The catalogue's first page of books for these filters, as its grid asks for it. */
async function firstBookPage(
  client: QueryClient,
  params: ReturnType<typeof apiParams>,
  signal: AbortSignal,
): Promise<Prefetched> {
  try {
    await client.fetchQuery(bookPagesQuery(client, params, 1));
    return true;
  } catch (error) {
    return leftToBrowser(error, signal);
  }
}

function bookPage(id: string): LandingPage {
  return {
    async prefetch(client, signal) {
      try {
        client.setQueryData(bookQuery(id).queryKey, await getBook(id, signal));
        return true;
      } catch (error) {
        if (isNotFound(error)) return 'not-found';
        return leftToBrowser(error, signal);
      }
    },
    head(client, siteUrl) {
      const book = client.getQueryData(bookQuery(id).queryKey);
      return book ? bookHead(book, siteUrl) : null;
    },
  };
}

function authorPage(id: string): LandingPage {
  return {
    async prefetch(client, signal, siteUrl) {
      let author;
      try {
        author = await getAuthor(id, signal);
        client.setQueryData(authorQuery(id).queryKey, author);
      } catch (error) {
        if (isNotFound(error)) return 'not-found';
        return leftToBrowser(error, signal);
      }
      try {
        client.setQueryData(authorBooksQuery(id).queryKey, await getAuthorBooks(id, signal));
        return true;
      } catch (error) {
        // The author is known but not their books: drawn in the browser, with the author's head.
        leftToBrowser(error, signal);
        return siteUrl ? { head: authorHead(author, siteUrl) } : false;
      }
    },
    head(client, siteUrl) {
      const author = client.getQueryData(authorQuery(id).queryKey);
      return author ? authorHead(author, siteUrl) : null;
    },
  };
}

const authorsPage: LandingPage = {
  async prefetch(client, signal) {
    try {
      const authors = await getAuthors(signal);
      client.setQueryData(authorsQuery().queryKey, authors);
      // The featured author's books are in the first screen too; without them it shows the
      // count alone, as the browser's first render does (which then asks for them).
      const featured = featuredAuthor(authors);
      if (featured) {
        const books = await getAuthorBooks(featured._id, signal).catch((error: unknown) => {
          leftToBrowser(error, signal);
          return undefined;
        });
        if (books) client.setQueryData(authorBooksQuery(featured._id).queryKey, books);
      }
      return !signal.aborted;
    } catch (error) {
      return leftToBrowser(error, signal);
    }
  },
  head: (_client, siteUrl) => authorsHead(siteUrl),
};

function categoryPage(slug: string, search: URLSearchParams): LandingPage | 'not-found' {
  const resolved = categoryLabel(slug);
  if (!resolved) return 'not-found';
  // As the category's grid asks (shared/catalogue/catalogue-browser.tsx): the query's filters,
  // the category from the path.
  const filters = filtersFromParams(search, CATEGORY_SORTS);
  const params = apiParams({
    ...filters,
    category: resolved.category as NonNullable<typeof filters.category>,
  });
  return {
    prefetch: (client, signal) => firstBookPage(client, params, signal),
    head: (_client, siteUrl) => categoryHead(resolved, siteUrl, search),
  };
}

const notFoundPage: LandingPage = {
  prefetch: async () => 'not-found',
  head: () => null,
};

/** The page the server draws at `pathname`, or `null` for a page the browser draws. */
export function landingPageFor(pathname: string, search: URLSearchParams): LandingPage | null {
  if (pathname === '/') {
    // `/?search=` shows the catalogue's search: drawn in the browser.
    if (search.get('search')?.trim()) return null;
    return { prefetch: drawn, head: (_client, siteUrl) => homeHead(siteUrl) };
  }
  if (pathname === '/books' || pathname === '/books/') {
    const params = apiParams(filtersFromParams(search));
    return {
      prefetch: (client, signal) => firstBookPage(client, params, signal),
      head: (_client, siteUrl) => catalogueHead(siteUrl, search),
    };
  }
  if (pathname === '/authors' || pathname === '/authors/') return authorsPage;
  const bare = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const text = TEXT_PAGES[bare];
  if (text) {
    // Back from the payment page, the donation page first says what the server confirmed: live.
    if (bare === '/community-donation' && search.has('donation')) return null;
    return text;
  }
  const author = pathId(AUTHOR_PATH.exec(pathname));
  if (author !== null) return authorPage(author);
  const book = pathId(BOOK_PATH.exec(pathname));
  if (book !== null) return bookPage(book);
  const category = pathId(CATEGORY_PATH.exec(pathname));
  if (category !== null) {
    const page = categoryPage(category, search);
    return page === 'not-found' ? notFoundPage : page;
  }
  return null;
}
