import { formatPrice } from '@mechabrim/money';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { cartStore } from '@mechabrim/cart-store';
import { PICKUP_BRANCH, type PaymentStatusResponse } from '@mechabrim/contracts';
import { fakeApi, makeBook, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { FrameFailure } from './frame-failure';
import { FrameSuccess } from './frame-success';
import { PaymentFailedPage } from './payment-failed-page';
import { PaymentSuccessPage, VERIFY_ATTEMPTS, VERIFY_RETRY_MS } from './payment-success-page';

const status = (overrides: Partial<PaymentStatusResponse> = {}): PaymentStatusResponse => ({
  success: true,
  status: 'completed',
  error: null,
  order_id: '6b08811bc1d41fe09b61979a',
  transaction_id: 'T-100',
  amount: 149.3,
  currency: 'ILS',
  error_code: null,
  shipping: { method: 'standard', region: 'israel-centre' },
  ...overrides,
});

const openSuccess = (search: string) =>
  renderRoute(<PaymentSuccessPage />, '/payment/success', `/payment/success${search}`);

beforeEach(() => {
  act(() => cartStore.setState({ lines: [{ book: makeBook(1), quantity: 2 }] }));
});
afterEach(() => jest.useRealTimers());

describe('full-page success', () => {
  it('verifies the order with the server, then shows its transaction and empties the cart', async () => {
    // The order id goes first: the server may not know the provider's number before its notify.
    const calls = fakeApi((url) =>
      url.pathname === '/api/payments/status/o1' ? { body: status() } : undefined,
    );
    openSuccess('?transaction_id=T-100&order_id=o1');
    expect(screen.getByText('מאמתים את התשלום…')).toBeTruthy();
    expect(cartStore.getState().lines).toHaveLength(1);
    await screen.findByRole('heading', { name: 'התשלום בוצע בהצלחה!' });
    expect(calls).toEqual(['/api/payments/status/o1']);
    expect(screen.getByTestId('result-transaction').textContent).toBe('T-100');
    // The order by the reference the orders page and the mail use, never the raw id.
    expect(screen.getByTestId('result-order').textContent).toBe('9B61979A');
    expect(screen.getByTestId('result-amount').textContent).toBe(formatPrice(149.3));
    expect(cartStore.getState().lines).toEqual([]);
    expect(screen.getByRole('link', { name: 'להזמנות שלי' }).getAttribute('href')).toBe('/orders');
    expect(screen.getByRole('link', { name: /03-9407010/ }).getAttribute('href')).toBe('/contact');
  });

  it.each([
    [
      'pickup',
      'israel-other',
      'נשלח לכם אימייל כשההזמנה תהיה מוכנה לאיסוף בסניף תל אביב — בדרך כלל תוך שעה מסיום ההדפסה.',
    ],
    ['standard', 'israel-other', 'משלוח רגיל: זמן המשלוח 3–5 ימי עסקים.'],
    ['next-day', 'israel-centre', 'משלוח ביום העסקים הבא: זמן המשלוח יום עסקים אחד.'],
    ['international', 'europe-usa', 'משלוח לחו״ל: זמן המשלוח 7–14 ימים.'],
  ] as const)('the next steps of a %s order follow its method', async (method, region, said) => {
    fakeApi((url) =>
      url.pathname === '/api/payments/status/o1'
        ? { body: status({ shipping: { method, region } }) }
        : undefined,
    );
    openSuccess('?order_id=o1');
    await screen.findByRole('heading', { name: 'התשלום בוצע בהצלחה!' });
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    const texts = steps.map((step) => step.textContent);
    expect(texts).toContain(said);
    // The page names no delivery time other than the table's for the method.
    const times = document.body.textContent?.match(/[\d–]+ ימי עסקים/g) ?? [];
    expect(times.every((time) => said.includes(time))).toBe(true);
    if (method === 'pickup') {
      expect(texts).toContain(
        `כתובת הסניף: ${PICKUP_BRANCH.addressHe} (${PICKUP_BRANCH.hoursHe}).`,
      );
      // No carrier to wait for, no phone call about delivery details.
      expect(texts.join(' ')).not.toMatch(/דואר רשום|פרטי המשלוח/);
    } else {
      expect(texts.join(' ')).not.toContain('איסוף');
    }
  });

  it('an order without a recorded method keeps the general next steps', async () => {
    fakeApi((url) =>
      url.pathname === '/api/payments/status/o1' ? { body: status({ shipping: null }) } : undefined,
    );
    openSuccess('?order_id=o1');
    await screen.findByRole('heading', { name: 'התשלום בוצע בהצלחה!' });
    expect(
      screen.getByText('הספרים יישלחו בשיטת המשלוח שבחרתם, בזמנים שבמדיניות המשלוחים.'),
    ).toBeTruthy();
    // No delivery time or carrier of its own, against the shipping table.
    expect(document.body.textContent).not.toMatch(/דואר רשום|ימי עסקים/);
  });

  it('asks again while the provider has not reported yet, then gives up with an error', async () => {
    jest.useFakeTimers();
    let asked = 0;
    fakeApi(() => {
      asked += 1;
      return { body: status({ success: false, status: 'pending' }) };
    });
    openSuccess('?transaction_id=T-1');
    for (let i = 1; i < VERIFY_ATTEMPTS; i += 1) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(VERIFY_RETRY_MS);
      });
    }
    await act(async () => {
      await jest.advanceTimersByTimeAsync(VERIFY_RETRY_MS);
    });
    expect(screen.getByRole('heading', { name: 'שגיאה בתשלום' })).toBeTruthy();
    expect(asked).toBe(VERIFY_ATTEMPTS);
    expect(screen.getByRole('alert').textContent).toBe('התשלום עדיין לא אושר על ידי חברת הסליקה.');
    expect(cartStore.getState().lines).toHaveLength(1);
  });

  it.each<[string, Parameters<typeof fakeApi>[0], string]>([
    [
      'a declined payment, in the provider’s words',
      () => ({ body: status({ success: false, status: 'failed', error: 'הכרטיס נדחה' }) }),
      'הכרטיס נדחה',
    ],
    [
      'a payment under review',
      () => ({ body: status({ success: false, status: 'review' }) }),
      'התשלום התקבל אך לא תאם את ההזמנה, והוא מועבר לבדיקה. נחזור אליכם.',
    ],
    [
      'someone else’s transaction (404)',
      () => ({ status: 404, body: { statusCode: 404, message: 'לא נמצא' } }),
      'אימות התשלום נכשל. אם חויבתם, ההזמנה תופיע ב"ההזמנות שלי" תוך דקות.',
    ],
    [
      'a signed-out visitor (401)',
      () => ({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } }),
      'כדי לאמת את התשלום צריך להתחבר לחשבון.',
    ],
  ])('shows an error, never success, for %s', async (_, api, message) => {
    fakeApi(api);
    openSuccess('?transaction_id=T-9');
    await screen.findByRole('heading', { name: 'שגיאה בתשלום' });
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'לנסות שוב' }).getAttribute('href')).toBe('/checkout');
    expect(screen.getByRole('link', { name: 'להמשך קניות' }).getAttribute('href')).toBe('/books');
    expect(cartStore.getState().lines).toHaveLength(1);
  });

  it('without any id says the payment is being checked, points to the orders and keeps the cart', () => {
    const calls = fakeApi(() => undefined);
    openSuccess('');
    expect(screen.getByRole('heading', { name: 'התשלום בבדיקה' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('אנחנו בודקים את מצב התשלום');
    expect(screen.queryByRole('heading', { name: 'התשלום בוצע בהצלחה!' })).toBeNull();
    expect(screen.getByRole('link', { name: 'להזמנות שלי' }).getAttribute('href')).toBe('/orders');
    expect(calls).toEqual([]);
    expect(cartStore.getState().lines).toHaveLength(1);
  });

  it('empties the cart once the server confirmed the payment by its transaction id', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/payments/status/T-100' ? { body: status() } : undefined,
    );
    openSuccess('?transaction_id=T-100');
    expect(cartStore.getState().lines).toHaveLength(1);
    await screen.findByRole('heading', { name: 'התשלום בוצע בהצלחה!' });
    expect(calls).toEqual(['/api/payments/status/T-100']);
    expect(cartStore.getState().lines).toEqual([]);
  });
});

describe('full-page failure', () => {
  it('lists the reasons and the ways on', () => {
    renderRoute(<PaymentFailedPage />, '/payment/failed', '/payment/failed');
    expect(screen.getByRole('heading', { level: 1, name: 'התשלום נכשל' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'לנסות שוב' }).getAttribute('href')).toBe('/checkout');
    expect(screen.getByRole('link', { name: 'ליצירת קשר' }).getAttribute('href')).toBe('/contact');
  });
});

describe('the views inside the payment frame', () => {
  let posted: Array<[unknown, string]>;
  let parentWindow: PropertyDescriptor | undefined;
  beforeEach(() => {
    posted = [];
    parentWindow = Object.getOwnPropertyDescriptor(window, 'parent');
    Object.defineProperty(window, 'parent', {
      configurable: true,
      value: { postMessage: (message: unknown, origin: string) => posted.push([message, origin]) },
    });
  });
  afterEach(() => {
    if (parentWindow) Object.defineProperty(window, 'parent', parentWindow);
  });

  it('success tells the checkout page at once, to our own origin only, and can close', () => {
    renderRoute(
      <FrameSuccess />,
      '/payment/iframe/success',
      '/payment/iframe/success?transaction_id=77&order_id=o1&amount=65.00&currency=ILS',
    );
    expect(posted).toEqual([
      [{ type: 'PAYMENT_SUCCESS', transactionId: '77', orderId: 'o1' }, window.location.origin],
    ]);
    expect(
      screen.getByText(
        (_, element) => element?.tagName === 'BDI' && element.textContent === formatPrice(65),
      ),
    ).toBeTruthy();
    expect(screen.getByText(new Date().toLocaleDateString('he-IL'), { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'סגירה' }));
    expect(posted[1]).toEqual([{ type: 'CLOSE_IFRAME' }, window.location.origin]);
  });

  it('failure shows the mapped reason, the numbers, and asks the checkout page to retry', () => {
    renderRoute(
      <FrameFailure />,
      '/payment/iframe/failed',
      '/payment/iframe/failed?transaction_id=78&order_id=6b08811bc1d41fe09b61979a&error_code=INSUFFICIENT_FUNDS',
    );
    expect(screen.getByTestId('failure-message').textContent).toBe('אין מספיק יתרה בכרטיס');
    // The order's reference as the orders page prints it, not the raw id.
    expect(screen.getByTestId('result-order').textContent).toBe('9B61979A');
    expect(screen.queryByText('6b08811bc1d41fe09b61979a')).toBeNull();
    expect(screen.getByText('INSUFFICIENT_FUNDS')).toBeTruthy();
    expect(screen.getByText('78')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'לנסות שוב' }));
    expect(posted).toEqual([[{ type: 'RETRY_PAYMENT' }, window.location.origin]]);
    const contact = screen.getByRole('link', { name: 'ליצירת קשר' });
    expect(contact.getAttribute('target')).toBe('_parent');
  });
});
