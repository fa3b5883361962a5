import { formatPrice } from '@mechabrim/money';
import { ORDER_STATUS_HE } from '@mechabrim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthorOrder, AuthorOrdersPage } from '@mechabrim/contracts';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { OrdersPage } from './orders-page';

const order = (n: number, overrides: Partial<AuthorOrder> = {}): AuthorOrder => ({
  _id: `6650aa00000000000000${String(n).padStart(4, '0')}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'processing',
  user: { name: 'דנה כהן', email: 'dana@example.com' },
  shippingAddress: { street: 'הרצל 5', city: 'חיפה' },
  books: [
    {
      book: { _id: `b${n}`, author: 'a1', title: `ספר ${n}`, coverImage: '' },
      quantity: 2,
      price: 40,
      lineTotal: 80,
      printCostPerCopy: 15,
    },
  ],
  totalAmount: 80,
  donationAmount: 8,
  authorRevenue: 52.3,
  authorRevenueExpected: false,
  paymentMethod: 'credit_card',
  trackingNumbers: ['RR123456789IL'],
  ...overrides,
});

const counts = { all: 12, pending: 3, processing: 4, shipped: 2, delivered: 2, cancelled: 1 };
const pageOf = (orders: AuthorOrder[], page: number, total: number): AuthorOrdersPage => ({
  orders,
  page,
  limit: 10,
  total,
  hasMore: page * 10 < total,
  counts,
});

const open = () =>
  renderRoute(<OrdersPage />, '/author-dashboard/orders', '/author-dashboard/orders');

describe('/author-dashboard/orders', () => {
  it('shows each order as its author may see it, with the author’s own revenue', async () => {
    const calls = fakeApi(() => ({ body: pageOf([order(1)], 1, 1) }));
    open();
    const card = await screen.findByTestId('order-card');
    expect(calls).toEqual(['/api/orders/author?page=1&limit=10']);
    expect(within(card).getByRole('heading').textContent).toBe('הזמנה 00000001');
    expect(card.textContent).toContain('בטיפול');
    expect(card.textContent).toContain('דנה כהן');
    expect(card.textContent).toContain('dana@example.com');
    expect(card.textContent).toContain('הרצל 5, חיפה');
    expect(card.textContent).toContain('2 עותקים');
    expect(card.textContent).toContain(formatPrice(40));
    expect(card.textContent).toContain(formatPrice(8));
    const revenue = within(card).getByText('ההכנסה שלכם').nextElementSibling;
    expect(revenue?.textContent).toBe(formatPrice(52.3));
    expect(card.textContent).not.toContain('צפוי');
    expect(card.textContent).toContain('כרטיס אשראי');
    expect(card.textContent).toContain('RR123456789IL');
    // The print cost of a copy, taken out of the author's share.
    expect(within(card).getByTestId('line-print-cost').textContent).toBe(
      `הדפסה לעותק (יורדת מחלקכם): ${formatPrice(15)}`,
    );
    expect(within(card).getByText(/2026/).getAttribute('datetime')).toBe(
      '2026-11-20T10:00:00.000Z',
    );
  });

  it('marks the revenue of an order not yet split as expected, not final', async () => {
    fakeApi(() => ({
      body: pageOf([order(2, { status: 'pending', authorRevenueExpected: true })], 1, 1),
    }));
    open();
    const card = await screen.findByTestId('order-card');
    const revenue = within(card).getByText('ההכנסה שלכם').nextElementSibling;
    expect(revenue?.textContent).toBe(`${formatPrice(52.3)}צפוי · עדיין לא סופי`);
    expect(within(card).getByText('צפוי · עדיין לא סופי').getAttribute('title')).toMatch(/סופי/);
  });

  it('names a paid order as its reader sees it: שולמה', async () => {
    fakeApi(() => ({ body: pageOf([order(3, { status: 'paid' })], 1, 1) }));
    open();
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByText(ORDER_STATUS_HE.paid).textContent).toBe('שולמה');
  });

  it('reads a self-pickup order as its buyer does: ready at the branch, then picked up', async () => {
    fakeApi(() => ({
      body: pageOf(
        [
          order(4, { status: 'shipped', shippingMethod: 'pickup' }),
          order(5, { status: 'delivered', shippingMethod: 'pickup', trackingNumbers: [] }),
          order(6, { status: 'shipped', shippingMethod: 'standard' }),
        ],
        1,
        3,
      ),
    }));
    open();
    const [ready, collected, posted] = await screen.findAllByTestId('order-card');
    expect(ready?.textContent).toContain('מוכנה לאיסוף בסניף תל אביב');
    expect(ready?.textContent).toContain('איסוף עצמי מסניף תל אביב');
    expect(ready?.textContent).not.toContain('RR123456789IL');
    expect(ready?.textContent).not.toContain(ORDER_STATUS_HE.shipped);
    expect(collected?.textContent).toContain('נאספה');
    expect(collected?.textContent).not.toContain(ORDER_STATUS_HE.delivered);
    expect(posted?.textContent).toContain(ORDER_STATUS_HE.shipped);
    expect(posted?.textContent).toContain('RR123456789IL');
    expect(posted?.textContent).toContain('הרצל 5, חיפה');
  });

  it('filters by status with the counts of every tab, and pages', async () => {
    const calls = fakeApi((url) => {
      const page = Number(url.searchParams.get('page'));
      const status = url.searchParams.get('status');
      const total = status ? 4 : 12;
      return {
        body: pageOf([order(page, { status: (status as 'shipped') ?? 'pending' })], page, total),
      };
    });
    open();
    await screen.findByTestId('order-card');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'הכול (12)',
      'ממתינות (3)',
      'בטיפול (4)',
      'נשלחו (2)',
      'נמסרו (2)',
      'בוטלו (1)',
    ]);
    // The status tabs add up to 'all': no order is counted where no tab shows it.
    const [all, ...byStatus] = screen
      .getAllByRole('tab')
      .map((tab) => Number(/\((\d+)\)/.exec(tab.textContent ?? '')?.[1]));
    expect(byStatus.reduce((sum, n) => sum + (n ?? 0), 0)).toBe(all);
    fireEvent.click(screen.getByRole('button', { name: 'הבא' }));
    await screen.findByText('עמוד 2 מתוך 2');
    fireEvent.click(screen.getByRole('tab', { name: 'בטיפול (4)' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(screen.queryByText('עמוד 2 מתוך 2')).toBeNull();
    expect(calls).toEqual([
      '/api/orders/author?page=1&limit=10',
      '/api/orders/author?page=2&limit=10',
      '/api/orders/author?page=1&limit=10&status=processing',
    ]);
  });

  it('has an empty state and an error with a retry', async () => {
    let fail = true;
    fakeApi(() => (fail ? { status: 500, body: { message: 'תקלה' } } : { body: pageOf([], 1, 0) }));
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('טעינת ההזמנות נכשלה');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'לנסות שוב' }));
    await screen.findByText('אין הזמנות להצגה.');
  });
});
