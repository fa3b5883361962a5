/**
 * A signed-in buyer with three books in the cart, for the page benchmarks of the cart and
 * checkout: both pages show a buyer's own state, so before every run the demo reader is signed
 * in and the books are put in the cart through the shell's localStorage (as the storefront would
 * leave them, with the cookies the app mirrors them into, which let the server draw both pages),
 * and the browser's HTTP cache is emptied: each run is a cold load of a signed-in buyer with a cart.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';

interface CatalogueBook {
  _id: string;
  title: string;
  price: number;
  coverImage?: string;
  authorName?: string;
}

/** Lighthouse's settings with its storage reset off, so the signed-in session stays. */
export function keepingStorage(config: object | undefined): object {
  const base = (config ?? { extends: 'lighthouse:default' }) as {
    extends: string;
    settings?: object;
  };
  return { ...base, settings: { ...base.settings, disableStorageReset: true } };
}

export interface BuyerSession {
  /** Signs the buyer in, fills the cart and empties the HTTP cache (before each run). */
  prepare(): Promise<void>;
  /** The Chromium's default context, which holds the buyer's session. */
  context: BrowserContext;
  /** A second client (Playwright over CDP) on the Lighthouse Chromium. */
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Connects to the Lighthouse Chromium at `port` over CDP and prepares the buyer there before each
 * run: session and cart in the shell's localStorage, HTTP cache emptied.
 */
export async function startBuyerSession(
  urls: { api: string; shell: string },
  port: number,
): Promise<BuyerSession> {
  const login = (await (
    await fetch(`${urls.api}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: DEMO_ACCOUNTS.reader.email,
        password: DEMO_ACCOUNTS.reader.password,
      }),
    })
  ).json()) as { token: string };
  const { books } = (await (await fetch(`${urls.api}/api/books?limit=3&sort=sales`)).json()) as {
    books: CatalogueBook[];
  };
  const cart = books.map((book) => ({ book, quantity: 1 }));

  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const prepare = async () => {
    const page = await context.newPage();
    try {
      await page.goto(`${urls.shell}/about`, { waitUntil: 'domcontentloaded' });
      await page.evaluate(
        ([token, lines]) => {
          localStorage.setItem('token', token);
          localStorage.setItem('cart', lines);
        },
        [login.token, JSON.stringify(cart)] as const,
      );
      // Loaded again, the app mirrors the stored cart and the session into their cookies
      // (libs/cart-store, libs/session), as on every page the reader adds books on: the cart
      // and checkout pages are then drawn by the server.
      await page.reload({ waitUntil: 'load' });
      await page.waitForFunction(
        () =>
          /(^|; )mb_cart=[^-;]/.test(document.cookie) &&
          /(^|; )mb_signed_in=1/.test(document.cookie),
      );
      const session = await context.newCDPSession(page);
      await session.send('Network.clearBrowserCache');
      await session.detach();
    } finally {
      await page.close();
    }
  };
  return { prepare, context, browser, close: () => browser.close() };
}
