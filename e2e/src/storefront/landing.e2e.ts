import type { Page, Request } from 'playwright-core';
import {
  keep,
  openPage,
  pageErrors,
  startWorld,
  VIEWPORTS,
  type ApiBook,
  type StorefrontWorld,
  type ViewportName,
} from './support/storefront-stack';
import { present } from '../support/present';

// Server-side composition of the landing pages: the shell's server sends `/`, `/books` and
// `/book/:id` with the storefront's markup already in them (services/edge/src/landing.ts),
// readable without scripts, and the shell takes that markup over without redrawing it
// (shell/src/app/landing.tsx).

const HERO_TITLE = 'יותר קהילה. יותר סופרים.';
/** A well-formed id that no book has. */
const MISSING_BOOK_ID = '0123456789abcdef01234567';
/** Cumulative layout shift a page may have at most (Core Web Vitals' "good" is 0.1). */
const CLS_LIMIT = 0.05;
const ROOT = /<div id="?root"?>\s*<\/div>/;

/** A book as `GET /api/books/:id` answers it. */
interface ApiBookDetail extends ApiBook {
  coverImage: string;
}

interface DehydratedQuery {
  queryKey: unknown[];
  state: { status: string; data: { _id?: string; title?: string } | undefined };
}

/** Text as React's server renderer escapes it, in text and in attributes. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The opening `<html …>` tag (the inline start-up script mentions `data-landing` too). */
function htmlTag(html: string): string {
  return /<html[^>]*>/.exec(html)?.[0] ?? '';
}

function isComposed(html: string): boolean {
  return /\sdata-landing(?=[\s>=])/.test(htmlTag(html)) || html.includes('class="shell-landing"');
}

/** The JSON of `<script type="application/json" id="mb-landing-state">`, if any. */
function landingState(html: string): { queries: DehydratedQuery[] } | null {
  const text = /<script type="application\/json" id="mb-landing-state">(.*?)<\/script>/s.exec(
    html,
  )?.[1];
  return text ? (JSON.parse(text) as { queries: DehydratedQuery[] }) : null;
}

/**
 * Watches the page from its first byte: the layout shifts (the Layout Instability API, buffered
 * from the navigation's start) and what the server's markup was when the document was parsed,
 * before any of the app's scripts ran (they load after the first paint).
 */
async function watchLanding(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Shift extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    }
    const w = window as unknown as Record<string, unknown>;
    const shifts: { value: number; nodes: string[] }[] = [];
    w.__layout = { cls: 0, shifts };
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          (w.__layout as { cls: number }).cls += entry.value;
          shifts.push({
            value: entry.value,
            nodes: (entry.sources ?? []).map((source) => {
              const node = source.node as Element | null | undefined;
              return node ? `${node.nodeName}.${String(node.className ?? '')}` : '?';
            }),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    } catch {
      w.__layout = null;
    }
    // The page's heading as it changes: `server:` while it is the server's markup, `app:` once
    // the storefront drew it (consecutive repeats are dropped).
    const headings: string[] = [];
    w.__headings = headings;
    new MutationObserver(() => {
      const heading = document.querySelector('main h1');
      if (!heading && headings.length === 0) return;
      const owner = document.querySelector('.shell-landing') ? 'server' : 'app';
      const seen = heading ? `${owner}: ${heading.textContent}` : `${owner}: (no heading)`;
      if (headings.at(-1) !== seen) headings.push(seen);
    }).observe(document, { childList: true, subtree: true, characterData: true });
    document.addEventListener('DOMContentLoaded', () => {
      w.__parsed = {
        dataLanding: document.documentElement.hasAttribute('data-landing'),
        landingPath: document.querySelector('.shell-landing')?.getAttribute('data-landing-path'),
        hero: document.querySelector('.shell-landing p.home-hero__text')?.textContent ?? undefined,
        title:
          document.querySelector('.shell-landing h1.book-main__title')?.textContent ?? undefined,
      };
    });
  });
}

interface Parsed {
  dataLanding: boolean;
  landingPath?: string | null;
  hero?: string;
  title?: string;
}

function parsed(page: Page): Promise<Parsed> {
  return page.evaluate(() => (window as unknown as { __parsed: Parsed }).__parsed);
}

/** The page's heading from the first moment it was on screen (see `watchLanding`). */
function headings(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __headings: string[] }).__headings);
}

/** The cumulative layout shift so far; fails when the browser cannot measure it. */
async function layoutShift(
  page: Page,
): Promise<{ cls: number; shifts: { value: number; nodes: string[] }[] }> {
  const layout = await page.evaluate(
    () =>
      (
        window as unknown as {
          __layout: { cls: number; shifts: { value: number; nodes: string[] }[] } | null;
        }
      ).__layout,
  );
  if (!layout) throw new Error('this browser does not report layout-shift entries');
  return layout;
}

async function expectSteady(page: Page): Promise<void> {
  const { cls, shifts } = await layoutShift(page);
  // The shifts name the nodes that moved when it fails.
  expect({ steady: cls < CLS_LIMIT, cls, shifts }).toMatchObject({ steady: true });
}

/** Resolves once the shell has swapped the server's markup for the storefront's own page. */
async function takenOver(page: Page): Promise<void> {
  await page.locator('.shell-landing').waitFor({ state: 'detached', timeout: 30_000 });
  await page.locator('main h1').first().waitFor();
}

// One stack for both widths: each width's journey uses its own accounts and records, so the
// second does not depend on what the first left behind.
let world: StorefrontWorld;
beforeAll(async () => {
  // Only reads: the shared stack, whose edge waits for the API as long as these tests need
  // (LANDING_TIMEOUT_MS, support/seeded-data.ts).
  world = await startWorld({}, { borrow: true });
});
afterAll(() => world?.close());

describe.each<ViewportName>(['desktop', 'mobile'])(
  'landing pages drawn by the server (%s)',
  (viewport) => {
    let book: ApiBookDetail;
    let shellUrl: string;

    beforeAll(async () => {
      shellUrl = world.stack.urls.shell;
      const { books } = await world.api<{ books: ApiBook[] }>('/api/books?limit=100');
      const id = present(books.find((b) => b.isAvailable) ?? books[0], 'book')._id;
      book = await world.api<ApiBookDetail>(`/api/books/${id}`);
    });

    async function get(path: string): Promise<{ status: number; type: string; html: string }> {
      const res = await fetch(`${shellUrl}${path}`, { headers: { accept: 'text/html' } });
      return {
        status: res.status,
        type: res.headers.get('content-type') ?? '',
        html: await res.text(),
      };
    }

    /** Requests for the book itself (`GET /api/books/:id`), and for its reviews and the like. */
    function countBookRequests(page: Page) {
      // The page calls the API on its own origin (the shell's server proxies /api).
      const api = new URL(world.stack.urls.shell).origin;
      const own = `/api/books/${book._id}`;
      const counted = { book: [] as string[], underBook: [] as string[] };
      page.on('request', (request: Request) => {
        const url = new URL(request.url());
        if (url.origin !== api) return;
        if (url.pathname === own) counted.book.push(`${request.method()} ${url.href}`);
        else if (url.pathname.startsWith(`${own}/`)) counted.underBook.push(url.pathname);
      });
      return counted;
    }

    it('the HTML: a book page and the home page arrive drawn, with the data; other pages do not', async () => {
      const page = await get(`/book/${book._id}`);
      expect(page.status).toBe(200);
      expect(page.type).toMatch(/^text\/html/);
      expect(htmlTag(page.html)).toMatch(/^<html data-landing(?:="")?[\s>]/);
      const start = page.html.indexOf(
        `<div class="shell-landing" data-landing-path="/book/${book._id}">`,
      );
      expect(start).toBeGreaterThan(0);
      const area = page.html.slice(start);
      expect(area).toContain(`<h1 class="book-main__title">${escapeHtml(book.title)}</h1>`);
      expect(area).toMatch(
        new RegExp(`<img [^>]*\\bsrc="${escapeRegExp(escapeHtml(book.coverImage))}"`),
      );
      expect(page.html).toMatch(/<style data-landing-css(?:="")?>[^<]*\.book-main/);
      // The shell's script is loaded after the first paint, not by the parser.
      expect(page.html).not.toMatch(/<script defer[^>]*src=/);
      expect(page.html).toMatch(/<script data-after-paint="[^"]*main\.js[^"]*"><\/script>/);
      // The first picture is the page, not the header alone: the head holds rendering until the
      // frame's <main>, which holds the page, is parsed.
      const head = page.html.slice(0, page.html.indexOf('</head>'));
      expect(head).toMatch(/<link rel="expect" href="#main" blocking="render">/);
      const main = page.html.indexOf('<main id="main"');
      expect(main).toBeGreaterThan(0);
      expect(main).toBeLessThan(start);
      expect(page.html.indexOf('</main>')).toBeGreaterThan(start);

      const state = landingState(page.html);
      expect(state).not.toBeNull();
      const detail = state!.queries.find(
        (q) => JSON.stringify(q.queryKey) === JSON.stringify(['books', 'detail', book._id]),
      );
      expect(detail).toBeDefined();
      expect(detail!.state).toMatchObject({
        status: 'success',
        data: { _id: book._id, title: book.title },
      });

      const home = await get('/');
      expect(home.status).toBe(200);
      expect(htmlTag(home.html)).toMatch(/^<html data-landing(?:="")?[\s>]/);
      expect(home.html).toContain('<div class="shell-landing" data-landing-path="/">');
      expect(home.html).toContain(escapeHtml(HERO_TITLE));
      const books = await get('/books');
      expect(books.html).toContain('<div class="shell-landing" data-landing-path="/books">');

      // Not landing pages, or nothing to draw: index.html as it is, for the browser to draw (a
      // missing book with 404).
      for (const [path, status] of [
        ['/contact', 200],
        ['/?search=x', 200],
        [`/book/${MISSING_BOOK_ID}`, 404],
      ] as const) {
        const other = await get(path);
        expect({ path, status: other.status, composed: isComposed(other.html) }).toEqual({
          path,
          status,
          composed: false,
        });
        expect(other.html).toMatch(ROOT);
        expect(other.html).not.toContain('mb-landing-state');
        expect(other.html).not.toContain('rel="expect"');
        expect(other.html).toMatch(/<script defer[^>]*src="[^"]*main\.js/);
      }
    });

    it('the HTML: the authors, an author, a category, about and the policy pages arrive drawn, each with its data and its own title', async () => {
      if (viewport === 'mobile') return; // HTTP only: once is enough
      const author = book.author;
      for (const [path, heading, data] of [
        ['/authors', 'הסופרים שלנו', ['authors', 'list']],
        [`/author/${author._id}`, author.name, ['authors', 'detail', author._id]],
        [`/category/${encodeURIComponent(book.category)}`, book.category, ['books', 'pages']],
        ['/about', 'אודות מחברים', ['stats']],
        ['/how-it-works', 'איך זה עובד', ['stats']],
        ['/author-compensation', 'מדיניות תגמול סופרים', null],
        ['/how-to-upload', 'מדריך העלאת ספר', null],
        ['/shipping-policy', 'מדיניות משלוחים', null],
        ['/community-donation', 'תרומה לקהילה', null],
        ['/terms', 'תקנון האתר', null],
        ['/authors-terms', 'תקנון הסופרים', null],
      ] as const) {
        const page = await get(path);
        expect({ path, status: page.status, composed: isComposed(page.html) }).toEqual({
          path,
          status: 200,
          composed: true,
        });
        expect(page.html).toContain(
          `<div class="shell-landing" data-landing-path="${escapeHtml(path)}">`,
        );
        expect(page.html).toContain(`<h1 class="sf-page-title">${escapeHtml(heading)}</h1>`);
        expect(page.html).toContain(`<title>${escapeHtml(heading)} | מחברים</title>`);
        expect(page.html).toMatch(/<link rel="canonical" href="[^"]+"/);
        expect(page.html).toContain('"@type":"BreadcrumbList"');
        if (data) {
          const keys = landingState(page.html)?.queries.map((q) => JSON.stringify(q.queryKey));
          expect({
            path,
            handedOver: keys?.some((k) => k.startsWith(JSON.stringify(data).slice(0, -1))),
          }).toEqual({ path, handedOver: true });
        }
      }
      expect((await get(`/author/${author._id}`)).html).toContain('"@type":"Person"');
      expect((await get('/category/no-such-category')).status).toBe(404);
    });

    it('the authors page is taken over without a redraw and without asking for the authors again', async () => {
      const { page, errors, context } = await openPage(world, viewport);
      await watchLanding(page);
      const api = new URL(world.stack.urls.shell).origin;
      const asked: string[] = [];
      page.on('request', (request: Request) => {
        const url = new URL(request.url());
        if (url.origin === api && url.pathname === '/api/authors') asked.push(url.href);
      });
      await page.goto(`${shellUrl}/authors`);
      await takenOver(page);
      await expect(parsed(page)).resolves.toMatchObject({
        dataLanding: true,
        landingPath: '/authors',
      });
      await expect(headings(page)).resolves.toEqual(['server: הסופרים שלנו', 'app: הסופרים שלנו']);
      // The app's own page: its controls work.
      await page.getByLabel('חיפוש סופרים').fill(book.author.name);
      await page.locator('.authors-grid [data-testid="author-card"]').first().waitFor();
      await expectSteady(page);
      expect(asked).toEqual([]);
      expect(pageErrors(errors)).toEqual([]);
      await context.close();
    });

    it('a page nobody has — an unknown path, a missing book or author — answers 404 with the app', async () => {
      if (viewport === 'mobile') return; // HTTP only: once is enough
      const listed = await world.api<{ _id: string }[] | { authors: { _id: string }[] }>(
        '/api/authors',
      );
      const authors = Array.isArray(listed) ? listed : listed.authors;
      const author = present(authors[0], 'author')._id;
      for (const [path, status] of [
        ['/no-such-page', 404],
        ['/book/65a1b2c3d4e5f60718293a4b', 404],
        ['/author/65a1b2c3d4e5f60718293a4b', 404],
        [`/book/${book._id}`, 200],
        [`/author/${author}`, 200],
        ['/books', 200],
      ] as const) {
        const page = await get(path);
        expect({ path, status: page.status }).toEqual({ path, status });
        expect(page.type).toMatch(/^text\/html/);
        expect(page.html).toContain('id="root"');
      }
    });

    it('readable without scripts: the book page and the home page', async () => {
      const context = await world.browser.newContext({
        viewport: VIEWPORTS[viewport],
        locale: 'he-IL',
        // A reader who has not asked for less motion: the skeletons' shimmer would run for them.
        reducedMotion: 'no-preference',
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto(`${shellUrl}/book/${book._id}`, { waitUntil: 'load' });
      const title = page.locator('h1.book-main__title');
      await title.waitFor();
      await expect(title.textContent()).resolves.toBe(book.title);
      await expect(title.isVisible()).resolves.toBe(true);
      const cover = page.locator('.book-main img.mb-cover__img');
      await expect(cover.getAttribute('src')).resolves.toBe(book.coverImage);
      await expect(cover.isVisible()).resolves.toBe(true);
      await expect(
        cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      ).resolves.toBeGreaterThan(0);
      const logo = page.locator('header a.header__logo');
      await expect(logo.isVisible()).resolves.toBe(true);
      await expect(logo.locator('.header__logo-text').textContent()).resolves.toBe('מחברים');
      // Nobody took it over: it is the server's markup, and no script was asked for.
      await expect(page.locator('.shell-landing').count()).resolves.toBe(1);
      await keep(page, 'landing-no-js-book', viewport);

      await page.goto(`${shellUrl}/`, { waitUntil: 'load' });
      const hero = page.locator('h1.home-hero__title');
      await expect(hero.textContent()).resolves.toBe(HERO_TITLE);
      await expect(hero.isVisible()).resolves.toBe(true);
      await keep(page, 'landing-no-js-home', viewport);
      expect(scripts).toEqual([]);
      // The lists the app would fill in are skeletons here, and they do not shimmer forever.
      const skeletons = page.locator('.mb-skeleton');
      await expect(skeletons.count()).resolves.toBeGreaterThan(0);
      await expect(
        skeletons.evaluateAll((all) =>
          all
            // The shimmer is the highlight drawn by each skeleton's `::after`.
            .filter((el) => getComputedStyle(el, '::after').animationName !== 'none')
            .map((el) => el.className),
        ),
      ).resolves.toEqual([]);
      await context.close();
    });

    it('a book page is taken over without a redraw and without asking for the book again', async () => {
      const { page, errors, context } = await openPage(world, viewport);
      await watchLanding(page);
      const requests = countBookRequests(page);
      const warmUp = { workers: [] as string[], answers: [] as number[] };
      page.on('worker', (worker) => warmUp.workers.push(new URL(worker.url()).pathname));
      page.on('response', (response) => {
        if (response.url().includes('/intl-warm-up.')) warmUp.answers.push(response.status());
      });
      await page.goto(`${shellUrl}/book/${book._id}`);
      await takenOver(page);
      // The early start set ICU's number data loading on another core (shell/src/intl-warm-up.ts):
      // one worker, from the page's own origin (the CSP allows no other), its script answered.
      expect(warmUp.workers).toEqual([expect.stringMatching(/^\/intl-warm-up\.[0-9a-f]{8}\.js$/)]);
      expect(warmUp.answers).toEqual([200]);
      await expect(parsed(page)).resolves.toEqual({
        dataLanding: true,
        landingPath: `/book/${book._id}`,
        title: book.title,
      });
      await expect(page.locator('main h1').textContent()).resolves.toBe(book.title);
      // The heading never left the screen: no loading state or skeleton between the server's
      // markup and the storefront's own page.
      await expect(headings(page)).resolves.toEqual([
        `server: ${book.title}`,
        `app: ${book.title}`,
      ]);
      // The storefront's own page: its buttons work, and the shell's cart badge follows.
      await page.getByRole('button', { name: 'הוספה לסל', exact: true }).click();
      await page.getByRole('button', { name: 'הסרה מהסל', exact: true }).waitFor();
      await expect(page.getByTestId('cart-count').textContent()).resolves.toBe('1');
      // What the page fetches after it appears (reviews, related books) has arrived.
      await page
        .locator('section', { has: page.locator('#book-related') })
        .locator('[data-testid="book-card"], [data-testid="empty-state"]')
        .first()
        .waitFor();
      await keep(page, 'landing-book-taken-over', viewport);

      await expectSteady(page);
      // The listener sees the book's API (its reviews); the book came with the page.
      expect(requests.underBook.length).toBeGreaterThan(0);
      expect(requests.book).toEqual([]);
      expect(pageErrors(errors)).toEqual([]);
      await context.close();
    });

    it('the home page is taken over with the same hero, then its picks arrive', async () => {
      const { page, errors, context } = await openPage(world, viewport);
      await watchLanding(page);
      await page.goto(`${shellUrl}/`);
      await takenOver(page);
      const server = await parsed(page);
      expect(server).toMatchObject({ dataLanding: true, landingPath: '/' });
      expect(server.hero).toBeTruthy();
      await expect(page.locator('main h1').textContent()).resolves.toBe(HERO_TITLE);
      await expect(page.locator('p.home-hero__text').textContent()).resolves.toBe(server.hero);
      await expect(headings(page)).resolves.toEqual([
        `server: ${HERO_TITLE}`,
        `app: ${HERO_TITLE}`,
      ]);
      const cards = page.locator('#picks [data-testid="book-card"]');
      await cards.first().waitFor();
      // Swiper takes over the picks once the reader is near them.
      await page.locator('#picks').scrollIntoViewIfNeeded();
      await page.locator('#picks .swiper-initialized').waitFor();
      expect(await cards.count()).toBeGreaterThan(0);
      await page
        .locator('section', { has: page.locator('#month-authors-title') })
        .locator('[data-testid="author-card"]')
        .first()
        .waitFor();
      await keep(page, 'landing-home-taken-over', viewport);

      await expectSteady(page);
      expect(pageErrors(errors)).toEqual([]);
      await context.close();
    });

    it('after the takeover, links navigate in the page (no reload)', async () => {
      const { page, errors, context } = await openPage(world, viewport);
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
      });
      await page.goto(`${shellUrl}/book/${book._id}`);
      await takenOver(page);
      await page.evaluate(() => {
        (window as unknown as { __marker: number }).__marker = 1;
      });

      await page
        .getByRole('navigation', { name: 'מסלול ניווט' })
        .getByRole('link', { name: 'דף הבית' })
        .click();
      await page.waitForURL((url) => url.pathname === '/');
      const hero = page.locator('main h1', { hasText: HERO_TITLE });
      await hero.waitFor();
      await expect(hero.isVisible()).resolves.toBe(true);
      await page.locator('#picks [data-testid="book-card"]').first().waitFor();
      // The server's book markup is spent: it never comes back, not even as a loading state.
      await expect(page.locator('.shell-landing').count()).resolves.toBe(0);

      // And back to the book, drawn by the storefront from the cache.
      await page.goBack();
      await page.locator('main h1', { hasText: book.title }).waitFor();
      await expect(page.locator('.shell-landing').count()).resolves.toBe(0);

      await expect(
        page.evaluate(() => (window as unknown as { __marker?: number }).__marker),
      ).resolves.toBe(1);
      expect(documents).toEqual([`${shellUrl}/book/${book._id}`]);
      expect(pageErrors(errors)).toEqual([]);
      await context.close();
    });
  },
);
