import type { Locator, Page } from 'playwright-core';
import { collectCspViolations } from '../support/browser';
import {
  VIEWPORTS,
  keep,
  openPage,
  pageErrors,
  seriousViolations,
  startWorld,
  visit,
  type ApiBook,
  type StorefrontWorld,
  type ViewportName,
} from './support/storefront-stack';

type ExcerptBook = ApiBook & { hasExcerpt?: boolean };

const reader = (page: Page) => page.getByRole('dialog', { name: /^קטע מתוך / });
const pageCount = (page: Page) => page.getByTestId('excerpt-page');

/** Some pixel of the drawn page is dark: pdf.js drew the text, not an empty canvas. */
async function drawnText(canvas: Locator): Promise<boolean> {
  return canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
    if (!data) return false;
    for (let i = 0; i < data.length; i += 4)
      if ((data[i] ?? 255) < 100 && (data[i + 3] ?? 0) > 0) return true;
    return false;
  });
}

/** A finger dragging across the page (pointer events of a touch screen). */
async function swipe(stage: Locator, dx: number): Promise<void> {
  const box = await stage.boundingBox();
  if (!box) throw new Error('the reader has no page area');
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - dx / 2;
  const common = { pointerType: 'touch', pointerId: 7, isPrimary: true, bubbles: true };
  await stage.dispatchEvent('pointerdown', { ...common, clientX: x, clientY: y });
  await stage.dispatchEvent('pointerup', { ...common, clientX: x + dx, clientY: y + 4 });
}

/**
 * Opens a book page once before the journey, allowing it 90 s, and logs the requests still open
 * after 10 s. A fresh stack's first book page once never loaded in CI: the shell's edge waited for
 * ever on a compressed answer whose read outlived its timeout (fixed by withinDeadline in
 * libs/contracts). Kept as a guard; the journey is about the reader, not that.
 */
async function warmUp(world: StorefrontWorld, path: string): Promise<void> {
  const { page, context } = await openPage(world, 'desktop');
  const open = new Map<string, number>();
  page.on('request', (request) => open.set(request.url(), Date.now()));
  page.on('requestfinished', (request) => open.delete(request.url()));
  page.on('requestfailed', (request) => open.delete(request.url()));
  const started = Date.now();
  const slow = setTimeout(() => {
    console.info('book page still loading after 10 s; open requests:', [...open.keys()]);
  }, 10_000);
  try {
    await page.goto(`${world.stack.urls.shell}${path}`, { timeout: 90_000 });
  } finally {
    clearTimeout(slow);
    if (Date.now() - started > 10_000) console.info(`warm-up took ${Date.now() - started} ms`);
    await context.close();
  }
}

// One stack for both widths: each width's journey uses its own accounts and records, so the
// second does not depend on what the first left behind.
let world: StorefrontWorld;
beforeAll(async () => {
  world = await startWorld({}, { borrow: true });
});
afterAll(() => world?.close());

describe.each<ViewportName>(['desktop', 'mobile'])('reading an excerpt (%s)', (viewport) => {
  let withExcerpt: ExcerptBook;
  let withoutExcerpt: ExcerptBook;

  beforeAll(async () => {
    const { books } = await world.api<{ books: ExcerptBook[] }>('/api/books?limit=100');
    const found = books.find((b) => b.hasExcerpt);
    const none = books.find((b) => b.hasExcerpt === false);
    if (!found || !none)
      throw new Error('the demo catalogue has no book with (and without) an excerpt');
    withExcerpt = found;
    withoutExcerpt = none;
    await warmUp(world, `/book/${found._id}`);
  });

  it('opens the excerpt in the page, turns a page right to left, closes with Esc', async () => {
    const { page, errors, context } = await openPage(world, viewport);
    const csp = await collectCspViolations(page);
    await visit(world, page, `/book/${withExcerpt._id}`);
    const button = page.getByRole('button', { name: 'קריאת קטע' });
    await button.click();

    const dialog = reader(page);
    await dialog.waitFor();
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await pageCount(page)
      .filter({ hasText: /^עמוד 1 מתוך \d+$/ })
      .waitFor({ timeout: 30_000 });
    const total = Number(/מתוך (\d+)/.exec((await pageCount(page).textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(2);
    // Focus moved into the dialog.
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    ).resolves.toBe('סגירת הקטע');

    // The page is drawn, and fits the screen's width.
    const canvas = dialog.locator('canvas[data-page="1"]');
    await page.waitForFunction(() => {
      const c = document.querySelector<HTMLCanvasElement>('.excerpt-reader__page');
      return !!c && c.width > 0 && c.style.width !== '';
    });
    for (let i = 0; i < 50 && !(await drawnText(canvas)); i += 1) await page.waitForTimeout(100);
    expect(await drawnText(canvas)).toBe(true);
    const pageBox = await canvas.boundingBox();
    expect(pageBox).not.toBeNull();
    expect((pageBox?.x ?? -1) >= 0).toBe(true);
    expect((pageBox?.x ?? 0) + (pageBox?.width ?? 0)).toBeLessThanOrEqual(
      VIEWPORTS[viewport].width,
    );
    if (viewport === 'mobile') {
      // On a phone the page takes (almost) the whole width.
      expect(pageBox?.width ?? 0).toBeGreaterThan(VIEWPORTS.mobile.width * 0.8);
    }
    // Next is on the left, previous on the right (right to left).
    const next = dialog.getByRole('button', { name: 'לעמוד הבא' });
    const previous = dialog.getByRole('button', { name: 'לעמוד הקודם' });
    const [nextBox, previousBox] = await Promise.all([next.boundingBox(), previous.boundingBox()]);
    expect((nextBox?.x ?? 0) < (previousBox?.x ?? 0)).toBe(true);
    // Page 1's words lie over the drawing (pdf.js's text layer), right to left, in Hebrew:
    // a screen reader reads them and a reader can select them.
    const text = dialog.getByTestId('excerpt-text');
    await expect(text.getAttribute('dir')).resolves.toBe('rtl');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="excerpt-text"]')?.textContent ?? '').length > 10,
      undefined,
      { timeout: 30_000 },
    );
    const words = (await text.textContent()) ?? '';
    // The demo title page ends with 'קטע לקריאה מתוך הספר'; each word reads in logical order.
    for (const word of ['קטע', 'לקריאה', 'מתוך', 'הספר'])
      expect([word, words]).toEqual([word, expect.stringContaining(word)]);
    const textBox = await text.boundingBox();
    expect(textBox && pageBox && Math.abs(textBox.width - pageBox.width) <= 2).toBe(true);
    const selected = await text.evaluate((layer) => {
      const range = document.createRange();
      range.selectNodeContents(layer);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return selection?.toString() ?? '';
    });
    expect(selected).toMatch(/[\u0590-\u05FF]{3}/);
    // Each line of words lies inside the drawn page, and the title above the closing line.
    const lines = await text.locator('span').evaluateAll((spans) =>
      spans.map((span) => {
        const r = span.getBoundingClientRect();
        return { text: span.textContent ?? '', x: r.x, y: r.y, right: r.right, bottom: r.bottom };
      }),
    );
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      expect([line.text, line.x >= (pageBox?.x ?? 0) - 1]).toEqual([line.text, true]);
      expect([line.text, line.right <= (pageBox?.x ?? 0) + (pageBox?.width ?? 0) + 1]).toEqual([
        line.text,
        true,
      ]);
      expect([line.text, line.bottom <= (pageBox?.y ?? 0) + (pageBox?.height ?? 0) + 1]).toEqual([
        line.text,
        true,
      ]);
    }
    const closing = lines.find((line) => line.text.includes('לקריאה'));
    expect((lines[0]?.y ?? Infinity) < (closing?.y ?? 0)).toBe(true);
    // The selection's highlight lies on the drawn words (the kept picture).
    await keep(page, 'excerpt-reader-selected', viewport);
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
    await keep(page, 'excerpt-reader', viewport);

    // axe with the reader open.
    expect(await seriousViolations(page)).toEqual([]);

    // Turn a page: ArrowLeft on a desktop, a swipe on a phone; back with ArrowRight.
    if (viewport === 'desktop') await page.keyboard.press('ArrowLeft');
    else await swipe(dialog.locator('.excerpt-reader__stage'), 120);
    await pageCount(page)
      .filter({ hasText: `עמוד 2 מתוך ${total}` })
      .waitFor();
    await dialog.locator('canvas[data-page="2"]').waitFor();
    // The text layer follows the page: page 2 opens the first chapter.
    await page.waitForFunction(() =>
      (document.querySelector('[data-testid="excerpt-text"]')?.textContent ?? '').includes('ראשון'),
    );
    await keep(page, 'excerpt-reader-page-2', viewport);
    if (viewport === 'desktop') await page.keyboard.press('ArrowRight');
    else await swipe(dialog.locator('.excerpt-reader__stage'), -120);
    await pageCount(page)
      .filter({ hasText: `עמוד 1 מתוך ${total}` })
      .waitFor();
    await next.click();
    await pageCount(page)
      .filter({ hasText: `עמוד 2 מתוך ${total}` })
      .waitFor();

    // Tab stays inside the dialog.
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      await expect(
        page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')),
      ).resolves.toBe(true);
    }

    // Esc closes, and focus is back on the button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe(
      'קריאת קטע',
    );

    expect(pageErrors(errors)).toEqual([]);
    expect(csp).toEqual([]);
    await context.close();
  });

  it('shows no excerpt button for a book without one', async () => {
    const { page, errors, context } = await openPage(world, viewport);
    await visit(world, page, `/book/${withoutExcerpt._id}`);
    await page
      .getByRole('button', { name: /הוספה לסל|לא זמין כרגע|הסרה מהסל/ })
      .first()
      .waitFor();
    await expect(page.getByRole('button', { name: 'קריאת קטע' }).count()).resolves.toBe(0);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });
});
