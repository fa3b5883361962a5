import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';
import { injectAxe } from '../support/browser';
import {
  keep,
  pageErrors,
  startWorld,
  visit,
  type StorefrontWorld,
  WIDTHS,
  type Width,
} from './support/storefront-stack';

/**
 * Issue 27, item 4: the moderate axe findings a careful read found — headings that skip a level
 * (`heading-order`) on /books, a category page and the author's upload page, and two landmarks
 * of one kind with the same name (`landmark-unique`) on /orders and /authors — at a phone's and
 * a laptop's width.
 */

/** The violations of the named rules on the whole page (any impact). */
async function ruleViolations(page: Page, rules: string[]) {
  await injectAxe(page);
  return page.evaluate(async (ids) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ids } });
    return result.violations.map((v) => ({
      id: v.id,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, rules);
}

async function signIn(
  world: StorefrontWorld,
  page: Page,
  account: { email: string; password: string },
) {
  await visit(world, page, '/login');
  await page.getByLabel('אימייל').fill(account.email);
  await page.getByLabel('סיסמה').fill(account.password);
  await page.locator('main form').getByRole('button', { name: 'התחברות' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

// The checks only read: the run's shared stack.
let world: StorefrontWorld;
beforeAll(async () => {
  world = await startWorld({}, { borrow: true });
});
afterAll(() => world?.close());

describe.each<Width>(['phone', 'laptop'])('moderate axe rules (%s)', (width) => {
  const open = async () => {
    const context = await world.browser.newContext({
      viewport: WIDTHS[width],
      locale: 'he-IL',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, errors };
  };

  it('/books and a category page: headings in order', async () => {
    const { context, page, errors } = await open();
    await visit(world, page, '/books');
    await page.locator('main [data-testid="book-card"]').first().waitFor();
    expect(await ruleViolations(page, ['heading-order', 'landmark-unique'])).toEqual([]);
    await visit(world, page, '/category/science');
    await page.locator('main [data-testid="book-card"]').first().waitFor();
    expect(await ruleViolations(page, ['heading-order', 'landmark-unique'])).toEqual([]);
    await keep(page, `moderate-axe-category`, width === 'phone' ? 'mobile' : 'desktop');
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('/authors and /orders: every landmark named once', async () => {
    const { context, page, errors } = await open();
    await visit(world, page, '/authors');
    await page.locator('main h2').first().waitFor();
    expect(await ruleViolations(page, ['heading-order', 'landmark-unique'])).toEqual([]);
    await signIn(world, page, DEMO_ACCOUNTS.reader);
    await visit(world, page, '/orders');
    await page.locator('main [data-testid="order-card"]').first().waitFor({ timeout: 30_000 });
    expect(await ruleViolations(page, ['heading-order', 'landmark-unique'])).toEqual([]);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('/book/upload: headings in order', async () => {
    const { context, page, errors } = await open();
    await signIn(world, page, DEMO_ACCOUNTS.author);
    await visit(world, page, '/book/upload');
    await page.locator('main form').first().waitFor({ timeout: 30_000 });
    expect(await ruleViolations(page, ['heading-order', 'landmark-unique'])).toEqual([]);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });
});
