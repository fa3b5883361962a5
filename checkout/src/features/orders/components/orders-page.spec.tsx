import { formatPrice } from '@mechabrim/money';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BuyerOrder, BuyerOrdersPage } from '@mechabrim/contracts';
import { sessionStore } from '@mechabrim/session';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { OrdersPage, stepOf } from './orders-page';

const order = (n: number, overrides: Partial<BuyerOrder> = {}): BuyerOrder => ({
  _id: `6650aa00000000000000${String(n).padStart(4, '0')}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'paid',
  lines: [
    {
      bookId: `b${n}`,
      title: `ספר ${n}`,
      authorId: 'a1',
      authorName: 'נועה לוי',
      coverImage: '',
      unitPrice: 39.9,
      quantity: 2,
      lineTotal: 79.8,
    },
  ],
  shipping: { method: 'standard', region: 'israel-centre', price: 15 },
  subtotal: 79.8,
  donation: 7.98,
  total: 94.8,
  currency: 'ILS',
  paidAt: '2026-11-20T10:01:00.000Z',
  transactionId: `T-${n}`,
  receiptUrl: null,
  creditNotes: [],
  timeline: [
    { status: 'pending_payment', at: '2026-11-20T10:00:00.000Z' },
    { status: 'paid', at: '2026-11-20T10:01:00.000Z' },
  ],
  tracking: [],
  cancellation: null,
  return: null,
  returnableUntil: null,
  ...overrides,
});

const pageOf = (orders: BuyerOrder[], page: number, total: number): BuyerOrdersPage => ({
  orders,
  page,
  limit: 10,
  total,
  hasMore: page * 10 < total,
});

const openOrders = () => renderRoute(<OrdersPage />, '/orders', '/orders');

beforeEach(() => {
  act(() =>
    sessionStore.setState({
      user: { _id: 'u1', name: 'דנה', email: 'dana@example.com', role: 'user' },
      loading: false,
    }),
  );
});

describe('/orders', () => {
  it('sends a guest to sign in, coming back here', () => {
    act(() => sessionStore.setState({ user: null, loading: false }));
    fakeApi(() => undefined);
    openOrders();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('shows each order with its status, lines, money and where it is on the way', async () => {
    const calls = fakeApi(() => ({
      body: pageOf(
        [
          order(2, {
            status: 'shipped',
            timeline: [
              { status: 'paid', at: '2026-11-21T08:00:00.000Z' },
              { status: 'processing', at: '2026-11-21T09:00:00.000Z' },
              { status: 'shipped', at: '2026-11-22T09:00:00.000Z' },
            ],
            shipping: { method: 'pickup', region: 'israel-centre', price: 0 },
          }),
          order(1),
        ],
        1,
        2,
      ),
    }));
    openOrders();
    const cards = await screen.findAllByTestId('order-card');
    expect(calls).toEqual(['/api/orders/mine?page=1&limit=10']);
    expect(cards).toHaveLength(2);
    const [shipped, paid] = cards as [HTMLElement, HTMLElement];
    // A self-pickup order's shipped reads as waiting at the branch.
    expect(
      within(shipped).getByText('מוכנה לאיסוף בסניף תל אביב', {
        selector: '.order-card__status',
      }),
    ).toBeTruthy();
    expect(within(shipped).getByText('חינם')).toBeTruthy();
    const steps = within(shipped)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.state);
    expect(steps.map((li) => li.dataset.state)).toEqual(['done', 'done', 'current', 'ahead']);
    expect(within(paid).getByText('שולמה', { selector: '.order-card__status' })).toBeTruthy();
    expect(within(paid).getByRole('heading').textContent).toBe('הזמנה 00000001');
    expect(within(paid).getByText('T-1')).toBeTruthy();
    expect(paid.textContent).toContain(formatPrice(94.8));
    expect(paid.textContent).toContain('2 עותקים');
  });

  it("shows every parcel's tracking number, linked to the carrier's page", async () => {
    fakeApi(() => ({
      body: pageOf(
        [
          order(3, {
            status: 'shipped',
            tracking: [
              {
                number: 'RR100123IL',
                carrier: 'דואר ישראל',
                url: 'https://doar.israelpost.co.il/deliverytracking?itemcode=RR100123IL',
              },
              { number: 'RR100124IL', carrier: 'דואר ישראל', url: '' },
            ],
          }),
          order(4),
        ],
        1,
        2,
      ),
    }));
    openOrders();
    const [shipped, paid] = (await screen.findAllByTestId('order-card')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(shipped).getByRole('heading', { name: 'מספרי מעקב (2 חבילות)' })).toBeTruthy();
    // A part of the order's card, not a landmark repeated once per order (axe: landmark-unique).
    expect(screen.queryByRole('region', { name: 'מספרי מעקב (2 חבילות)' })).toBeNull();
    const parcels = within(shipped).getAllByTestId('tracking-number');
    expect(parcels.map((li) => li.querySelector('bdi')?.textContent)).toEqual([
      'RR100123IL',
      'RR100124IL',
    ]);
    const link = within(parcels[0] as HTMLElement).getByRole('link', { name: 'למעקב אחרי החבילה' });
    expect(link.getAttribute('href')).toContain('itemcode=RR100123IL');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(parcels[1] as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(paid).queryByTestId('tracking-number')).toBeNull();
  });

  it('reads a self-pickup order as ready for pickup, then picked up, with no tracking number', async () => {
    const parcel = { number: 'RR100125IL', carrier: 'דואר ישראל', url: '' };
    const pickup = { method: 'pickup', region: 'israel-other', price: 0 } as const;
    const steps = (card: HTMLElement) =>
      within(card)
        .getAllByRole('listitem')
        .filter((li) => li.dataset.state)
        .map((li) => li.querySelector('.order-timeline__label')?.textContent);
    fakeApi(() => ({
      body: pageOf(
        [
          order(5, { status: 'shipped', shipping: pickup, tracking: [parcel] }),
          order(6, { status: 'delivered', shipping: pickup }),
          order(7, { status: 'shipped', tracking: [parcel] }),
        ],
        1,
        3,
      ),
    }));
    openOrders();
    const [ready, collected, posted] = (await screen.findAllByTestId('order-card')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const status = (card: HTMLElement) =>
      card.querySelector('.order-card__status')?.textContent ?? '';
    expect(status(ready)).toBe('מוכנה לאיסוף בסניף תל אביב');
    expect(status(collected)).toBe('נאספה');
    expect(steps(ready)).toEqual(['התקבלה', 'בטיפול', 'מוכנה לאיסוף בסניף תל אביב', 'נאספה']);
    expect(within(ready).queryByTestId('tracking-number')).toBeNull();
    expect(within(ready).queryByText(/מספר מעקב/)).toBeNull();
    // An order that travels by post still reads shipped, with its tracking number.
    expect(status(posted)).toBe('נשלחה');
    expect(steps(posted)).toEqual(['התקבלה', 'בטיפול', 'נשלחה', 'נמסרה']);
    expect(within(posted).getAllByTestId('tracking-number')).toHaveLength(1);
  });

  it('pages through older orders', async () => {
    const calls = fakeApi((url) => {
      const page = Number(url.searchParams.get('page'));
      return { body: pageOf([order(page)], page, 11) };
    });
    openOrders();
    await screen.findByText('עמוד 1 מתוך 2');
    fireEvent.click(screen.getByRole('button', { name: 'הזמנות קודמות' }));
    await screen.findByText('עמוד 2 מתוך 2');
    await screen.findByRole('link', { name: 'ספר 2' });
    expect(calls).toEqual(['/api/orders/mine?page=1&limit=10', '/api/orders/mine?page=2&limit=10']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'הזמנות קודמות' }).disabled).toBe(
      true,
    );
  });

  it('has an empty state leading to the catalogue, and an error state that retries', async () => {
    let fail = true;
    fakeApi(() =>
      fail ? { status: 500, body: { statusCode: 500, message: 'x' } } : { body: pageOf([], 1, 0) },
    );
    openOrders();
    await screen.findByText('לא הצלחנו לטעון את ההזמנות');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'לנסות שוב' }));
    await screen.findByRole('heading', { name: 'עוד אין הזמנות' });
    expect(screen.getByRole('link', { name: 'לקטלוג הספרים' }).getAttribute('href')).toBe('/books');
  });

  it('cancels a paid order after saying the fee and the refund; a shipped one has no button', async () => {
    let cancelled = false;
    const posts: string[] = [];
    fakeApi((url) => {
      if (url.pathname.endsWith('/cancel')) {
        posts.push(url.pathname);
        cancelled = true;
        return {
          body: {
            orderId: order(1)._id,
            status: 'cancelled',
            fee: 4.74,
            refund: 90.06,
            refundState: 'pending',
            reversedEntries: 3,
          },
        };
      }
      return {
        body: pageOf(
          [
            order(
              1,
              cancelled
                ? {
                    status: 'cancelled',
                    cancellation: {
                      at: '2026-11-20T10:05:00.000Z',
                      fee: 4.74,
                      refund: 90.06,
                      refundState: 'pending',
                      refundedAt: null,
                    },
                  }
                : {},
            ),
            order(2, { status: 'shipped' }),
          ],
          1,
          2,
        ),
      };
    });
    openOrders();
    const [paid, shipped] = (await screen.findAllByTestId('order-card')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(shipped).queryByRole('button', { name: 'ביטול ההזמנה' })).toBeNull();
    fireEvent.click(within(paid).getByRole('button', { name: 'ביטול ההזמנה' }));
    // 5 % of 94.80 is 4.74; 90.06 goes back.
    const question = within(paid).getByRole('group', { name: 'ביטול ההזמנה' });
    expect(question.textContent).toContain(formatPrice(4.74));
    expect(question.textContent).toContain(formatPrice(90.06));
    // The question takes the focus on its safe answer; Escape keeps the order and gives the
    // focus back to the button.
    const keep = within(question).getByRole('button', { name: 'לא, להשאיר' });
    expect(document.activeElement).toBe(keep);
    fireEvent.keyDown(keep, { key: 'Escape' });
    const again = within(paid).getByRole('button', { name: 'ביטול ההזמנה' });
    expect(document.activeElement).toBe(again);
    fireEvent.click(again);
    fireEvent.click(within(paid).getByRole('button', { name: 'לא, להשאיר' }));
    expect(posts).toEqual([]);
    expect(document.activeElement).toBe(within(paid).getByRole('button', { name: 'ביטול ההזמנה' }));
    fireEvent.click(within(paid).getByRole('button', { name: 'ביטול ההזמנה' }));
    fireEvent.click(within(paid).getByRole('button', { name: 'כן, לבטל' }));
    const done = await within(paid).findByRole('status');
    const bare = (done.textContent ?? '').replace(/[\u200e\u200f\s]/g, '');
    expect(bare).toBe('ההזמנהבוטלה.90.06₪יוחזרולכרטיסשבושילמתם.');
    expect(posts).toEqual([`/api/orders/${order(1)._id}/cancel`]);
    await within(paid).findByText('בוטלה', { selector: '.order-card__status' });
    // The fee and the refund stay on the order, with where the refund stands.
    expect(within(paid).getByText('דמי ביטול')).toBeTruthy();
    expect(within(paid).getByText('(בדרך לכרטיס)')).toBeTruthy();
  });

  it('says when the refund reached the card, and when it is held up', async () => {
    const cancellation = {
      at: '2026-11-20T10:05:00.000Z',
      fee: 4.74,
      refund: 90.06,
      refundedAt: '2026-11-20T10:06:00.000Z',
    };
    fakeApi(() => ({
      body: pageOf(
        [
          order(1, {
            status: 'cancelled',
            cancellation: { ...cancellation, refundState: 'refunded' },
          }),
          order(2, {
            status: 'cancelled',
            cancellation: { ...cancellation, refundState: 'failed' },
          }),
        ],
        1,
        2,
      ),
    }));
    openOrders();
    const [refunded, failed] = (await screen.findAllByTestId('order-card')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(refunded.querySelector('[data-refund-state="refunded"]')?.textContent).toContain(
      'הועבר לכרטיס',
    );
    expect(within(refunded).queryByRole('button', { name: 'ביטול ההזמנה' })).toBeNull();
    expect(failed.querySelector('[data-refund-state="failed"]')?.textContent).toContain('מטפל');
  });

  it('asks to return copies of a delivered order by keyboard: copies, reason, where to send them', async () => {
    const delivered = {
      status: 'delivered' as const,
      lines: [
        {
          bookId: 'b1',
          title: 'ספר 1',
          authorId: 'a1',
          authorName: 'נועה לוי',
          coverImage: '',
          unitPrice: 39.9,
          quantity: 2,
          lineTotal: 79.8,
        },
      ],
      returnableUntil: '2026-12-04T10:00:00.000Z',
    };
    let asked = false;
    let refuse = true;
    fakeApi((url) => {
      if (url.pathname.endsWith('/return')) {
        if (refuse) {
          refuse = false;
          return {
            status: 409,
            body: { statusCode: 409, message: 'עברו יותר מ־14 יום מאז שההזמנה נמסרה' },
          };
        }
        asked = true;
        return {
          body: {
            requestedAt: '2026-11-25T10:00:00.000Z',
            reason: 'הכריכה נקרעה',
            lines: [{ lineIndex: 0, quantity: 1 }],
            state: 'requested',
            receivedAt: null,
            refund: null,
            refundState: null,
            refundedAt: null,
          },
        };
      }
      return {
        body: pageOf(
          [
            order(
              1,
              asked
                ? {
                    ...delivered,
                    returnableUntil: null,
                    return: {
                      requestedAt: '2026-11-25T10:00:00.000Z',
                      reason: 'הכריכה נקרעה',
                      lines: [{ lineIndex: 0, quantity: 1 }],
                      state: 'requested',
                      receivedAt: null,
                      refund: null,
                      refundState: null,
                      refundedAt: null,
                      rejectionReason: null,
                    },
                  }
                : delivered,
            ),
            order(2, { status: 'delivered' }),
          ],
          1,
          2,
        ),
      };
    });
    openOrders();
    const [card, late] = (await screen.findAllByTestId('order-card')) as [HTMLElement, HTMLElement];
    // Past its 14 days (no `returnableUntil`): nothing to ask.
    expect(within(late).queryByRole('button', { name: 'החזרת ספרים' })).toBeNull();
    const open = within(card).getByRole('button', { name: 'החזרת ספרים' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    const form = within(card).getByRole('form', { name: 'החזרת ספרים מההזמנה' });
    const copies = within(form).getByLabelText('כמה עותקים של "ספר 1" להחזיר');
    expect(document.activeElement).toBe(copies);
    expect(form.textContent).toContain('מחברים, רחוב הארבעה 8, תל אביב');
    expect(form.textContent).toContain('דמי המשלוח בחזרה אלינו על חשבונכם');
    // Escape closes the form and gives the focus back to its button.
    fireEvent.keyDown(copies, { key: 'Escape' });
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'החזרת ספרים' }));
    fireEvent.click(within(card).getByRole('button', { name: 'החזרת ספרים' }));

    // Nothing picked, then no reason: said in Hebrew, nothing sent.
    fireEvent.click(within(card).getByRole('button', { name: 'שליחת בקשת ההחזרה' }));
    expect(within(card).getByRole('alert').textContent).toBe('נא לבחור לפחות עותק אחד להחזרה');
    fireEvent.change(within(card).getByLabelText('כמה עותקים של "ספר 1" להחזיר'), {
      target: { value: '1' },
    });
    expect(within(card).getByText(/כשהספרים יגיעו/).textContent).toContain(formatPrice(39.9));
    fireEvent.click(within(card).getByRole('button', { name: 'שליחת בקשת ההחזרה' }));
    expect(within(card).getByRole('alert').textContent).toBe('נא לכתוב למה הספרים מוחזרים');
    fireEvent.change(within(card).getByLabelText('סיבת ההחזרה'), {
      target: { value: ' הכריכה נקרעה ' },
    });
    // The API's refusal is shown as it said it.
    fireEvent.click(within(card).getByRole('button', { name: 'שליחת בקשת ההחזרה' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('14 יום');
    fireEvent.click(within(card).getByRole('button', { name: 'שליחת בקשת ההחזרה' }));
    await within(card).findByText(/ממתינה להגעת הספרים/);
    const sent = (globalThis.fetch as jest.Mock).mock.calls.filter(([input]) =>
      String(input).endsWith('/return'),
    );
    expect(JSON.parse(String((sent.at(-1) as [unknown, RequestInit])[1].body))).toEqual({
      reason: 'הכריכה נקרעה',
      lines: [{ lineIndex: 0, quantity: 1 }],
    });
    expect(within(card).queryByRole('button', { name: 'החזרת ספרים' })).toBeNull();
  });

  it('shows a received return with its refund, and a rejected one', async () => {
    const received = {
      requestedAt: '2026-11-25T10:00:00.000Z',
      reason: 'x',
      lines: [{ lineIndex: 0, quantity: 2 }],
      state: 'received' as const,
      receivedAt: '2026-11-28T10:00:00.000Z',
      refund: 79.8,
      refundState: 'refunded' as const,
      refundedAt: '2026-11-28T11:00:00.000Z',
      rejectionReason: null,
    };
    fakeApi(() => ({
      body: pageOf(
        [
          order(1, { status: 'delivered', return: received }),
          order(2, {
            status: 'delivered',
            return: {
              ...received,
              state: 'rejected',
              refund: null,
              refundState: null,
              rejectionReason: 'הספרים הגיעו משומשים',
            },
          }),
        ],
        1,
        2,
      ),
    }));
    openOrders();
    const [done, refused] = (await screen.findAllByTestId('order-card')) as [
      HTMLElement,
      HTMLElement,
    ];
    const refund = done.querySelector('.order-return [data-refund-state="refunded"]');
    expect(refund?.textContent).toContain(formatPrice(79.8));
    expect(refund?.textContent).toContain('הועבר לכרטיס');
    expect(within(done).getByText(/הספרים הגיעו אלינו/)).toBeTruthy();
    expect(within(refused).getByText(/לא אושרה/)).toBeTruthy();
    expect(within(refused).getByText('הספרים הגיעו משומשים')).toBeTruthy();
  });

  it('downloads the tax receipt with the session, and says so when it cannot', async () => {
    const withReceipt = order(3, { receiptUrl: `/api/orders/${order(3)._id}/receipt` });
    fakeApi(() => ({ body: pageOf([withReceipt, order(4)], 1, 2) }));
    act(() => sessionStore.setState({ token: 'the-token' }));
    openOrders();
    const [card, other] = (await screen.findAllByTestId('order-card')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(other).queryByRole('button', { name: 'חשבונית מס/קבלה (PDF)' })).toBeNull();
    const asked: Array<[string, RequestInit | undefined]> = [];
    let ok = true;
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push([String(input), init]);
      return {
        ok,
        status: ok ? 200 : 404,
        headers: new Headers({ 'content-type': ok ? 'application/pdf' : 'application/json' }),
        blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      } as Response;
    });
    const clicked: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: () => 'blob:receipt',
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.href} ${this.download}`);
    });
    fireEvent.click(within(card).getByRole('button', { name: 'חשבונית מס/קבלה (PDF)' }));
    await waitFor(() => expect(clicked).toEqual(['blob:receipt receipt-00000003.pdf']));
    expect(asked[0]?.[0]).toBe(`http://api.test/api/orders/${order(3)._id}/receipt`);
    expect(asked[0]?.[1]?.headers).toEqual({ Authorization: 'Bearer the-token' });
    ok = false;
    fireEvent.click(within(card).getByRole('button', { name: 'חשבונית מס/קבלה (PDF)' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'לא הצלחנו להוריד את החשבונית. נסו שוב בעוד רגע.',
    );
    click.mockRestore();
  });

  it("offers each refund's credit note next to the receipt, downloaded with the session", async () => {
    const id = order(5)._id;
    const refunded = order(5, {
      status: 'cancelled',
      receiptUrl: `/api/orders/${id}/receipt`,
      creditNotes: [
        {
          number: 7,
          amount: 90.06,
          issuedAt: '2026-11-21T09:00:00.000Z',
          url: `/api/orders/${id}/credit-notes/7`,
        },
      ],
    });
    fakeApi(() => ({ body: pageOf([refunded, order(6)], 1, 2) }));
    act(() => sessionStore.setState({ token: 'the-token' }));
    openOrders();
    const [card, other] = (await screen.findAllByTestId('order-card')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(other).queryByRole('button', { name: /חשבונית זיכוי/ })).toBeNull();
    const buttons = within(card)
      .getAllByRole('button')
      .map((button) => button.textContent);
    // The credit note sits right after the receipt.
    const receiptAt = buttons.indexOf('חשבונית מס/קבלה (PDF)');
    expect(buttons[receiptAt + 1]).toBe('חשבונית זיכוי מס׳ 7');

    const asked: Array<[string, RequestInit | undefined]> = [];
    let ok = true;
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push([String(input), init]);
      return {
        ok,
        status: ok ? 200 : 404,
        headers: new Headers({ 'content-type': ok ? 'application/pdf' : 'application/json' }),
        blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      } as Response;
    });
    const clicked: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: () => 'blob:credit-note',
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.href} ${this.download}`);
    });
    fireEvent.click(within(card).getByRole('button', { name: 'חשבונית זיכוי מס׳ 7' }));
    await waitFor(() => expect(clicked).toEqual(['blob:credit-note credit-note-7.pdf']));
    expect(asked[0]?.[0]).toBe(`http://api.test/api/orders/${id}/credit-notes/7`);
    expect(asked[0]?.[1]?.headers).toEqual({ Authorization: 'Bearer the-token' });
    ok = false;
    fireEvent.click(within(card).getByRole('button', { name: 'חשבונית זיכוי מס׳ 7' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'לא הצלחנו להוריד את חשבונית הזיכוי. נסו שוב בעוד רגע.',
    );
    click.mockRestore();
  });

  it('places every status on the buyer’s four steps, or off them', () => {
    expect(stepOf('pending_payment')).toBe('pending');
    expect(stepOf('paid')).toBe('pending');
    expect(stepOf('processing')).toBe('processing');
    expect(stepOf('delivered')).toBe('delivered');
    expect(stepOf('cancelled')).toBeNull();
    expect(stepOf('payment_review')).toBeNull();
  });
});
