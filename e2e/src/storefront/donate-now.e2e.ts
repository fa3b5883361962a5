import type { CommunityFund } from '@mechabrim/contracts';
import { until } from '@mechabrim/testing';
import { screenshot } from '../support/browser';
import {
  pageErrors,
  seriousViolations,
  startWorld,
  type StorefrontWorld,
  WIDTHS,
  type Width,
} from './support/storefront-stack';

/**
 * Issue 23 item 7, 'donate now': a guest on /community-donation picks a free sum with the
 * keyboard, gives an e-mail, goes to the payment simulator's hosted page, pays with the approving
 * card and comes back to the community page, which says what the server confirmed; the fund's
 * figures then include the donation — at 375 and 1366 px.
 */

const APPROVED = '4580458045804580';
const SUMS: Record<Width, string> = { phone: '123.45', laptop: '250' };

let world: StorefrontWorld;
beforeAll(async () => {
  // Its own donations, compared with the fund's total just before: the shared stack will do.
  world = await startWorld({}, { borrow: true });
});
afterAll(() => world?.close());

describe.each<Width>(['phone', 'laptop'])("'donate now' (%s)", (width) => {
  it('donates a free sum through the hosted payment page and shows the confirmed result', async () => {
    const context = await world.browser.newContext({
      viewport: WIDTHS[width],
      locale: 'he-IL',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const before = await world.api<CommunityFund>('/api/community/fund');

    await page.goto(`${world.stack.urls.shell}/community-donation`);
    await page.locator('main h1').first().waitFor({ timeout: 30_000 });
    // The page arrives drawn by the server; its controls answer once the app has taken over.
    await page.waitForFunction(() => !document.querySelector('[data-until-app]'), undefined, {
      timeout: 30_000,
    });
    await page.getByRole('link', { name: 'לתרומה עכשיו' }).click();
    await page.waitForURL('**/community-donation#donate');

    // The sums by keyboard: arrows move between the radios; 'other' opens the free sum.
    const preset = page.getByRole('radio', { name: '100 ₪' });
    await preset.focus();
    await expect(preset.isChecked()).resolves.toBe(true);
    const otherRadio = page.getByRole('radio', { name: 'סכום אחר' });
    for (let i = 0; i < 5 && !(await otherRadio.isChecked()); i += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(otherRadio.isChecked()).resolves.toBe(true);
    const other = page.getByRole('textbox', { name: 'סכום אחר בשקלים' });
    await other.fill('5');
    await page
      .getByRole('textbox', { name: 'אימייל לקבלה ולתודה' })
      .fill(`donor-${width}-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'לתשלום 5 ₪' }).click();
    await page.getByText('סכום התרומה המינימלי הוא 10 ₪').waitFor();
    await other.fill(SUMS[width]);
    const noOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth <= window.innerWidth,
    );
    expect(noOverflow).toBe(true);
    await screenshot(page, `donate-now-form-${width}`);
    await page.getByRole('button', { name: /^לתשלום / }).click();

    // The provider's hosted card page (the simulator), then back to the shop.
    await page.locator('#ccno').waitFor({ timeout: 30_000 });
    await page.locator('#ccno').fill(APPROVED);
    await page.locator('#expdate').fill('1230');
    await page.locator('#mycvv').fill('123');
    await page.locator('#myid').fill('123456782');
    await page.getByRole('button', { name: 'לתשלום' }).click();
    await page.waitForURL('**/community-donation?donation=*', { timeout: 30_000 });
    const shown = Number(SUMS[width]).toLocaleString('he-IL', { maximumFractionDigits: 2 });
    await page
      .getByRole('status')
      .filter({ hasText: `תודה! התרומה שלך, ${shown} ₪, התקבלה בקרן הקהילה.` })
      .waitFor({ timeout: 30_000 });
    await screenshot(page, `donate-now-result-${width}`);
    expect(await seriousViolations(page)).toEqual([]);

    const after = await until('the fund to count the donation', async () => {
      const fund = await world.api<CommunityFund>('/api/community/fund');
      return fund.total > before.total ? fund : undefined;
    });
    expect(after.total).toBeCloseTo(before.total + Number(SUMS[width]), 2);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });
});
