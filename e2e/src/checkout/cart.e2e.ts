import {
  donationOf,
  formatPrice,
  lineTotal,
  sumAgorot,
  toAgorot,
  toShekels,
} from '@mechabrim/money';
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

/** A price as the cart prints it (`formatPrice`), without the bidi marks and spaces around ₪. */
const shekelText = (shekels: number) => formatPrice(shekels).replace(/[\u200e\u200f\s]/g, '');
const bare = (text: string | null) => (text ?? '').replace(/[\u200e\u200f\s]/g, '');

// One stack for both widths: each width's journey uses its own accounts and records, so the
// second does not depend on what the first left behind.
let world: StorefrontWorld;
beforeAll(async () => {
  world = await startWorld({}, { borrow: true });
});
afterAll(() => world?.close());

describe.each<ViewportName>(['desktop', 'mobile'])('the cart (%s)', (viewport) => {
  let books: ApiBook[];

  beforeAll(async () => {
    books = (await world.api<{ books: ApiBook[] }>('/api/books?sort=sales&limit=20')).books
      .filter((book) => book.isAvailable)
      .slice(0, 2);
  });

  it('adds two books in the storefront, changes a quantity, removes one, and sends a guest to login', async () => {
    const [first, second] = books;
    if (!first || !second) throw new Error('the demo catalogue has fewer than two available books');
    const { page, errors, context } = await openPage(world, viewport);
    for (const book of [first, second]) {
      await visit(world, page, `/book/${book._id}`);
      await page.getByRole('button', { name: 'הוספה לסל', exact: true }).click();
      await page.getByRole('button', { name: 'הסרה מהסל', exact: true }).waitFor();
    }

    await visit(world, page, '/cart');
    const lines = page.getByTestId('cart-line');
    await lines.nth(1).waitFor();
    await expect(lines.count()).resolves.toBe(2);

    await page.getByRole('button', { name: `הוספת עותק אחד של ${first.title}` }).click();
    const firstTotal = lineTotal(toAgorot(first.price), 2);
    const total = sumAgorot([firstTotal, lineTotal(toAgorot(second.price), 1)]);
    const cartTotal = page.getByTestId('cart-total');
    await page.waitForFunction(
      (expected) =>
        (document.querySelector('[data-testid="cart-total"]')?.textContent ?? '').replace(
          /[\u200e\u200f\s]/g,
          '',
        ) === expected,
      shekelText(toShekels(total)),
    );
    expect(bare(await cartTotal.textContent())).toBe(shekelText(toShekels(total)));
    expect(bare(await page.getByTestId('cart-donation').textContent())).toBe(
      shekelText(toShekels(donationOf(total))),
    );
    await expect(page.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('3');
    await keep(page, 'cart', viewport);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `הסרה של ${second.title} מהסל` }).click();
    await page.getByTestId('cart-announcer').getByText(`${second.title} הוסר מהסל`).waitFor();
    await expect(lines.count()).resolves.toBe(1);
    expect(bare(await cartTotal.textContent())).toBe(shekelText(toShekels(firstTotal)));
    expect(bare(await page.getByTestId('cart-donation').textContent())).toBe(
      shekelText(toShekels(donationOf(firstTotal))),
    );
    await expect(page.getByTestId('cart-count').textContent()).resolves.toBe('2');

    await page.getByRole('button', { name: 'למעבר לתשלום' }).click();
    await page.waitForURL('**/login');
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });
});
