import { formatPrice } from '@mechabrim/money';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cartStore, type CartLine } from '@mechabrim/cart-store';
import { sessionStore } from '@mechabrim/session';
import type { Book } from '@mechabrim/contracts';
import { fakeApi, makeBook, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { CartPage, REMOVAL_DELAY_MS } from './cart-page';
import { freeShippingMessage } from './free-shipping-bar';

/** Puts lines in the shared cart as the storefront would have stored them. */
function stockCart(...lines: Array<[Book, number]>) {
  const stored: CartLine[] = lines.map(([book, quantity]) => ({ book, quantity }));
  act(() => cartStore.setState({ lines: stored }));
}

/** Serves each book as the catalogue knows it now; ids not listed answer 404. */
function catalogue(...books: Book[]): string[] {
  return fakeApi((url) => {
    const book = books.find((candidate) => url.pathname === `/api/books/${candidate._id}`);
    return book ? { body: book } : undefined;
  });
}

const openCart = () => renderRoute(<CartPage />, '/cart', '/cart');
const lineOf = (title: string) =>
  screen
    .getAllByTestId('cart-line')
    .find((line) => within(line).queryAllByText(title).length > 0) ??
  (() => {
    throw new Error(`no line for ${title}`);
  })();

beforeEach(() => {
  act(() => {
    cartStore.setState({ lines: [] });
    sessionStore.setState({ user: null });
  });
});

/** The checkout button, once the re-read prices have come back and enabled it. */
async function checkoutButtonOnceChecked(): Promise<HTMLButtonElement> {
  const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'למעבר לתשלום' });
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

describe('cart page', () => {
  it('shows the empty state leading to the catalogue', () => {
    catalogue();
    openCart();
    expect(screen.getByRole('heading', { level: 1, name: 'סל הקניות ריק' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'לקטלוג הספרים' }).getAttribute('href')).toBe('/books');
  });

  it('shows the stored lines at once and re-reads every one from the API in parallel; checkout waits for the answer', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const calls = fakeApi(async (url) => {
      await answered;
      return { body: makeBook(Number(url.pathname.slice('/api/books/b'.length))) };
    });
    stockCart([makeBook(1), 1], [makeBook(2), 1]);
    openCart();
    // Readable before the catalogue answers: the lines as stored, the checkout button waiting.
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'ספר 1' })).toBeTruthy();
    expect(screen.getByTestId('cart-checking').textContent).toBe('טוען את המחירים העדכניים…');
    const checkout = screen.getByRole('button', { name: 'למעבר לתשלום' });
    expect((checkout as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(calls).toEqual(['/api/books/b1', '/api/books/b2']));
    await act(async () => release());
    await waitFor(() => expect(screen.queryByTestId('cart-checking')).toBeNull());
    expect((checkout as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
  });

  it('keeps the quantity at one or more and announces it', async () => {
    catalogue(makeBook(1));
    stockCart([makeBook(1), 1]);
    openCart();
    await screen.findByRole('link', { name: 'ספר 1' });
    const decrease = screen.getByRole('button', { name: 'הפחתת עותק אחד של ספר 1' });
    const increase = screen.getByRole('button', { name: 'הוספת עותק אחד של ספר 1' });
    expect((decrease as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(decrease);
    expect(cartStore.getState().quantityOf('b1')).toBe(1);

    fireEvent.click(increase);
    fireEvent.click(increase);
    expect(cartStore.getState().quantityOf('b1')).toBe(3);
    expect(screen.getByText('ספר 1: 3 עותקים')).toBeTruthy();
    fireEvent.click(decrease);
    fireEvent.click(decrease);
    expect(cartStore.getState().quantityOf('b1')).toBe(1);
    expect(screen.getByText('ספר 1: עותק אחד')).toBeTruthy();
    expect((decrease as HTMLButtonElement).disabled).toBe(true);
  });

  it('stops at 99 copies of a book, saying so, as the payment request does', async () => {
    catalogue(makeBook(1));
    stockCart([makeBook(1), 98]);
    openCart();
    await screen.findByRole('link', { name: 'ספר 1' });
    const increase = screen.getByRole<HTMLButtonElement>('button', {
      name: 'הוספת עותק אחד של ספר 1',
    });
    expect(screen.queryByText('אפשר להזמין עד 99 עותקים מכל ספר בהזמנה אחת')).toBeNull();
    fireEvent.click(increase);
    expect(cartStore.getState().quantityOf('b1')).toBe(99);
    expect(increase.disabled).toBe(true);
    const notice = screen.getByText('אפשר להזמין עד 99 עותקים מכל ספר בהזמנה אחת');
    expect(increase.getAttribute('aria-describedby')).toBe(notice.id);
  });

  it('fades a removed line for 300 ms, then removes it and announces it', async () => {
    catalogue(makeBook(1), makeBook(2));
    stockCart([makeBook(1), 1], [makeBook(2), 1]);
    openCart();
    await screen.findByRole('link', { name: 'ספר 1' });
    const clickedAt = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'הסרה של ספר 1 מהסל' }));
    expect(lineOf('ספר 1').hasAttribute('data-removing')).toBe(true);
    expect(cartStore.getState().isInCart('b1')).toBe(true);

    await waitFor(() => expect(cartStore.getState().isInCart('b1')).toBe(false));
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(REMOVAL_DELAY_MS - 5);
    expect(screen.queryByText('ספר 1')).toBeNull();
    expect(screen.getByTestId('cart-announcer').textContent).toBe('ספר 1 הוסר מהסל');
    expect(cartStore.getState().isInCart('b2')).toBe(true);
  });

  it('counts totals and the donation in whole agorot, shown to the agora', async () => {
    const books = [
      makeBook(1, { price: 33.33 }),
      makeBook(2, { price: 0.1 }),
      makeBook(3, { price: 0.2 }),
    ];
    catalogue(...books);
    stockCart([books[0] as Book, 3], [books[1] as Book, 1], [books[2] as Book, 1]);
    openCart();
    await screen.findByRole('link', { name: 'ספר 1' });
    // 3 × 33.33 + 0.10 + 0.20 = 100.29; 10 % of it is 10.029, rounded once to 10.03.
    expect(screen.getByTestId('cart-total').textContent).toBe(formatPrice(100.29));
    expect(screen.getByTestId('cart-donation').textContent).toBe(formatPrice(10.03));
    const lineTotalOf = (title: string) =>
      lineOf(title).querySelector('.cart-line__total bdi')?.textContent;
    expect(lineTotalOf('ספר 1')).toBe(formatPrice(99.99));
    expect(lineTotalOf('ספר 2')).toBe(formatPrice(0.1));
    expect(screen.getByText('סה״כ (5 ספרים)')).toBeTruthy();
  });

  it('shows a changed price struck through, the new one, a notice, and updates the stored line', async () => {
    catalogue(makeBook(1, { price: 60 }));
    stockCart([makeBook(1, { price: 50 }), 2]);
    openCart();
    await screen.findByText('המחיר השתנה');
    const line = lineOf('ספר 1');
    expect(line.querySelector('del')?.textContent).toBe(formatPrice(50));
    expect(line.querySelector('ins')?.textContent).toBe(formatPrice(60));
    expect(screen.getByText(/המחיר של ספר אחד או יותר השתנה/)).toBeTruthy();
    expect(cartStore.getState().lines[0]?.book.price).toBe(60);
    expect(screen.getByTestId('cart-total').textContent).toBe(formatPrice(120));
    expect(screen.getByTestId('cart-donation').textContent).toBe(formatPrice(12));
  });

  it('never charges a withdrawn or unavailable book: excluded, and checkout waits for its removal', async () => {
    catalogue(makeBook(1, { price: 40 }), makeBook(2, { isAvailable: false }));
    stockCart([makeBook(1, { price: 40 }), 1], [makeBook(2), 1], [makeBook(3), 2]);
    openCart();
    await screen.findByText(/ספר שבסל כבר אינו זמין/);
    expect(within(lineOf('ספר 2')).getByText('הספר אינו זמין כרגע')).toBeTruthy();
    expect(within(lineOf('ספר 3')).getByText('הספר אינו זמין כרגע')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe(formatPrice(40));
    const checkout = screen.getByRole<HTMLButtonElement>('button', { name: 'למעבר לתשלום' });
    expect(checkout.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'הסרה של ספר 2 מהסל' }));
    fireEvent.click(screen.getByRole('button', { name: 'הסרה של ספר 3 מהסל' }));
    await waitFor(() => expect(cartStore.getState().lines).toHaveLength(1));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'למעבר לתשלום' }).disabled).toBe(
      false,
    );
  });

  it('shows a Hebrew error with a retry when the prices cannot be read', async () => {
    let failing = true;
    fakeApi(() => (failing ? { status: 500, body: { message: 'תקלה' } } : { body: makeBook(1) }));
    stockCart([makeBook(1), 1]);
    openCart();
    await screen.findByText('לא הצלחנו לבדוק את המחירים העדכניים');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'לנסות שוב' }));
    await screen.findByRole('link', { name: 'ספר 1' });
  });

  it('sends a guest to the login page, remembering /checkout', async () => {
    catalogue(makeBook(1));
    stockCart([makeBook(1), 1]);
    openCart();
    fireEvent.click(await checkoutButtonOnceChecked());
    const location = screen.getByTestId('location');
    expect(location.textContent).toBe('/login');
    expect(JSON.parse(location.dataset.state ?? 'null')).toEqual({ from: '/checkout' });
  });

  it('sends a signed-in reader to /checkout', async () => {
    act(() =>
      sessionStore.setState({
        user: { _id: 'u1', name: 'דנה', email: 'dana@example.com', role: 'user' },
      }),
    );
    catalogue(makeBook(1));
    stockCart([makeBook(1), 1]);
    openCart();
    fireEvent.click(await checkoutButtonOnceChecked());
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
  });

  it('fills the free-shipping bar toward five books as the reader adds copies', async () => {
    catalogue(makeBook(1));
    stockCart([makeBook(1), 4]);
    openCart();
    const bar = await screen.findByRole('progressbar', { name: 'התקדמות למשלוח חינם' });
    expect(bar.getAttribute('aria-valuenow')).toBe('4');
    expect(bar.getAttribute('aria-valuemax')).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: 'הוספת עותק אחד של ספר 1' }));
    expect(bar.getAttribute('aria-valuenow')).toBe('5');
    expect(screen.getByText('מעולה! המשלוח הרגיל או האקספרס בחינם')).toBeTruthy();
  });
});

describe('free-shipping wording', () => {
  it.each([
    [0, 'עוד 4 ספרים למשלוח חינם'],
    [1, 'עוד 3 ספרים למשלוח חינם'],
    [2, 'עוד 2 ספרים למשלוח חינם'],
    [3, 'עוד ספר אחד למשלוח חינם'],
    [4, 'המשלוח הרגיל או האקספרס בחינם'],
    [5, 'מעולה! המשלוח הרגיל או האקספרס בחינם'],
    [6, 'מעולה! המשלוח הרגיל או האקספרס בחינם'],
  ])('%i books: %s', (copies, message) => {
    expect(freeShippingMessage(copies)).toBe(message);
  });
});
