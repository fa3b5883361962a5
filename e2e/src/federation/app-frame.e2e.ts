import path from 'node:path';
import type { RunningStack } from '@mechabrim/launcher';
import { startEdgeServer } from '@mechabrim/edge';
import type { Browser } from 'playwright-core';
import { collectErrors, launchBrowser, screenshot } from '../support/browser';
import { demoAuthorToken, ROOT, borrowFederationStack } from './support/front-ends';

/** The signed-in user's id, from the real API's profile answer. */
async function authorIdOf(stack: RunningStack, token: string): Promise<string> {
  const res = await fetch(`${stack.urls.api}/api/auth/profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { _id } = (await res.json()) as { _id: string };
  return _id;
}

interface ShareEntry {
  from: string;
  loaded?: boolean;
  useIn: string[];
}

describe('the app frame and the shared singletons', () => {
  let browser: Browser;
  let stack: RunningStack;

  beforeAll(async () => {
    [browser, stack] = await Promise.all([launchBrowser(), borrowFederationStack()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('is a Hebrew right-to-left page with header, main and footer, fonts served by us', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const foreignRequests: string[] = [];
    const fontFiles: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontFiles.push(new URL(request.url()).pathname);
      const { hostname } = new URL(request.url());
      if (hostname !== 'localhost' && !request.url().startsWith('data:'))
        foreignRequests.push(request.url());
    });
    await page.goto(`${stack.urls.shell}/about`);
    await page.locator('[data-remote="storefront"] h1').first().waitFor();
    // The server draws /about without the footer; it comes when the app has taken the page over.
    await page.getByRole('contentinfo').waitFor();

    const html = page.locator('html');
    await expect(html.getAttribute('lang')).resolves.toBe('he');
    await expect(html.getAttribute('dir')).resolves.toBe('rtl');
    // Landmarks: one site header (banner), one main, one site footer (contentinfo).
    await expect(page.getByRole('banner').count()).resolves.toBe(1);
    await expect(page.getByRole('main').count()).resolves.toBe(1);
    await expect(page.getByRole('contentinfo').count()).resolves.toBe(1);
    const fontFamily = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(fontFamily).toMatch(/^"?Heebo/);
    await page.evaluate(() => document.fonts.ready);
    await expect(page.evaluate(() => document.fonts.check('16px Heebo', 'שלום'))).resolves.toBe(
      true,
    );
    // A Hebrew page's spaces, digits and prices come from Heebo's small digit faces and its
    // Hebrew files (libs/ui/src/digits.css, shekel.css), never from the whole Latin faces.
    expect(fontFiles.some((file) => file.includes('/heebo-digits-400-normal.'))).toBe(true);
    expect(fontFiles.filter((file) => file.includes('heebo-latin'))).toEqual([]);
    expect(foreignRequests).toEqual([]);
    expect(errors).toEqual([]);
    await screenshot(page, 'federation-frame');
    await page.close();
  });

  it('hides the header on the author portal paths and keeps it elsewhere', async () => {
    // The demo author, signed in through the real API.
    const token = await demoAuthorToken(stack);
    const context = await browser.newContext();
    await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
    const page = await context.newPage();
    await page.goto(`${stack.urls.shell}/author-dashboard`);
    await page
      .locator('[data-remote="authorPortal"]')
      .getByRole('heading', { level: 1, name: /^שלום, / })
      .waitFor();
    await expect(page.getByRole('banner').count()).resolves.toBe(0);
    await expect(page.getByRole('contentinfo').count()).resolves.toBe(1);
    await screenshot(page, 'federation-author-dashboard-in-shell');

    const [ownBook] = (await (
      await fetch(`${stack.urls.api}/api/books/author/${await authorIdOf(stack, token)}`)
    ).json()) as { _id: string }[];
    for (const path of ['/book/upload', `/book/edit/${ownBook?._id}`]) {
      await page.goto(`${stack.urls.shell}${path}`);
      await page.locator('[data-remote="authorPortal"] h1').waitFor();
      await expect(page.getByRole('banner').count()).resolves.toBe(0);
    }
    await page.goto(`${stack.urls.shell}/about`);
    await page.getByRole('banner').waitFor();
    await context.close();
  });

  it('loads React, the router and the stores once for the shell and the remotes, and the federation runtime once; the scripts it runs whole are marked for eager compilation', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(`${stack.urls.shell}/about`);
    await page.locator('[data-remote="storefront"] h1').first().waitFor();
    // The server draws /about without the footer; it comes when the app has taken the page over.
    await page.getByRole('contentinfo').waitFor();
    // Client-side navigation (the header's cart button): the same page now runs two remotes.
    await page.getByRole('banner').locator('a[href="/cart"]').click();
    await page.locator('[data-remote="checkout"] h1').first().waitFor();

    const shared = await page.evaluate(() => {
      const federation = (
        globalThis as unknown as {
          __FEDERATION__: {
            __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareEntry>>>>;
            __INSTANCES__: { name: string }[];
          };
        }
      ).__FEDERATION__;
      const byPackage: Record<
        string,
        { version: string; from: string; loaded: boolean; useIn: string[] }[]
      > = {};
      for (const scopes of Object.values(federation.__SHARE__)) {
        for (const packages of Object.values(scopes)) {
          for (const [name, versions] of Object.entries(packages)) {
            for (const [version, entry] of Object.entries(versions)) {
              (byPackage[name] ??= []).push({
                version,
                from: entry.from,
                loaded: Boolean(entry.loaded),
                useIn: entry.useIn,
              });
            }
          }
        }
      }
      return {
        byPackage,
        instances: federation.__INSTANCES__.map((instance) => instance.name),
        runtimeCore: typeof (globalThis as unknown as { _FEDERATION_RUNTIME_CORE?: unknown })
          ._FEDERATION_RUNTIME_CORE,
      };
    });

    expect(shared.instances).toEqual(expect.arrayContaining(['shell', 'storefront', 'checkout']));
    for (const name of [
      'react',
      'react-dom',
      '@mechabrim/routing',
      '@mechabrim/query',
      'zustand',
      '@mechabrim/cart-store',
      '@mechabrim/session',
      '@mechabrim/ui',
    ]) {
      const loaded = shared.byPackage[name]?.filter((entry) => entry.loaded) ?? [];
      expect({ name, loaded: loaded.length, from: loaded[0]?.from }).toEqual({
        name,
        loaded: 1,
        from: 'shell',
      });
    }
    // The remotes used the shell's copies: none of their own fallback chunks for React was fetched.
    const remoteReactChunks: string[] = [];
    for (const remote of ['storefront', 'checkout'] as const) {
      const manifest = (await (await fetch(`${stack.urls[remote]}/mf-manifest.json`)).json()) as {
        shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
      };
      for (const share of manifest.shared.filter(
        (s) => s.name === 'react' || s.name === 'react-dom',
      )) {
        for (const file of [...share.assets.js.sync, ...share.assets.js.async]) {
          remoteReactChunks.push(`${stack.urls[remote]}/${file}`);
        }
      }
    }
    expect(remoteReactChunks.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => remoteReactChunks.includes(url))).toEqual([]);
    // The federation runtime comes from the shell, provided on the global for the remote entries.
    expect(shared.runtimeCore).toBe('object');

    // The scripts a page runs whole carry V8's compile hint (build-config/federation/webpack.cjs):
    // the shell's main.js and each remote's entry with its App. A route's own chunks do not.
    const runWhole =
      /\/main\.js(\?|$)|\/remoteEntry\.js$|\/__federation_expose_App\.[0-9a-f]+\.js$/;
    const hints = await Promise.all(
      scripts.map(async (url) => ({
        url,
        hinted: (await (await fetch(url)).text()).startsWith('//# allFunctionsCalledOnLoad\n'),
      })),
    );
    expect(hints.filter((script) => runWhole.test(script.url)).length).toBe(5);
    expect(hints.filter((script) => script.hinted !== runWhole.test(script.url))).toEqual([]);
    expect(hints.some((script) => !script.hinted)).toBe(true);
    await page.close();
  });

  it('says in Hebrew that the site could not load when the runtime config is missing', async () => {
    // A shell deployed without its /runtime-config.json.
    const bare = await startEdgeServer({
      dir: path.join(ROOT, 'shell/dist'),
      port: 0,
      host: '127.0.0.1',
    });
    const page = await browser.newPage();
    try {
      await page.goto(`${bare.url}/`);
      const alert = page.getByRole('alert');
      await alert.getByText('לא הצלחנו לטעון את האתר').waitFor();
      await expect(alert.getByRole('button', { name: 'טעינה מחדש' }).isVisible()).resolves.toBe(
        true,
      );
    } finally {
      await page.close();
      await bare.close();
    }
  });
});
