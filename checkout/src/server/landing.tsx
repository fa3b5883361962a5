// The cart and checkout pages rendered to HTML on the server (server-side composition, as the
// storefront's landing pages: storefront/src/server/landing.tsx).
//
// Drawn in the browser, the cart's first picture waits for the shell's script, this remote's
// manifest, entry and `./App` chunk, then a React render: on a phone over a slow network that is
// seconds. The cart lives in the browser's localStorage, which no server sees, so the cart store
// mirrors which books and how many into a cookie (libs/cart-store cart-cookie.ts); the edge
// server hands that cookie here, the books are read from the API, and the page is drawn with the
// very component the browser runs, as its first render draws it: the stored lines with their
// prices still being checked. The shell keeps the markup on screen until this remote takes over
// with the same markup (shell/src/app/landing.tsx).
//
// The checkout page is drawn for a signed-in reader only (the session's `mb_signed_in` cookie; a
// guest's browser goes to sign in) and as a reader the server does not know: the form's fields
// empty and read-only until the browser fills them from the account and the remembered details.
//
// Built for Node into dist/server/landing.cjs (webpack.config.cjs), run by the checkout's edge
// server at `/__landing`.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@mechabrim/query';
import { MemoryRouter, parseSitePath } from '@mechabrim/routing';
import {
  cartCookieFrom,
  cartStore,
  cookieFrom,
  parseCartCookie,
  type CartLine,
} from '@mechabrim/cart-store';
import {
  DEFAULT_LANDING_API_TIMEOUT_MS,
  withinDeadline,
  type PageHead,
} from '@mechabrim/contracts';
import { configureApi, sessionStore, SIGNED_IN_COOKIE } from '@mechabrim/session';
import { CartPage } from '../features/cart';
import { CheckoutPage } from '../features/checkout';
import { getCurrentBook } from '../features/cart/api/get-cart-books';
import { strings } from '../strings.he';

export interface Landing {
  /** The checkout area's markup for the path. */
  html: string;
  /** Query-cache state for the browser: none, the cart page re-reads its prices when it opens. */
  state: null;
  /** The page's <head>: its title, and that search engines are not to keep it. */
  head: PageHead;
}

export interface LandingOptions {
  apiBaseUrl: string;
  /** Gives up on the API after this long; the page is then drawn in the browser as before. */
  timeoutMs?: number;
  /** The page request's `Cookie` header (the edge server forwards the cart's and the session's). */
  cookie?: string;
}

/** The stored lines the cookie names, with their books as the API has them; `null` if any is missing. */
async function cartLines(
  wanted: readonly { id: string; quantity: number }[],
  signal: AbortSignal,
): Promise<CartLine[] | null> {
  try {
    const answers = await Promise.all(wanted.map(({ id }) => getCurrentBook(id, signal)));
    const lines: CartLine[] = [];
    for (const [index, answer] of answers.entries()) {
      const quantity = wanted[index]?.quantity;
      // A withdrawn book shows in the browser under the title the reader stored: drawn there.
      if (answer.status !== 'found' || quantity === undefined) return null;
      lines.push({ book: answer.book, quantity });
    }
    return lines;
  } catch {
    // A slow or failing API: the browser draws the cart.
    return null;
  }
}

/** Whether the `Cookie` header says the browser holds a session. */
function signedIn(cookieHeader: string | undefined): boolean {
  return cookieFrom(cookieHeader, SIGNED_IN_COOKIE) === '1';
}

/** The reader the checkout is drawn for: signed in, nothing else known (see above). */
const UNKNOWN_READER = { _id: '', name: '', email: '', role: 'user' } as const;

/** A reader's own page: its title and description, kept out of search engines. */
function headOf(page: '/cart' | '/checkout'): PageHead {
  const cart = page === '/cart';
  return {
    title: strings.seo.titleOf(cart ? strings.cart.title : strings.checkout.title),
    description: cart ? strings.seo.cartDescription : strings.seo.checkoutDescription,
    noindex: true,
    type: 'website',
    siteName: strings.seo.siteName,
    locale: strings.seo.locale,
    jsonLd: [],
  };
}

/**
 * Renders the checkout area of `url` (a path with its query) as the reader's browser first draws
 * it, or `null` when that page is not drawn here (only `/cart` and `/checkout` are) or its data
 * could not be had.
 */
export async function renderLanding(url: string, options: LandingOptions): Promise<Landing | null> {
  const parsed = parseSitePath(url);
  if (!parsed) return null;
  const page = parsed.pathname.replace(/\/$/, '');
  if (page !== '/cart' && page !== '/checkout') return null;
  // A guest's checkout sends them to sign in: the browser does that.
  if (page === '/checkout' && !signedIn(options.cookie)) return null;
  // No cookie yet (a cart stored before it existed) or a cart too long for one: the browser draws.
  const cookie = parseCartCookie(cartCookieFrom(options.cookie));
  if (!cookie || !('lines' in cookie)) return null;
  // An empty cart's checkout sends the reader back to the cart: the browser does that.
  if (page === '/checkout' && cookie.lines.length === 0) return null;
  configureApi({ apiBaseUrl: options.apiBaseUrl });
  // A slow API (past the deadline): the browser draws the page.
  const lines = await withinDeadline(
    options.timeoutMs ?? DEFAULT_LANDING_API_TIMEOUT_MS,
    (signal) => cartLines(cookie.lines, signal),
  ).catch(() => null);
  if (!lines) return null;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The stores the page reads, filled for this render only (rendering is synchronous).
  const before = { lines: cartStore.getState().lines, session: sessionStore.getState() };
  cartStore.setState({ lines });
  if (page === '/checkout') sessionStore.setState({ user: UNKNOWN_READER, loading: false });
  try {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`${parsed.pathname}${parsed.search}`]}>
          {page === '/cart' ? <CartPage /> : <CheckoutPage />}
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return { html, state: null, head: headOf(page) };
  } finally {
    cartStore.setState({ lines: before.lines });
    sessionStore.setState({ user: before.session.user, loading: before.session.loading });
    client.clear();
  }
}
