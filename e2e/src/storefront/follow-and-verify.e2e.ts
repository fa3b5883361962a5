import type { Page } from 'playwright-core';
import { Queue } from 'bullmq';
import { FOLLOW_DIGEST_JOB, FOLLOW_QUEUE_NAMES } from '@mechabrim/contracts';
import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';
import { until } from '@mechabrim/testing';
import {
  keep,
  pageErrors,
  seriousViolations,
  startWorld,
  visit,
  type ApiAuthor,
  type ApiBook,
  type StorefrontWorld,
  type Width,
  shotName,
  openPage,
} from './support/storefront-stack';

/**
 * Issue 24, items 1 and 3, through the real stack at a phone's and a laptop's width: a reader
 * registers through the form, sees the 'verify your e-mail' banner, follows the link the worker
 * mailed (read from its local outbox) and confirms it; the banner is gone. On an author's page
 * the reader follows the author; the profile lists them; 'stop following' there removes them;
 * following again brings them back. An admin then approves a book of that author waiting for
 * approval (its first day on sale is today) and the daily new-books job runs for today through
 * its queue, as its schedule would tomorrow morning: the reader's mail carries the unsubscribe
 * link, which works in a browser that is not signed in; the profile then says the mails are off.
 * axe on each new screen, no page errors, no sideways scroll at 375 px.
 */

const PASSWORD = 'Sefer-Tov-12!';
const VERIFY_SUBJECT = 'אימות כתובת האימייל שלכם במחברים';
const NEW_BOOKS_SUBJECT = 'ספר חדש מסופרים שאתם עוקבים אחריהם';

/** The serious and critical axe findings, none expected, and at 375 px no sideways scroll. */
async function checkScreen(page: Page, width: Width, name: string): Promise<void> {
  await keep(page, name, shotName(width));
  expect(await seriousViolations(page)).toEqual([]);
  if (width === 'phone') {
    const fits = await page.evaluate(
      () => document.documentElement.scrollWidth <= window.innerWidth,
    );
    expect([name, fits]).toEqual([name, true]);
  }
}

/**
 * The link named `linkName` in the newest mail to `to` whose row says `subject`, read from the
 * worker's local outbox (`/dev/mail`) as the journey's browser sees it.
 */
async function mailedLink(
  world: StorefrontWorld,
  page: Page,
  to: string,
  subject: string,
  linkName: string,
): Promise<string> {
  const outbox = `${world.stack.urls.worker}/dev/mail`;
  const message = await until(
    `the mail "${subject}" to ${to} in the outbox`,
    async () => {
      await page.goto(outbox);
      const row = page.locator('tr', { hasText: to }).filter({ hasText: subject });
      return (await row.count()) > 0
        ? ((await row.first().locator('a').first().getAttribute('href')) ?? undefined)
        : undefined;
    },
    60_000,
    500,
  );
  await page.goto(`${world.stack.urls.worker}${message}`);
  const href = await page.getByRole('link', { name: linkName }).getAttribute('href');
  if (!href) throw new Error(`no '${linkName}' link in the mail to ${to}`);
  const url = new URL(href);
  return url.pathname + url.hash;
}

/** Today in Israel (`YYYY-MM-DD`), the day the new-books job groups the books by. */
const israelToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jerusalem',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

let world: StorefrontWorld;
let digests: Queue;
let adminToken: string;
const usedAuthors = new Set<string>();

beforeAll(async () => {
  world = await startWorld();
  digests = new Queue(FOLLOW_QUEUE_NAMES.followDigests, {
    connection: { url: world.stack.redisUrl },
  });
  ({ token: adminToken } = await world.api<{ token: string }>('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: DEMO_ACCOUNTS.admin.email,
      password: DEMO_ACCOUNTS.admin.password,
    }),
  }));
});
afterAll(async () => {
  await digests?.close();
  await world?.close();
});

/**
 * An author of `/api/authors` with a book waiting for approval (the demo data has some), one not
 * used by the other width, so each width's mail has its own book.
 */
async function authorWithPendingBook(): Promise<{ author: ApiAuthor; book: ApiBook }> {
  const authors = await world.api<ApiAuthor[]>('/api/authors');
  const pending = await world.api<ApiBook[]>('/api/moderation/books?limit=200', {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  for (const book of pending) {
    const author = authors.find((a) => a._id === book.author._id);
    if (author && !usedAuthors.has(author._id)) {
      usedAuthors.add(author._id);
      return { author, book };
    }
  }
  throw new Error('the demo data has no author with a book waiting for approval left');
}

/** Runs the daily new-books job for `day` through its queue, as its schedule does. */
async function runDigest(day: string, jobId: string): Promise<{ mailed: number }> {
  await digests.add(FOLLOW_DIGEST_JOB, { day }, { jobId });
  return until(
    `the new-books job ${jobId}`,
    async () => {
      const state = await digests.getJobState(jobId);
      if (state === 'failed') throw new Error((await digests.getJob(jobId))?.failedReason);
      return state === 'completed'
        ? ((await digests.getJob(jobId))?.returnvalue as { mailed: number })
        : undefined;
    },
    60_000,
    500,
  );
}

describe.each<Width>(['phone', 'laptop'])(
  'verified e-mail and following an author (%s)',
  (width) => {
    it('registers, verifies through the mailed link, follows an author, and unsubscribes by the mailed link', async () => {
      const email = `follower-${width}-${Date.now()}@example.com`;
      const reader = await openPage(world, width);
      const { page } = reader;

      // 1. Registers through the form: the banner asks to verify the address.
      await visit(world, page, '/register');
      await page.getByLabel('שם מלא').fill('נועה עוקבת');
      await page.getByLabel('אימייל').fill(email);
      await page.getByLabel('סיסמה', { exact: true }).fill(PASSWORD);
      await page.getByLabel('אימות סיסמה').fill(PASSWORD);
      await page.getByLabel(/קראתי את\s+תקנון האתר.*והוא מקובל עליי/).check();
      await page.getByRole('button', { name: 'הרשמה', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
      const banner = page.getByRole('complementary', { name: 'אימות כתובת האימייל' });
      await banner.waitFor({ timeout: 30_000 });
      await banner.getByText(`הקישור נשלח אל ${email}.`).waitFor();
      await checkScreen(page, width, 'verify-banner');

      // The mail the worker sent, in its local outbox; its link opens /verify-email.
      const verifyPath = await mailedLink(world, page, email, VERIFY_SUBJECT, 'אימות הכתובת');
      expect(verifyPath).toMatch(/^\/verify-email#token=[\w-]{43}$/);
      await visit(world, page, verifyPath);
      await page.getByRole('heading', { name: 'אימות כתובת האימייל' }).waitFor();
      await checkScreen(page, width, 'verify-email');
      await page.getByRole('button', { name: 'אימות הכתובת' }).click();
      await page.getByRole('heading', { name: 'הכתובת אומתה' }).waitFor({ timeout: 30_000 });
      await page.locator('main .auth-notice[role="status"]').waitFor();
      // A fresh load of the home page: the session is read again from the server.
      await visit(world, page, '/');
      await page.locator('main h1').first().waitFor({ timeout: 30_000 });
      // Signed in, and no banner.
      await page.locator('.user-menu > button').waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await expect(banner.count()).resolves.toBe(0);
      await expect(
        world.api<{ emailVerified?: boolean }>('/api/auth/profile', {
          headers: {
            authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}`,
          },
        }),
      ).resolves.toMatchObject({ emailVerified: true });

      // 2. Follows an author from the author's page; the profile lists them.
      const { author, book } = await authorWithPendingBook();
      await visit(world, page, `/author/${author._id}`);
      const follow = page.getByRole('button', { name: 'לעקוב', exact: true });
      await follow.waitFor({ timeout: 30_000 });
      await checkScreen(page, width, 'author-follow');
      await follow.click();
      await page.getByRole('button', { name: 'להפסיק לעקוב', exact: true }).waitFor({
        timeout: 30_000,
      });
      await page.locator('.author-follow').getByRole('status').waitFor();
      await checkScreen(page, width, 'author-following');

      await visit(world, page, '/profile');
      const list = page.locator('section[aria-labelledby="profile-follows-title"]');
      const listed = list.locator('.profile-follows__item', { hasText: author.name });
      await listed.waitFor({ timeout: 30_000 });
      await list.getByText('אפשר לקבל עדכונים באימייל על ספרים חדשים.').waitFor();
      await checkScreen(page, width, 'profile-follows');
      await list.getByRole('button', { name: `להפסיק לעקוב אחרי ${author.name}` }).click();
      await listed.waitFor({ state: 'detached', timeout: 30_000 });
      await list
        .getByText('עדיין לא עקבתם אחרי אף סופר או סופרת. אפשר לעקוב מעמוד הסופר.')
        .waitFor({ timeout: 30_000 });

      // Follows again, from the author's page (the profile's link leads there too).
      await visit(world, page, `/author/${author._id}`);
      await page.getByRole('button', { name: 'לעקוב', exact: true }).click();
      await page.getByRole('button', { name: 'להפסיק לעקוב', exact: true }).waitFor({
        timeout: 30_000,
      });
      await visit(world, page, '/profile');
      await listed.waitFor({ timeout: 30_000 });

      // 3. An admin approves the author's waiting book: its first day on sale is today. The
      // new-books job of today, run through its queue, mails the reader with an unsubscribe link.
      await world.api(`/api/moderation/books/${book._id}/approve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const totals = await runDigest(israelToday(), `journey-digest-${width}-${Date.now()}`);
      expect(totals.mailed).toBeGreaterThanOrEqual(1);
      const unsubscribePath = await mailedLink(
        world,
        page,
        email,
        NEW_BOOKS_SUBJECT,
        'להפסקת העדכונים על ספרים חדשים',
      );
      expect(unsubscribePath).toMatch(/^\/unsubscribe#token=[\w-]{43}$/);

      // The link works in a browser that never signed in.
      const guest = await openPage(world, width);
      await visit(world, guest.page, unsubscribePath);
      await guest.page.getByRole('heading', { name: 'הסרה מעדכוני ספרים חדשים' }).waitFor();
      await checkScreen(guest.page, width, 'unsubscribe');
      await guest.page.getByRole('button', { name: 'להפסיק את העדכונים' }).click();
      await guest.page
        .getByRole('heading', { name: 'הוסרתם מהרשימה' })
        .waitFor({ timeout: 30_000 });
      await guest.page.locator('main .auth-notice[role="status"]').waitFor();
      await checkScreen(guest.page, width, 'unsubscribed');
      expect(pageErrors(guest.errors)).toEqual([]);
      await guest.context.close();

      // The reader still follows the author, with the mails off.
      await visit(world, page, '/profile');
      await listed.waitFor({ timeout: 30_000 });
      await list.getByText('העדכונים באימייל על ספרים חדשים כבויים.').waitFor({ timeout: 30_000 });
      expect(pageErrors(reader.errors)).toEqual([]);
      await reader.context.close();
    });
  },
);
