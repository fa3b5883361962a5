import type { FrameLocator, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';
import { ratingFromReviews } from '@mechabrim/db';
import { until } from '@mechabrim/testing';
import {
  keep,
  pageErrors,
  seriousViolations,
  startWorld,
  visit,
  type ApiBook,
  type StorefrontWorld,
  type Width,
  shotName,
  openPage,
} from './support/storefront-stack';

/**
 * Issue 24, item 2, through the real stack: a reader buys a book (the payment simulator's card
 * page in the checkout's frame), the print simulator prints, ships and delivers it (its webhooks
 * move the order to 'delivered' in the API — no shortcut through the database), the reader
 * writes a review on the book page (half stars by keyboard, a title and a text) and sees it wait
 * for moderation; an admin approves it on the moderation screen; the book page then shows it with
 * 'רכישה מאומתת' and the book's rating recomputed with it. At a phone's and a laptop's width.
 */

const APPROVED_CARD = '4580458045804580';
const PASSWORD = 'Sefer-Tov-12!';

async function signIn(
  world: StorefrontWorld,
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  await visit(world, page, '/login');
  await page.getByLabel('אימייל').fill(account.email);
  await page.getByLabel('סיסמה').fill(account.password);
  await page.locator('main form').getByRole('button', { name: 'התחברות' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 30_000 });
}

/** The book's rating as the page's stars name it (one decimal, he-IL). */
const ratingLabel = (rating: number) =>
  `דירוג ${new Intl.NumberFormat('he-IL', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating)} מתוך 5`;

// The print partner holds a new job for a minute and takes 5 s a step by default: here it prints
// at once and steps every second, so the order is delivered while the journey waits.
let world: StorefrontWorld;
beforeAll(async () => {
  world = await startWorld({
    PRINT_SIMULATOR_PRODUCTION_DELAY_MS: '0',
    PRINT_SIMULATOR_STEP_MS: '1000',
  });
});
afterAll(() => world?.close());

describe.each<Width>(['phone', 'laptop'])('a reader reviews a book they bought (%s)', (width) => {
  it('buys, receives, reviews, an admin approves; the review shows verified and the rating follows', async () => {
    // Each width its own reader and its own book, so the second does not depend on the first.
    const cheap = (await world.api<{ books: ApiBook[] }>('/api/books?sort=sales&limit=30')).books
      .filter((b) => b.isAvailable && b.price < 70)
      .filter((b) => b.author.name !== DEMO_ACCOUNTS.author.name);
    const book = cheap[width === 'phone' ? 0 : 1];
    if (!book) throw new Error('the demo catalogue has fewer than two cheap books');
    const email = `reviewer-${width}-${Date.now()}@example.com`;
    await world.api('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'רותם לוי',
        email,
        password: PASSWORD,
        role: 'user',
        agreeToTerms: true,
      }),
    });
    const { token } = await world.api<{ token: string }>('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const approvedBefore = await world.api<{ rating: number }[]>(`/api/books/${book._id}/comments`);

    // Buys it: signed in, the book in the cart, the details, the approving card.
    const reader = await openPage(world, width);
    const { page } = reader;
    await signIn(world, page, { email, password: PASSWORD });
    await visit(world, page, `/book/${book._id}`);
    await page.getByRole('button', { name: 'הוספה לסל', exact: true }).click();
    await page.getByRole('button', { name: 'הסרה מהסל', exact: true }).waitFor();
    await visit(world, page, '/checkout');
    await page.getByLabel('טלפון נייד').fill('050-1234567');
    await page.getByLabel('רחוב ומספר בית').fill('הרצל 12');
    await page.getByLabel('עיר').fill('חיפה');
    await page.getByLabel('מיקוד').fill('3100000');
    await page.getByRole('button', { name: 'למעבר לתשלום מאובטח' }).click();
    const frame: FrameLocator = page.frameLocator('iframe[title="תשלום מאובטח בכרטיס אשראי"]');
    await frame.locator('#ccno').waitFor({ timeout: 30_000 });
    await frame.locator('#ccno').fill(APPROVED_CARD);
    await frame.locator('#expdate').fill('1230');
    await frame.locator('#mycvv').fill('123');
    await frame.locator('#myid').fill('123456782');
    await frame.getByRole('button', { name: 'לתשלום' }).click();
    await page.getByRole('heading', { name: 'התשלום בוצע בהצלחה!' }).waitFor({ timeout: 30_000 });

    // The worker sends the paid order to the print simulator, whose webhooks bring it to
    // 'delivered' in the API: then, and only then, the reader may review the book.
    await until(
      'the order delivered by the print simulator',
      async () => {
        const mine = await world.api<{ canReview: boolean }>(
          `/api/books/${book._id}/comments/mine`,
          { headers: { authorization: `Bearer ${token}` } },
        );
        return mine.canReview ? true : undefined;
      },
      120_000,
      1000,
    );

    // Writes the review: the stars by keyboard (one step down from five is four and a half).
    await visit(world, page, `/book/${book._id}`);
    const panel = page.locator('section.book-my-review');
    await panel.getByRole('heading', { name: 'כתיבת ביקורת' }).waitFor({ timeout: 30_000 });
    const stars = panel.getByRole('combobox');
    await stars.focus();
    await page.keyboard.press('ArrowDown');
    await expect(stars.inputValue()).resolves.toBe('4.5');
    const title = `מרגש מהעמוד הראשון (${width})`;
    await panel.getByLabel('כותרת').fill(title);
    await panel
      .getByRole('textbox', { name: 'הביקורת' })
      .fill('קראתי את הספר בשני ערבים. הדמויות חיות והסוף לא צפוי, ממליצה בחום.');
    await keep(page, 'review-form', shotName(width));
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'שליחת הביקורת' }).click();
    await panel.getByText('הביקורת ממתינה לאישור ותפורסם בקרוב').waitFor({ timeout: 30_000 });
    await panel.getByRole('heading', { name: 'הביקורת שלי' }).waitFor();
    await keep(page, 'review-pending', shotName(width));

    // An admin approves it on the moderation screen.
    const admin = await openPage(world, width);
    await signIn(world, admin.page, DEMO_ACCOUNTS.admin);
    await visit(world, admin.page, '/author-dashboard/moderation');
    const card = admin.page.getByTestId('pending-review').filter({ hasText: title });
    await card.waitFor({ timeout: 30_000 });
    await card.getByText('רכישה מאומתת').waitFor();
    await keep(admin.page, 'review-moderation', shotName(width));
    expect(await seriousViolations(admin.page)).toEqual([]);
    await card.getByRole('button', { name: /^אישור/ }).click();
    await card.waitFor({ state: 'detached', timeout: 30_000 });
    expect(pageErrors(admin.errors)).toEqual([]);
    await admin.context.close();

    // The book page as any reader now sees it: the review, verified, and the rating recomputed
    // with its four and a half. Each look in a fresh browser: the reviewer's own browser may
    // keep the book's public reviews for 15 s, as their Cache-Control allows. The reviews are
    // fetched after the app takes the page over, so each look waits for them to arrive.
    const expected = ratingFromReviews([...approvedBefore.map((r) => r.rating), 4.5]);
    const visitor = await until(
      'the approved review on the book page',
      async () => {
        const look = await openPage(world, width);
        await visit(world, look.page, `/book/${book._id}`);
        const shown = look.page.locator('li.book-review').filter({ hasText: title });
        const arrived = await shown.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false,
        );
        if (arrived) return look;
        await look.context.close();
        return undefined;
      },
      60_000,
      1000,
    );
    const published = visitor.page.locator('li.book-review').filter({ hasText: title });
    await published.getByText('רכישה מאומתת').waitFor();
    await expect(published.getByRole('img').getAttribute('aria-label')).resolves.toBe(
      ratingLabel(4.5),
    );
    await visitor.page
      .locator('.book-main__rating')
      .getByRole('img', { name: ratingLabel(expected.rating) })
      .waitFor({ timeout: 30_000 });
    await visitor.page
      .locator('.book-main__rating')
      .getByText(expected.totalRatings === 1 ? 'ביקורת אחת' : `${expected.totalRatings} ביקורות`)
      .waitFor();
    await expect(
      world.api<{ rating: number; totalRatings: number }>(`/api/books/${book._id}`),
    ).resolves.toMatchObject(expected);
    expect(pageErrors(visitor.errors)).toEqual([]);
    await visitor.context.close();

    // The reviewer's own panel says it is published.
    await visit(world, page, `/book/${book._id}`);
    await panel.getByText('הביקורת מפורסמת בעמוד הספר').waitFor();
    await keep(page, 'review-published', shotName(width));
    expect(pageErrors(reader.errors)).toEqual([]);
    await reader.context.close();
  });
});
