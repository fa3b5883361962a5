import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cartStore, type CartLine } from '@mechabrim/cart-store';
import type { Book, PaymentCreateResponse } from '@mechabrim/contracts';
import {
  formatPrice,
  lineTotal,
  shippingOptions,
  sumAgorot,
  toAgorot,
  toShekels,
  type ShippingRegion,
} from '@mechabrim/money';
import { sessionStore } from '@mechabrim/session';
import {
  fakeApi,
  makeBook,
  renderRoute,
  type FakeAnswer,
} from '@mechabrim/api-client/src/testing/render-with-api';
import { pageExit } from '../api/create-payment';
import { buyerDetailsKey } from '../buyer-details-memory';
import { CheckoutPage } from './checkout-page';
import { FRAME_POST_DELAY_MS } from './payment-frame';

const reader = { _id: 'u1', name: 'דנה כהן', email: 'dana@example.com', role: 'user' as const };
const details = {
  first_name: 'דנה',
  last_name: 'כהן',
  phone: '050-1234567',
  email: 'dana@example.com',
  address: 'הרצל 12',
  city: 'חיפה',
  zip: '3100000',
};

function stockCart(...lines: Array<[Book, number]>) {
  const stored: CartLine[] = lines.map(([book, quantity]) => ({ book, quantity }));
  act(() => cartStore.setState({ lines: stored }));
}

function signIn(user: Record<string, unknown> = reader) {
  act(() => sessionStore.setState({ user: user as typeof reader, loading: false }));
}

const answer = (overrides: Partial<PaymentCreateResponse> = {}): PaymentCreateResponse => ({
  success: true,
  error: null,
  order_id: 'o1',
  transaction_id: 'ORD-1',
  iframe_url: 'https://pay.example/mechabrim/iframenew.php',
  payment_url: 'https://pay.example/mechabrim/iframenew.php',
  form_data: { sum: '65.00', currency: '1', payment_ref: 'AbCdEfGhIjKlMnOpQrSt-_', thtk: 't1' },
  totals: { subtotal: 50, shipping: 15, donation: 5, total: 65, currency: 'ILS' },
  ...overrides,
});

/** The payment creates the page sent, with their idempotency keys and bodies. */
interface SentCreate {
  key: string;
  body: {
    items: unknown[];
    client: Record<string, string>;
    shipping_method: string;
    shipping_region: string;
  };
}
function paymentApi(respond: () => FakeAnswer | Promise<FakeAnswer>): SentCreate[] {
  fakeApi(async (url) => (url.pathname === '/api/payments/create' ? respond() : undefined));
  const fetchMock = globalThis.fetch as jest.Mock;
  const sent: SentCreate[] = [];
  const original = fetchMock.getMockImplementation() as (
    input: RequestInfo | URL,
    init?: RequestInit,
  ) => Promise<Response>;
  fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/api/payments/create')) {
      const headers = init?.headers as Record<string, string>;
      sent.push({
        key: headers['Idempotency-Key'] ?? '',
        body: JSON.parse(String(init?.body)) as SentCreate['body'],
      });
    }
    return original(input, init);
  });
  return sent;
}

const openCheckout = () => renderRoute(<CheckoutPage />, '/checkout', '/checkout');

function fillDetails(values: Partial<typeof details> = details) {
  const labels: Record<keyof typeof details, string> = {
    first_name: 'שם פרטי',
    last_name: 'שם משפחה',
    phone: 'טלפון נייד',
    email: 'אימייל',
    address: 'רחוב ומספר בית',
    city: 'עיר',
    zip: 'מיקוד',
  };
  for (const [field, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(labels[field as keyof typeof details]), {
      target: { value },
    });
  }
}

const payButton = () => screen.getByRole('button', { name: 'למעבר לתשלום מאובטח' });
const methodPrice = (method: string) =>
  screen.getByTestId(`checkout-method-${method}-price`).textContent;

let submitted: HTMLFormElement[] = [];
beforeEach(() => {
  localStorage.clear();
  submitted = [];
  // jsdom cannot load another page into a frame; the test sees which form was sent where.
  jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
    this: HTMLFormElement,
  ) {
    submitted.push(this);
  });
  act(() => {
    cartStore.setState({ lines: [] });
    sessionStore.setState({ user: null, loading: false });
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('checkout page: who may pay', () => {
  it('sends a guest to sign in, remembering /checkout', () => {
    fakeApi(() => undefined);
    stockCart([makeBook(1), 1]);
    openCheckout();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(JSON.parse(screen.getByTestId('location').dataset.state ?? 'null')).toEqual({
      from: '/checkout',
    });
  });

  it('waits while a stored session is being checked, then shows the page', () => {
    fakeApi(() => undefined);
    stockCart([makeBook(1), 1]);
    act(() => sessionStore.setState({ user: null, loading: true }));
    openCheckout();
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
    expect(screen.getByText('בודקים את פרטי החשבון…')).toBeTruthy();
    signIn();
    expect(screen.getByRole('heading', { level: 1, name: 'תשלום' })).toBeTruthy();
  });

  it('sends an empty cart back to the cart', () => {
    fakeApi(() => undefined);
    signIn();
    openCheckout();
    expect(screen.getByTestId('location').textContent).toBe('/cart');
  });
});

describe('checkout page: summary, details and shipping', () => {
  it('sums the order to the agora: lines, subtotal, shipping, the 10% donation and the total', () => {
    fakeApi(() => undefined);
    signIn();
    stockCart([makeBook(1, { price: 39.9 }), 2], [makeBook(2, { price: 54.5 }), 1]);
    openCheckout();
    const lines = screen.getAllByTestId('checkout-line');
    expect(lines.map((line) => line.textContent)).toEqual([
      `ספר 1 × 2${formatPrice(79.8)}`,
      `ספר 2${formatPrice(54.5)}`,
    ]);
    expect(screen.getByTestId('checkout-subtotal').textContent).toBe(formatPrice(134.3));
    expect(screen.getByTestId('checkout-shipping').textContent).toBe(formatPrice(15));
    expect(screen.getByTestId('checkout-donation').textContent).toBe(formatPrice(13.43));
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatPrice(149.3));
  });

  it('prefills from the account, or from what this buyer used last time', () => {
    fakeApi(() => undefined);
    signIn();
    stockCart([makeBook(1), 1]);
    const first = openCheckout();
    expect(screen.getByLabelText<HTMLInputElement>('שם פרטי').value).toBe('דנה');
    expect(screen.getByLabelText<HTMLInputElement>('שם משפחה').value).toBe('כהן');
    expect(screen.getByLabelText<HTMLInputElement>('אימייל').value).toBe('dana@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('עיר').value).toBe('');
    first.unmount();
    localStorage.setItem(buyerDetailsKey('u1'), JSON.stringify({ ...details, city: 'באר שבע' }));
    openCheckout();
    expect(screen.getByLabelText<HTMLInputElement>('עיר').value).toBe('באר שבע');
    expect(screen.getByLabelText<HTMLInputElement>('טלפון נייד').value).toBe('050-1234567');
  });

  it('checks the details in Hebrew before anything is sent: required fields, mobile, zip', async () => {
    const sent = paymentApi(() => ({ body: answer() }));
    signIn({ ...reader, name: '' });
    stockCart([makeBook(1), 1]);
    openCheckout();
    fillDetails({ phone: '03-1234567', zip: '12345' });
    fireEvent.click(payButton());
    await screen.findByText('שם פרטי הוא שדה חובה');
    expect(screen.getByText('נא להזין מספר נייד ישראלי תקין, למשל 050-1234567')).toBeTruthy();
    expect(screen.getByText('מיקוד צריך להכיל 7 ספרות')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('שם פרטי'));
    expect(sent).toEqual([]);
  });

  it.each<[string, Array<[Book, number]>, ShippingRegion, boolean]>([
    ['one book in the centre', [[makeBook(1, { price: 40 }), 1]], 'israel-centre', false],
    ['exactly 150 ₪ (not over)', [[makeBook(1, { price: 75 }), 2]], 'israel-centre', false],
    ['over 150 ₪', [[makeBook(1, { price: 150.01 }), 1]], 'israel-sharon', false],
    [
      'over 200 ₪',
      [
        [makeBook(1, { price: 100 }), 2],
        [makeBook(2, { price: 0.5 }), 1],
      ],
      'israel-other',
      false,
    ],
    ['four copies', [[makeBook(1, { price: 20 }), 4]], 'israel-centre', false],
    ['abroad', [[makeBook(1, { price: 300 }), 5]], 'asia-oceania', false],
    ['a VIP member', [[makeBook(1, { price: 40 }), 1]], 'israel-centre', true],
  ])('shows each method at the price libs/money quotes: %s', (_, cart, region, isVip) => {
    fakeApi(() => undefined);
    signIn({ ...reader, isVip });
    stockCart(...cart);
    openCheckout();
    fireEvent.change(screen.getByLabelText('אזור המשלוח'), { target: { value: region } });
    const subtotal = sumAgorot(
      cart.map(([book, quantity]) => lineTotal(toAgorot(book.price), quantity)),
    );
    const bookCount = cart.reduce((sum, [, quantity]) => sum + quantity, 0);
    const quotes = shippingOptions({ subtotal, bookCount, isVip, region });
    for (const quote of quotes) {
      const radio = document.querySelector<HTMLInputElement>(
        `input[name="shipping_method"][value="${quote.method}"]`,
      );
      expect(radio?.disabled).toBe(!quote.available);
      expect(methodPrice(quote.method)).toBe(
        !quote.available ? '' : quote.price === 0 ? 'חינם' : formatPrice(toShekels(quote.price)),
      );
    }
    const chosen = quotes.find((quote) => quote.available && quote.method !== 'pickup');
    expect(screen.getByRole<HTMLInputElement>('radio', { checked: true }).value).toBe(
      chosen?.method,
    );
    if (isVip) expect(screen.getByText('אתם במועדון VIP: המשלוח בארץ עלינו.')).toBeTruthy();
  });

  it('says why a method is free, and which methods do not reach the region', () => {
    fakeApi(() => undefined);
    signIn();
    stockCart([makeBook(1, { price: 20 }), 4]);
    openCheckout();
    expect(
      within(screen.getByRole('radio', { name: /משלוח רגיל/ }).closest('li')!).getByText(
        /חינם בהזמנה של 4 ספרים ומעלה/,
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('אזור המשלוח'), { target: { value: 'israel-other' } });
    const nextDay = screen.getByRole<HTMLInputElement>('radio', {
      name: /משלוח ביום העסקים הבא/,
    });
    expect(nextDay.disabled).toBe(true);
    expect(within(nextDay.closest('li')!).getByText('לא זמין באזור שנבחר')).toBeTruthy();
    expect(screen.getByText(/^משלוח רגיל חינם בהזמנה מעל \W*150\W*₪\.$/)).toBeTruthy();
  });
});

describe('checkout page: paying', () => {
  it('keeps what the buyer typed when the session ends on the way, for the sign-in to bring back', async () => {
    paymentApi(() => ({ status: 401, body: { statusCode: 401, message: 'החיבור הסתיים' } }));
    signIn();
    stockCart([makeBook(1), 1]);
    openCheckout();
    fillDetails();
    fireEvent.click(payButton());
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(buyerDetailsKey('u1')) ?? '{}')).toEqual(details),
    );
  });

  it('one order for a double click: the button waits, and a retried request reuses its key', async () => {
    let release: () => void = () => undefined;
    let calls = 0;
    const sent = paymentApi(async () => {
      calls += 1;
      if (calls === 1) {
        await new Promise<void>((resolve) => (release = resolve));
        return { status: 503, body: { statusCode: 503, message: 'השירות אינו זמין' } };
      }
      return { body: answer() };
    });
    signIn();
    stockCart([makeBook(1), 1]);
    openCheckout();
    fillDetails();
    fireEvent.click(payButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    const pending = screen.getByRole<HTMLButtonElement>('button', { name: 'מכינים את התשלום…' });
    expect(pending.disabled).toBe(true);
    fireEvent.click(pending);
    fireEvent.submit(pending.closest('form')!);
    expect(sent).toHaveLength(1);
    await act(async () => release());
    await screen.findByRole('alert');
    // The same request again is the same attempt: the same key, so still one order.
    fireEvent.click(payButton());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[0]?.key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(sent[0]?.body).toEqual({
      items: [{ id: 'b1', quantity: 1 }],
      client: { ...details, country: 'ישראל' },
      shipping_method: 'standard',
      shipping_region: 'israel-centre',
    });
  });

  it('a changed order is a new attempt with a new key', async () => {
    const sent = paymentApi(() => ({
      status: 409,
      body: { statusCode: 409, message: 'הספר אזל' },
    }));
    signIn();
    stockCart([makeBook(1), 1]);
    openCheckout();
    fillDetails();
    fireEvent.click(payButton());
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('radio', { name: /משלוח אקספרס/ }));
    fireEvent.click(payButton());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
    expect(sent[1]?.body.shipping_method).toBe('express');
  });

  it('posts the form data into the frame after 500 ms, and shows the server’s totals', async () => {
    paymentApi(() => ({ body: answer() }));
    signIn();
    stockCart([makeBook(1), 1]);
    openCheckout();
    fillDetails();
    jest.useFakeTimers();
    fireEvent.click(payButton());
    const frame = await screen.findByTitle<HTMLIFrameElement>('תשלום מאובטח בכרטיס אשראי');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'תשלום מאובטח' }));
    const form = screen.getByTestId<HTMLFormElement>('payment-form');
    expect(form.target).toBe(frame.name);
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://pay.example/mechabrim/iframenew.php');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      sum: '65.00',
      currency: '1',
      payment_ref: 'AbCdEfGhIjKlMnOpQrSt-_',
      thtk: 't1',
    });
    act(() => jest.advanceTimersByTime(FRAME_POST_DELAY_MS - 1));
    expect(submitted).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(submitted).toEqual([form]);
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatPrice(65));
    expect(JSON.parse(localStorage.getItem(buyerDetailsKey('u1')) ?? '{}')).toEqual(details);
  });

  it('leaves for the provider’s page when it answers only a payment URL', async () => {
    const leave = jest.spyOn(pageExit, 'to').mockImplementation(() => undefined);
    paymentApi(() => ({
      body: answer({ iframe_url: '', form_data: {}, payment_url: 'https://pay.example/page/42' }),
    }));
    signIn();
    stockCart([makeBook(1), 1]);
    openCheckout();
    fillDetails();
    fireEvent.click(payButton());
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://pay.example/page/42'));
    expect(screen.getByRole('button', { name: 'מעבירים לעמוד התשלום…' })).toBeTruthy();
  });

  it('goes to the success page, naming its order, when the answer has neither frame nor page', async () => {
    paymentApi(() => ({ body: answer({ iframe_url: '', payment_url: '', form_data: {} }) }));
    signIn();
    stockCart([makeBook(1), 1]);
    openCheckout();
    fillDetails();
    fireEvent.click(payButton());
    const location = screen.getByTestId('location');
    await waitFor(() => expect(location.textContent).toBe('/payment/success'));
    expect(new URLSearchParams(location.dataset.search).get('order_id')).toBe('o1');
  });

  it.each<[string, FakeAnswer | 'network', string]>([
    [
      'the API’s own Hebrew message',
      { status: 409, body: { statusCode: 409, message: 'הספרים האלה אינם זמינים: ספר 1' } },
      'הספרים האלה אינם זמינים: ספר 1',
    ],
    [
      'a server failure',
      { status: 500, body: { statusCode: 500, message: 'Internal' } },
      'אירעה שגיאה בעיבוד התשלום. אפשר לנסות שוב.',
    ],
    ['no connection', 'network', 'יצירת התשלום נכשלה. אפשר לנסות שוב בעוד רגע.'],
  ])('shows %s in an error box that can be dismissed', async (_, reply, message) => {
    paymentApi(() => (reply === 'network' ? Promise.reject(new TypeError('fetch failed')) : reply));
    signIn();
    stockCart([makeBook(1), 1]);
    openCheckout();
    fillDetails();
    fireEvent.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(document.activeElement).toBe(alert);
    fireEvent.click(within(alert).getByRole('button', { name: 'סגירת ההודעה' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('checkout page: messages from the payment frame', () => {
  async function openFrame(sent: SentCreate[] = paymentApi(() => ({ body: answer() }))) {
    signIn();
    stockCart([makeBook(1), 1]);
    openCheckout();
    fillDetails();
    fireEvent.click(payButton());
    const frame = await screen.findByTitle<HTMLIFrameElement>('תשלום מאובטח בכרטיס אשראי');
    return { frame, sent };
  }
  const post = (frame: HTMLIFrameElement, data: unknown, origin = window.location.origin) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data, origin, source: frame.contentWindow }),
      );
    });

  it('PAYMENT_SUCCESS from our own result page goes to the full-page success', async () => {
    const { frame } = await openFrame();
    post(frame, { type: 'PAYMENT_SUCCESS', transactionId: 'T-77', orderId: 'o1' });
    expect(screen.getByTestId('location').textContent).toBe('/payment/success');
  });

  it('names the order it created when the frame returns without one (the hosted page never has it)', async () => {
    const { frame } = await openFrame();
    post(frame, { type: 'PAYMENT_SUCCESS', transactionId: 'T-77', orderId: null });
    const location = screen.getByTestId('location');
    expect(location.textContent).toBe('/payment/success');
    expect(new URLSearchParams(location.dataset.search).get('order_id')).toBe('o1');
    expect(new URLSearchParams(location.dataset.search).get('transaction_id')).toBe('T-77');
  });

  it('ignores the same message from another origin or another window', async () => {
    const { frame } = await openFrame();
    post(
      frame,
      { type: 'PAYMENT_SUCCESS', transactionId: 'T-77', orderId: 'o1' },
      'https://evil.example',
    );
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'PAYMENT_SUCCESS', transactionId: 'T-77', orderId: 'o1' },
          origin: window.location.origin,
          source: window,
        }),
      );
    });
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
    expect(screen.getByTitle('תשלום מאובטח בכרטיס אשראי')).toBeTruthy();
  });

  it('FRAME_HEIGHT sizes the frame to the result view and brings the payment heading into view', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const { frame } = await openFrame();
      post(frame, { type: 'FRAME_HEIGHT', height: 512 });
      expect(frame.style.blockSize).toBe('512px');
      expect(scrolled.at(-1)).toBe(screen.getByRole('heading', { name: 'תשלום מאובטח' }));
      // The frame stays open: the height is no answer to the payment.
      expect(screen.getByTestId('location').textContent).toBe('/checkout');
      expect(screen.getByTitle('תשלום מאובטח בכרטיס אשראי')).toBe(frame);
      // From anyone else it is ignored.
      post(frame, { type: 'FRAME_HEIGHT', height: 90 }, 'https://evil.example');
      expect(frame.style.blockSize).toBe('512px');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('RETRY_PAYMENT opens a new attempt with a new key; CLOSE_IFRAME goes back to the details', async () => {
    let n = 0;
    const sent = paymentApi(() => ({ body: answer({ transaction_id: `ORD-${(n += 1)}` }) }));
    const { frame } = await openFrame(sent);
    post(frame, { type: 'RETRY_PAYMENT' });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
    const again = await screen.findByTitle<HTMLIFrameElement>('תשלום מאובטח בכרטיס אשראי');
    post(again, { type: 'CLOSE_IFRAME' });
    expect(screen.queryByTitle('תשלום מאובטח בכרטיס אשראי')).toBeNull();
    expect(payButton()).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('עיר').value).toBe('חיפה');
  });
});
