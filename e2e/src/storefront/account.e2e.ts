import {
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
import { present } from '../support/present';
import { openAccountMenu } from '../support/browser';

// The run's shared stack: each width's journey uses accounts and records of its own (readers,
// their wishlists, contact messages), which no other journey counts.
let world: StorefrontWorld;
beforeAll(async () => {
  world = await startWorld({}, { borrow: true });
});
afterAll(() => world?.close());

describe.each<ViewportName>(['desktop', 'mobile'])(
  'accounts, wishlist and the static screens (%s)',
  (viewport) => {
    let book: ApiBook;
    const email = `reader-${viewport}-${Date.now()}@example.com`;
    const password = 'Sefer-Tov-12!';

    beforeAll(async () => {
      book = present(
        (await world.api<{ books: ApiBook[] }>('/api/books?limit=1')).books[0],
        'book',
      );
    });

    /** Opens the account menu (in the header on both widths). */
    async function accountMenu(page: import('playwright-core').Page) {
      return openAccountMenu(page);
    }

    it('registers, lands home signed in, edits the profile, keeps a wishlist, logs out and back in', async () => {
      const { page, errors, context } = await openPage(world, viewport);
      await visit(world, page, '/register');
      // Live checks: the strength and the confirmation.
      await page.getByLabel('סיסמה', { exact: true }).fill('abc');
      await page.getByText('חוזק הסיסמה: חלשה').waitFor();
      await page.getByLabel('אימות סיסמה').fill('abd');
      await page.getByText('הסיסמאות אינן תואמות').waitFor();
      await page.getByRole('button', { name: 'הרשמה', exact: true }).click();
      await page.locator('.mb-field__error').first().waitFor();
      await keep(page, 'register-errors', viewport);

      await page.getByLabel('שם מלא').fill('דנה קוראת');
      await page.getByLabel('אימייל').fill(email);
      await page.getByLabel('סיסמה', { exact: true }).fill(password);
      await page.getByLabel('אימות סיסמה').fill(password);
      await page.getByLabel(/קראתי את\s+תקנון האתר.*והוא מקובל עליי/).check();
      await expect(
        page
          .locator('main')
          .getByRole('link', { name: /תקנון האתר/ })
          .getAttribute('target'),
      ).resolves.toBe('_blank');
      await page.getByRole('button', { name: 'הרשמה', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      let menu = await accountMenu(page);
      await menu.getByText('שלום, דנה קוראת').waitFor();
      await expect(menu.getByRole('link', { name: 'לוח הבקרה לסופרים' }).count()).resolves.toBe(0);
      await menu.getByRole('link', { name: 'הפרופיל שלי' }).click();

      await page.waitForURL('**/profile');
      await page.locator('main h1', { hasText: 'הפרופיל שלי' }).waitFor();
      await page.getByText('חשבון קוראים').first().waitFor();
      await page.getByRole('button', { name: 'עריכה' }).click();
      await page.getByLabel('קצת עליי').fill('קוראת ספרות עברית בכל הזדמנות.');
      await page.getByRole('button', { name: 'שמירה' }).click();
      await page.getByTestId('toast-success').filter({ hasText: 'הפרופיל עודכן בהצלחה' }).waitFor();
      await page.getByText('קוראת ספרות עברית בכל הזדמנות.').waitFor();
      await keep(page, 'profile', viewport);

      // The wishlist toggle flips once the server said yes; the list shows the book.
      await visit(world, page, `/book/${book._id}`);
      const toggle = page.getByRole('button', { name: 'הוספה לרשימת המשאלות' });
      await toggle.click();
      await page.getByRole('button', { name: 'הסרה מרשימת המשאלות' }).waitFor();
      await expect(
        page.getByRole('button', { name: 'הסרה מרשימת המשאלות' }).getAttribute('aria-pressed'),
      ).resolves.toBe('true');
      await page.locator('header a.header-icon-button[href="/wishlist"]').click();
      await page.waitForURL('**/wishlist');
      await page.locator('.wishlist-card', { hasText: book.title }).waitFor();
      await keep(page, 'wishlist', viewport);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: `הסרה של ${book.title} מרשימת המשאלות` }).click();
      await page.getByText('רשימת המשאלות ריקה').waitFor();

      const signedInToken = await page.evaluate(() => localStorage.getItem('token'));
      menu = await accountMenu(page);
      const revoked = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
      await menu.getByRole('button', { name: 'התנתקות' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
      // Logging out revoked the token on the server too: a copy of it no longer opens the profile.
      expect((await revoked).status()).toBe(204);
      const withOldToken = await fetch(`${world.stack.urls.api}/api/auth/profile`, {
        headers: { authorization: `Bearer ${signedInToken}` },
      });
      expect(withOldToken.status).toBe(401);
      menu = await accountMenu(page);
      await menu.getByRole('link', { name: 'התחברות' }).click();

      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'התחברות', exact: true }).click();
      await page.locator('.mb-field__error').first().waitFor();
      await page.getByLabel('אימייל').fill(email);
      await page.getByLabel('סיסמה').fill('wrong-password-1!');
      await page.getByRole('button', { name: 'התחברות', exact: true }).click();
      await page.getByRole('alert').waitFor();
      await keep(page, 'login-failed', viewport);
      await page.getByLabel('סיסמה').fill(password);
      await page.getByRole('button', { name: 'התחברות', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      menu = await accountMenu(page);
      await menu.getByText('שלום, דנה קוראת').waitFor();
      expect(pageErrors(errors).filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
      await context.close();
    });

    it('forgets the password, follows the mailed link from the local outbox, and signs in with a new one', async () => {
      const forgetful = `forgetful-${viewport}-${Date.now()}@example.com`;
      await world.api('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'עומר שוכח',
          email: forgetful,
          password,
          role: 'user',
          agreeToTerms: true,
        }),
      });
      const { page, errors, context } = await openPage(world, viewport);
      await visit(world, page, '/login');
      await page.getByRole('link', { name: 'שכחתם את הסיסמה?' }).click();
      await page.waitForURL('**/forgot-password');
      await page.getByLabel('אימייל').fill(forgetful);
      await page.getByRole('button', { name: 'שליחת קישור' }).click();
      await page.getByRole('heading', { name: 'בדקו את תיבת הדואר' }).waitFor();
      await keep(page, 'forgot-password-sent', viewport);
      expect(await seriousViolations(page)).toEqual([]);

      // The mail, as the worker sent it, in its local outbox.
      const outbox = `${world.stack.urls.worker}/dev/mail`;
      let mailLink: string | null = null;
      for (let tries = 0; tries < 60 && !mailLink; tries += 1) {
        await page.goto(outbox);
        const row = page.locator('tr', { hasText: forgetful }).filter({ hasText: 'איפוס הסיסמה' });
        if ((await row.count()) > 0) mailLink = await row.locator('a').first().getAttribute('href');
        else await page.waitForTimeout(500);
      }
      expect(mailLink).not.toBeNull();
      await page.goto(`${world.stack.urls.worker}${mailLink}`);
      const resetHref = await page
        .getByRole('link', { name: 'בחירת סיסמה חדשה' })
        .getAttribute('href');
      expect(resetHref).toMatch(/\/reset-password#token=[\w-]{43}$/);

      await visit(world, page, new URL(resetHref ?? '/').pathname + new URL(resetHref ?? '/').hash);
      await page.getByRole('heading', { name: 'בחירת סיסמה חדשה' }).waitFor();
      const fresh = 'Chadash-Tov-34!';
      await page.getByLabel('סיסמה חדשה').fill(fresh);
      await page.getByLabel('אימות סיסמה').fill(fresh);
      await keep(page, 'reset-password', viewport);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'שמירת הסיסמה' }).click();
      await page.getByRole('heading', { name: 'הסיסמה נשמרה' }).waitFor();
      await page.getByRole('link', { name: 'להתחברות' }).click();
      await page.waitForURL('**/login');
      await page.getByLabel('אימייל').fill(forgetful);
      await page.getByLabel('סיסמה').fill(fresh);
      await page.getByRole('button', { name: 'התחברות', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      const menu = await accountMenu(page);
      await menu.getByText('שלום, עומר שוכח').waitFor();
      expect(pageErrors(errors)).toEqual([]);
      await context.close();
    });

    it('a guest sees prompts on the wishlist and profile pages', async () => {
      const { page, context } = await openPage(world, viewport);
      await visit(world, page, '/wishlist');
      await page.getByText('התחברו כדי לשמור ספרים ברשימת המשאלות').waitFor();
      await visit(world, page, '/profile');
      await page.getByText('יש להתחבר כדי לראות את הפרופיל').waitFor();
      await context.close();
    });

    it('contact form: required fields in Hebrew, then a success banner and a cleared form', async () => {
      const { page, errors, context } = await openPage(world, viewport);
      await visit(world, page, '/contact');
      await page.getByRole('button', { name: 'שליחה' }).click();
      await page.locator('.mb-field__error').first().waitFor();
      await page.getByLabel('שם מלא').fill('יונתן');
      await page.getByLabel('אימייל').fill('yonatan@example.com');
      await page.getByLabel('נושא').selectOption('feedback');
      await page.getByLabel('הודעה').fill('אתר נפלא, תודה רבה על העבודה!');
      await page.getByRole('button', { name: 'שליחה' }).click();
      await page.getByTestId('toast-success').waitFor();
      await expect(page.getByLabel('שם מלא').inputValue()).resolves.toBe('');
      await keep(page, 'contact', viewport);
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors(errors)).toEqual([]);
      await context.close();
    });

    it('about page: mission, the split and the site figures from the server', async () => {
      const { page, errors, context } = await openPage(world, viewport);
      const stats = await world.api<{ authors: number; books: number }>('/api/stats');
      await visit(world, page, '/about');
      await expect(page.locator('main h1').textContent()).resolves.toBe('אודות מחברים');
      await page.locator('.about-stats dd', { hasText: String(stats.books) }).waitFor();
      await keep(page, 'about', viewport);
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors(errors)).toEqual([]);
      await context.close();
    });

    it('header: the mobile menu with collapsible categories closes on navigation; the footer links', async () => {
      const { page, errors, context } = await openPage(world, viewport);
      await visit(world, page, '/');
      if (viewport === 'mobile') {
        const toggle = page.getByRole('button', { name: 'פתיחת התפריט' });
        await toggle.click();
        const panel = page.getByRole('navigation', { name: 'תפריט' });
        await panel.waitFor();
        // Escape closes it and gives the focus back to the toggle, as the account menu does.
        await panel.getByRole('link', { name: 'סופרים' }).focus();
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
        await expect(
          toggle.evaluate((el) => el === document.activeElement && el.ariaExpanded),
        ).resolves.toBe('false');
        await toggle.click();
        await panel.waitFor();
        await panel.getByRole('button', { name: 'קטגוריות' }).click();
        const firstCategory = panel.locator('.mobile-menu__categories a').first();
        await firstCategory.waitFor();
        await keep(page, 'mobile-menu', viewport);
        await firstCategory.click();
        await page.waitForURL('**/category/**');
        await page.locator('.mobile-menu__panel').waitFor({ state: 'hidden' });
        await expect(
          page.getByRole('button', { name: 'פתיחת התפריט' }).getAttribute('aria-expanded'),
        ).resolves.toBe('false');
      } else {
        const strip = page.getByRole('navigation', { name: 'קטגוריות' });
        const links = strip.getByRole('link');
        await links.first().waitFor();
        expect(await links.count()).toBeLessThanOrEqual(10);
        await links.first().click();
        await page.waitForURL('**/category/**');
      }
      const footer = page.locator('footer');
      await expect(footer.textContent()).resolves.toContain(`© ${new Date().getFullYear()}`);
      await expect(
        footer.getByRole('link', { name: 'תקנון האתר', exact: true }).getAttribute('href'),
      ).resolves.toBe('/terms');
      await footer.getByRole('link', { name: 'צרו קשר' }).click();
      await page.waitForURL('**/contact');
      expect(pageErrors(errors)).toEqual([]);
      await context.close();
    });

    it('an author signs in: the dashboard link in the menu, and their book awaiting approval shows sold out', async () => {
      const author = { email: 'author@mechabrim.co.il', password: 'Author#2025' };
      const session = await world.api<{ token: string; user: { _id: string } }>('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(author),
      });
      const own = await world.api<(ApiBook & { isAvailable: boolean })[]>(
        `/api/books/author/${session.user._id}`,
        { headers: { Authorization: `Bearer ${session.token}` } },
      );
      const hidden = own.find((b) => !b.isAvailable);
      expect(hidden).toBeTruthy();

      const { page, errors, context } = await openPage(world, viewport);
      await visit(world, page, '/login');
      await page.getByLabel('אימייל').fill(author.email);
      await page.getByLabel('סיסמה').fill(author.password);
      await page.getByRole('button', { name: 'התחברות', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      const menu = await accountMenu(page);
      await expect(
        menu.getByRole('link', { name: 'לוח הבקרה לסופרים' }).getAttribute('href'),
      ).resolves.toBe('/author-dashboard');

      // Only its author sees a book that is not on sale: sold-out overlay, disabled button.
      await visit(world, page, `/book/${hidden!._id}`);
      await page.locator('.book-main__soldout', { hasText: 'לא זמין' }).waitFor();
      const soldOut = page.getByRole('button', { name: 'לא זמין כרגע' });
      await expect(soldOut.isDisabled()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'הוספה לסל' }).count()).resolves.toBe(0);
      await keep(page, 'book-sold-out', viewport);
      // The reviews of a book not on sale answer 404 (the API shows reviews of public books
      // only); the page shows 'no reviews' for it.
      expect(pageErrors(errors).filter((e) => !/404|Not Found/.test(e))).toEqual([]);
      await context.close();
    });
  },
);
