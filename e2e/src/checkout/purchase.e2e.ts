import type { FrameLocator, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';
import {
  agorot,
  cancellationFeeOf,
  formatPrice,
  lineTotal,
  shekels,
  sumAgorot,
  toAgorot,
  toShekels,
} from '@mechabrim/money';
import { until } from '@mechabrim/testing';
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
} from '../storefront/support/storefront-stack';

/**
 * Issue 10's journey through the real stack: the storefront, the checkout remote, the API, the
 * embedded MongoDB and the payment simulator's card page in the checkout's frame — a guest adds
 * books, signs in, gives the details, pays with the approving card, sees the verified success,
 * an empty cart and the order paid in /orders, and the demo author whose book it bought finds the
 * order, with their own revenue, in the author portal; then a declined card, the reason in Hebrew,
 * and a retry that pays.
 */

const APPROVED = '4580458045804580';
const DECLINED = '4000000000000002';
const bare = (text: string | null) => (text ?? '').replace(/[\u200e\u200f\s]/g, '');

async function addToCart(world: StorefrontWorld, page: Page, book: ApiBook) {
  await visit(world, page, `/book/${book._id}`);
  await page.getByRole('button', { name: 'הוספה לסל', exact: true }).click();
  await page.getByRole('button', { name: 'הסרה מהסל', exact: true }).waitFor();
}

async function fillDetails(page: Page) {
  await page.getByLabel('טלפון נייד').fill('050-1234567');
  await page.getByLabel('רחוב ומספר בית').fill('הרצל 12');
  await page.getByLabel('עיר').fill('חיפה');
  await page.getByLabel('מיקוד').fill('3100000');
}

/**
 * The checkout's payment frame. A locator, not a handle: a retry opens a new frame element, and
 * the locator follows whichever is on the page.
 */
const paymentFrame = (page: Page): FrameLocator =>
  page.frameLocator('iframe[title="תשלום מאובטח בכרטיס אשראי"]');

/** The simulator's card page inside the checkout's frame, once it has loaded. */
async function cardForm(page: Page): Promise<FrameLocator> {
  const frame = paymentFrame(page);
  await frame.locator('#ccno').waitFor({ timeout: 20_000 });
  return frame;
}

async function payWith(frame: FrameLocator, card: string) {
  await frame.locator('#ccno').fill(card);
  await frame.locator('#expdate').fill('1230');
  await frame.locator('#mycvv').fill('123');
  await frame.locator('#myid').fill('123456782');
  await frame.getByRole('button', { name: 'לתשלום' }).click();
}

// One stack for both widths: each width's journey uses its own accounts and records, so the
// second does not depend on what the first left behind.
let world: StorefrontWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.close());

describe.each<ViewportName>(['desktop', 'mobile'])('buying a book (%s)', (viewport) => {
  let books: ApiBook[];
  const password = 'Sefer-Tov-12!';

  beforeAll(async () => {
    // The first book is the demo author's (who then finds the order in the portal), the second
    // another author's best seller.
    const { token } = await world.api<{ token: string }>('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: DEMO_ACCOUNTS.author.email,
        password: DEMO_ACCOUNTS.author.password,
      }),
    });
    const me = await world.api<{ _id?: string; id?: string }>('/api/auth/profile', {
      headers: { authorization: `Bearer ${token}` },
    });
    const authorId = me._id ?? me.id ?? '';
    const cheap = (book: ApiBook) => book.isAvailable && book.price < 70;
    const own = (await world.api<ApiBook[]>(`/api/books/author/${authorId}`)).filter(cheap);
    const others = (await world.api<{ books: ApiBook[] }>('/api/books?sort=sales&limit=20')).books
      .filter(cheap)
      .filter((book) => book.author._id !== authorId);
    books = [own[0], others[0]].filter((book): book is ApiBook => book !== undefined);
  });

  it('guest → sign in → details → approving card → verified success, empty cart, the order paid', async () => {
    const [first, second] = books;
    if (!first || !second) throw new Error('the demo catalogue has fewer than two cheap books');
    const email = `buyer-${viewport}-${Date.now()}@example.com`;
    await world.api('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'רותם לוי', email, password, role: 'user', agreeToTerms: true }),
    });
    const { page, errors, context } = await openPage(world, viewport);
    // Where the card number travels: only to the payment page's own server, never to ours.
    const cardSentTo = new Set<string>();
    page.on('request', (request) => {
      if ((request.postData() ?? '').includes(APPROVED))
        cardSentTo.add(new URL(request.url()).origin);
    });
    await addToCart(world, page, first);
    await addToCart(world, page, second);

    await visit(world, page, '/cart');
    await page.getByTestId('cart-line').nth(1).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const toCheckout = page.getByRole('button', { name: 'למעבר לתשלום' });
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find(
        (b) => b.textContent === 'למעבר לתשלום',
      );
      return button !== undefined && !button.disabled;
    });
    await toCheckout.click();
    await page.waitForURL('**/login');
    await page.getByLabel('אימייל').fill(email);
    await page.getByLabel('סיסמה').fill(password);
    await page.locator('main form').getByRole('button', { name: 'התחברות' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { level: 1, name: 'תשלום' }).waitFor();

    // Prefilled from the account; two cheap books are under 150 ₪: standard shipping costs 15 ₪.
    await expect(page.getByLabel('שם פרטי').inputValue()).resolves.toBe('רותם');
    await expect(page.getByLabel('אימייל').inputValue()).resolves.toBe(email);
    expect(bare(await page.getByTestId('checkout-method-standard-price').textContent())).toBe(
      '15₪',
    );
    expect(bare(await page.getByTestId('checkout-method-pickup-price').textContent())).toBe('חינם');
    await fillDetails(page);
    await keep(page, 'checkout', viewport);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'למעבר לתשלום מאובטח' }).click();
    const frame = await cardForm(page);
    await payWith(frame, APPROVED);

    await page.waitForURL('**/payment/success**', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'התשלום בוצע בהצלחה!' }).waitFor({ timeout: 30_000 });
    const expected = sumAgorot([toAgorot(first.price), toAgorot(second.price), shekels(15)]);
    expect(bare(await page.getByTestId('result-amount').textContent())).toBe(
      bare(formatPrice(toShekels(expected))),
    );
    await keep(page, 'payment-success', viewport);
    expect(await seriousViolations(page)).toEqual([]);
    await expect(page.getByTestId('cart-count').count()).resolves.toBe(0);
    const ours = [world.stack.urls.shell, world.stack.urls.api].map((url) => new URL(url).origin);
    expect(cardSentTo.size).toBe(1);
    expect([...cardSentTo].filter((origin) => ours.includes(origin))).toEqual([]);

    await page.getByRole('link', { name: 'להזמנות שלי' }).click();
    await page.waitForURL('**/orders');
    const newest = page.getByTestId('order-card').first();
    await newest.waitFor();
    // Paid — and the worker may already have handed it to the print simulator, or further.
    expect(['paid', 'processing', 'shipped', 'delivered']).toContain(
      await newest.getAttribute('data-status'),
    );
    expect(await newest.textContent()).toContain(first.title);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();

    // The author of the first book finds the order in the portal: the buyer, their own line and
    // their revenue from it (expected until the worker's split is in the ledger, then final).
    const asAuthor = await openPage(world, viewport);
    await visit(world, asAuthor.page, '/login');
    await asAuthor.page.getByLabel('אימייל').fill(DEMO_ACCOUNTS.author.email);
    await asAuthor.page.getByLabel('סיסמה').fill(DEMO_ACCOUNTS.author.password);
    await asAuthor.page.getByRole('button', { name: 'התחברות', exact: true }).click();
    await asAuthor.page.waitForURL((url) => url.pathname === '/');
    await visit(world, asAuthor.page, '/author-dashboard/orders');
    const sold = asAuthor.page.getByTestId('order-card').filter({ hasText: email });
    await sold.waitFor({ timeout: 30_000 });
    const soldText = (await sold.textContent()) ?? '';
    expect(soldText).toContain(first.title);
    // Only the author's own line: the other author's book is not shown to them.
    expect(soldText).not.toContain(second.title);
    await expect(sold.getByText('ההכנסה שלכם').count()).resolves.toBe(1);
    await keep(asAuthor.page, 'author-sees-order', viewport);
    expect(await seriousViolations(asAuthor.page)).toEqual([]);
    expect(pageErrors(asAuthor.errors)).toEqual([]);
    await asAuthor.context.close();
  });

  it('a declined card: the reason in Hebrew inside the frame, retry, then the approving card pays; 4 copies ship free; then cancelled, refunded with a credit note', async () => {
    const [first] = books;
    if (!first) throw new Error('the demo catalogue has no cheap book');
    const email = `decline-${viewport}-${Date.now()}@example.com`;
    await world.api('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'גל כהן', email, password, role: 'user', agreeToTerms: true }),
    });
    const { page, errors, context } = await openPage(world, viewport);
    await visit(world, page, '/login');
    await page.getByLabel('אימייל').fill(email);
    await page.getByLabel('סיסמה').fill(password);
    await page.locator('main form').getByRole('button', { name: 'התחברות' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await addToCart(world, page, first);
    await visit(world, page, '/cart');
    for (let copies = 1; copies < 4; copies += 1) {
      await page.getByRole('button', { name: `הוספת עותק אחד של ${first.title}` }).click();
    }
    await visit(world, page, '/checkout');
    // "More than 3 books": four copies make standard and express free.
    await page.getByTestId('checkout-method-standard-price').getByText('חינם').waitFor();
    expect(bare(await page.getByTestId('checkout-method-express-price').textContent())).toBe(
      'חינם',
    );
    await fillDetails(page);
    await page.getByRole('button', { name: 'למעבר לתשלום מאובטח' }).click();
    await payWith(await cardForm(page), DECLINED);

    const frame = paymentFrame(page);
    await frame.getByRole('heading', { name: 'התשלום נכשל' }).waitFor({ timeout: 30_000 });
    expect(await frame.getByTestId('failure-message').textContent()).toBe(
      'הכרטיס נדחה על ידי הבנק',
    );
    await keep(page, 'payment-declined', viewport);

    await frame.getByRole('button', { name: 'לנסות שוב' }).click();
    const again = await cardForm(page);
    await payWith(again, APPROVED);
    await page.getByRole('heading', { name: 'התשלום בוצע בהצלחה!' }).waitFor({ timeout: 30_000 });
    const paid = lineTotal(toAgorot(first.price), 4);
    expect(bare(await page.getByTestId('result-amount').textContent())).toBe(
      bare(formatPrice(toShekels(paid))),
    );

    // Changed their mind before the printer started: the order is cancelled, the press stopped,
    // the money back on the card less the fee, and the credit note beside the receipt.
    await page.getByRole('link', { name: 'להזמנות שלי' }).click();
    await page.waitForURL('**/orders');
    const order = page.getByTestId('order-card').first();
    await order.getByRole('button', { name: 'ביטול ההזמנה' }).click();
    await order.getByRole('button', { name: 'כן, לבטל' }).click();
    const fee = cancellationFeeOf(paid);
    await order
      .getByText(`ההזמנה בוטלה. ${formatPrice(toShekels(agorot(paid - fee)))} יוחזרו`, {
        exact: false,
      })
      .waitFor({ timeout: 30_000 });
    // After a reload (the worker has refunded the card and issued the credit note by then).
    const cancelled = page.locator('[data-testid="order-card"][data-status="cancelled"]').first();
    await until(
      'the refund and its credit note',
      async () => {
        await page.reload();
        await cancelled.waitFor();
        const refunded = await cancelled.locator('[data-refund-state="refunded"]').count();
        const note = await cancelled.getByRole('button', { name: /חשבונית זיכוי/ }).count();
        return refunded === 1 && note === 1 ? true : undefined;
      },
      60_000,
    );
    expect(bare(await cancelled.locator('.order-card__fee dd').textContent())).toBe(
      bare(formatPrice(toShekels(fee))),
    );
    await keep(page, 'order-cancelled', viewport);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('the failure views pass axe on their own', async () => {
    const { page, context } = await openPage(world, viewport);
    await page.goto(
      `${world.stack.urls.shell}/payment/iframe/failed?transaction_id=1&order_id=2&error_code=EXPIRED_CARD`,
    );
    await page.getByRole('heading', { name: 'התשלום נכשל' }).waitFor();
    expect(await page.getByTestId('failure-message').textContent()).toBe('תוקף הכרטיס פג');
    expect(await seriousViolations(page)).toEqual([]);
    await visit(world, page, '/payment/failed');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
