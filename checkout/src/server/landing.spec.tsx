/** @jest-environment node */
// The cart page's renderer as the checkout's edge server runs it: in Node, against an API over
// real HTTP (a small server answering the book calls the renderer makes).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeBook } from '@mechabrim/api-client/src/testing/render-with-api';
import { cartStore } from '@mechabrim/cart-store';
import { pageHeadSchema } from '@mechabrim/contracts';
import { sessionStore } from '@mechabrim/session';
import { strings } from '../strings.he';
import { renderLanding as renderLandingWithin } from './landing';

/**
 * The renderer with a deadline that only bounds a failing test: the default (1.5 s) is
 * production's, and a busy machine can stall this process past it for an answer that is there.
 */
const renderLanding: typeof renderLandingWithin = (pagePath, options) =>
  renderLandingWithin(pagePath, { timeoutMs: 10_000, ...options });

describe('cart page renderer', () => {
  let server: http.Server;
  let apiBaseUrl: string;
  let calls: string[];
  let books: Record<string, { status: number; body: unknown }>;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      calls.push(req.url ?? '');
      const id = decodeURIComponent((req.url ?? '').replace(/^\/api\/books\//, ''));
      const answer = books[id] ?? { status: 404, body: { statusCode: 404, message: 'לא נמצא' } };
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    calls = [];
    books = {
      b1: {
        status: 200,
        body: makeBook(1, { title: 'ים של מילים', price: 49.9, coverImage: '/c/1.svg' }),
      },
      b2: { status: 200, body: makeBook(2, { title: 'הר וגיא', price: 30 }) },
    };
  });

  it("draws the cart the cookie names, with the API's books, as the browser first draws it", async () => {
    const landing = await renderLanding('/cart', {
      apiBaseUrl,
      cookie: 'mb_cart=b1~2.b2~1',
    });
    const html = landing?.html ?? '';
    expect(html).toContain(`<h1 id="cart-title" class="co-page__title">${strings.cart.title}</h1>`);
    expect(html.match(/data-testid="cart-line"/g)).toHaveLength(2);
    expect(html).toContain('ים של מילים');
    expect(html).toContain('src="/c/1.svg"');
    // 2 × 49.90 + 30 = 129.80; the prices are still being checked, as in the browser's first render.
    expect(html).toContain('129.80');
    expect(html).toContain(strings.cart.loading);
    expect(html).toContain('aria-busy="true"');
    expect(landing?.state).toBeNull();
    // A reader's own page: titled, and kept out of search engines.
    expect(pageHeadSchema.parse(landing?.head)).toMatchObject({
      title: `${strings.cart.title} | מחברים`,
      description: strings.seo.cartDescription,
      noindex: true,
    });
    expect(calls.sort()).toEqual(['/api/books/b1', '/api/books/b2']);
    // The store is left as it was.
    expect(cartStore.getState().lines).toEqual([]);
  });

  it('draws the empty cart without asking the API', async () => {
    const landing = await renderLanding('/cart', { apiBaseUrl, cookie: 'mb_cart=-' });
    expect(landing?.html).toContain(strings.cart.empty);
    expect(calls).toEqual([]);
  });

  it.each([
    ['no cookie', undefined],
    ['a cookie it cannot read', 'mb_cart=b1'],
    ['a cart too long for the cookie', 'mb_cart=+'],
    ['a withdrawn book (the browser shows its stored title)', 'mb_cart=b1~1.gone~1'],
  ])('leaves the cart to the browser for %s', async (_label, cookie) => {
    await expect(renderLanding('/cart', { apiBaseUrl, cookie })).resolves.toBeNull();
  });

  it('leaves the cart to the browser when the API fails or is too slow', async () => {
    books.b1 = { status: 500, body: { statusCode: 500, message: 'תקלה' } };
    await expect(
      renderLanding('/cart', { apiBaseUrl, cookie: 'mb_cart=b1~1' }),
    ).resolves.toBeNull();
    await expect(
      renderLanding('/cart', { apiBaseUrl: 'http://127.0.0.1:9', cookie: 'mb_cart=b2~1' }),
    ).resolves.toBeNull();
  });

  it('draws the checkout for a signed-in reader: summary and an empty form, read-only until the app', async () => {
    const landing = await renderLanding('/checkout', {
      apiBaseUrl,
      cookie: 'mb_signed_in=1; mb_cart=b1~2.b2~1',
    });
    const html = landing?.html ?? '';
    expect(html).toContain(
      `<h1 id="checkout-title" class="co-page__title">${strings.checkout.title}</h1>`,
    );
    expect(html).toContain('class="checkout-details__note"');
    expect(html).toContain('ים של מילים');
    expect(html).toContain('129.80');
    expect(html).toContain('name="first_name"');
    expect(html).not.toContain(strings.checkout.checkingSession);
    // The stores are left as they were: nobody is signed in on the server.
    expect(sessionStore.getState().user).toBeNull();
    expect(cartStore.getState().lines).toEqual([]);
  });

  it.each([
    ['a guest (the browser sends them to sign in)', 'mb_cart=b1~1'],
    ['an empty cart (the browser sends the reader to the cart)', 'mb_signed_in=1; mb_cart=-'],
    ['no cart cookie', 'mb_signed_in=1'],
  ])('leaves the checkout to the browser for %s', async (_label, cookie) => {
    await expect(renderLanding('/checkout', { apiBaseUrl, cookie })).resolves.toBeNull();
    expect(calls).toEqual([]);
  });

  it('draws no other page', async () => {
    for (const url of ['/orders', '/payment/success', '//evil.example/cart', 'cart']) {
      await expect(
        renderLanding(url, { apiBaseUrl, cookie: 'mb_signed_in=1; mb_cart=b1~1' }),
      ).resolves.toBeNull();
    }
    expect(calls).toEqual([]);
  });
});
