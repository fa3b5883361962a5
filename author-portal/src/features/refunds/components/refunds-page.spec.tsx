import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminRefund, AdminReturn } from '@mechabrim/contracts';
import { formatPrice } from '@mechabrim/money';
import { sessionStore } from '@mechabrim/session';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import AuthorPortalApp from '../../../app/app';

const failed: AdminRefund = {
  orderId: '6b08811bc1d41fe09b61979a',
  orderReference: '9B61979A',
  ref: 'rf_failed',
  reason: 'cancellation',
  amount: 90.06,
  fee: 4.74,
  state: 'failed',
  attempts: 5,
  lastError: 'הכרטיס סירב לזיכוי',
  requestedAt: '2026-11-25T09:00:00.000Z',
  refundedAt: null,
};
const refunded: AdminRefund = {
  ...failed,
  orderId: '6b08811bc1d41fe09b619700',
  orderReference: '9B619700',
  ref: 'rf_done',
  reason: 'return',
  amount: 109,
  fee: 0,
  state: 'refunded',
  attempts: 1,
  lastError: null,
  refundedAt: '2026-11-25T09:05:00.000Z',
};
const requested: AdminReturn = {
  orderId: '6b08811bc1d41fe09b61aaaa',
  orderReference: '9B61AAAA',
  buyerEmail: 'buyer@example.com',
  requestedAt: '2026-11-26T09:00:00.000Z',
  reason: 'הכריכה הגיעה קרועה',
  lines: [{ lineIndex: 0, title: 'שירים מן המרפסת', quantity: 2, unitPrice: 54.5 }],
  amount: 109,
  state: 'requested',
  receivedAt: null,
  refundRef: null,
  rejectionReason: null,
};

const signIn = (role: 'admin' | 'author') =>
  act(() =>
    sessionStore.setState({
      user: { _id: 'x1', name: 'מנהלת', email: 'admin@example.com', role },
      token: 't',
      loading: false,
    }),
  );

/** The fake API's lists (each emptied by its action), and the actions posted to it. */
function server(options: { refundsFail?: boolean } = {}) {
  const posts: string[] = [];
  let returns: AdminReturn[] = [requested];
  let failedRefunds: AdminRefund[] = [failed];
  fakeApi((url) => {
    if (url.pathname === '/api/admin/returns') return { body: { returns } };
    if (url.pathname === '/api/admin/refunds') {
      if (options.refundsFail) return { status: 500, body: { message: 'שגיאה' } };
      const state = url.searchParams.get('state');
      return {
        body: {
          refunds: state === 'failed' ? failedRefunds : state === 'refunded' ? [refunded] : [],
        },
      };
    }
    return undefined;
  });
  const get = globalThis.fetch as jest.Mock;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== 'POST') return get(input, init) as Promise<Response>;
    const path = new URL(String(input)).pathname;
    posts.push(`${path} ${String(init.body)}`);
    if (path.includes('/returns/')) returns = [];
    else failedRefunds = [];
    const text = JSON.stringify(path.includes('/returns/') ? requested : failed);
    return { ok: true, status: 200, text: async () => text } as Response;
  });
  return posts;
}

const open = () => renderRoute(<AuthorPortalApp />, '*', '/author-dashboard/refunds');

describe('/author-dashboard/refunds', () => {
  it('is for admins only', () => {
    signIn('author');
    fakeApi(() => undefined);
    open();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('lists returns waiting for their books and failed refunds, with what happened', async () => {
    signIn('admin');
    server();
    open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('החזרים וזיכויים');
    const ret = await screen.findByTestId('requested-return');
    expect(ret.textContent).toContain('הזמנה 9B61AAAA');
    expect(ret.textContent).toContain('buyer@example.com');
    expect(ret.textContent).toContain('הכריכה הגיעה קרועה');
    expect(ret.textContent).toContain('שירים מן המרפסת — 2 עותקים');
    expect(ret.textContent).toContain(formatPrice(109));
    const refund = await screen.findByTestId('refund');
    expect(refund.textContent).toContain('ביטול הזמנה');
    expect(refund.textContent).toContain(formatPrice(90.06));
    expect(refund.textContent).toContain(formatPrice(4.74));
    expect(refund.textContent).toContain('הכרטיס סירב לזיכוי');
    const nav = within(screen.getByRole('navigation')).getAllByRole('link');
    expect(nav.map((link) => link.textContent)).toEqual([
      'ניהול תוכן',
      'החזרים וזיכויים',
      'הרצות תשלומים',
      'קרן הקהילה',
    ]);
  });

  it('tries a failed refund again, and shows the other states on request', async () => {
    signIn('admin');
    const posts = server();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'לנסות שוב הזמנה 9B61979A' }));
    await screen.findByText('ההחזר של הזמנה 9B61979A נשלח שוב.');
    expect(posts).toEqual([`/api/admin/refunds/${failed.orderId}/rf_failed/retry {}`]);
    await screen.findByText('אין החזרים שנכשלו.');
    fireEvent.change(screen.getByLabelText('מצב ההחזרים'), { target: { value: 'refunded' } });
    const done = await screen.findByTestId('refund');
    expect(done.dataset.state).toBe('refunded');
    expect(done.textContent).toContain('החזרת ספרים');
    expect(within(done).queryByRole('button')).toBeNull();
  });

  it('receives a return, or rejects it only with a reason the buyer will read', async () => {
    signIn('admin');
    const posts = server();
    open();
    const ret = await screen.findByTestId('requested-return');
    fireEvent.click(within(ret).getByRole('button', { name: 'לדחות הזמנה 9B61AAAA' }));
    const reason = within(ret).getByLabelText('סיבת הדחייה (תישלח לקונה)');
    expect(document.activeElement).toBe(reason);
    const send = within(ret).getByRole<HTMLButtonElement>('button', { name: 'שליחת הדחייה' });
    expect(send.disabled).toBe(true);
    // Escape closes the form and returns to the button.
    fireEvent.keyDown(reason, { key: 'Escape' });
    await waitFor(() => expect(within(ret).queryByLabelText(/סיבת הדחייה/)).toBeNull());
    expect(document.activeElement).toBe(
      within(ret).getByRole('button', { name: 'לדחות הזמנה 9B61AAAA' }),
    );
    fireEvent.click(within(ret).getByRole('button', { name: 'התקבל הזמנה 9B61AAAA' }));
    await screen.findByText(/ההחזרה של הזמנה 9B61AAAA התקבלה/);
    expect(posts).toEqual([`/api/admin/returns/${requested.orderId}/receive {}`]);
    await screen.findByText('אין החזרות שממתינות.');
  });

  it('sends the reason of a rejection', async () => {
    signIn('admin');
    const posts = server();
    open();
    const ret = await screen.findByTestId('requested-return');
    fireEvent.click(within(ret).getByRole('button', { name: 'לדחות הזמנה 9B61AAAA' }));
    fireEvent.change(within(ret).getByLabelText(/סיבת הדחייה/), {
      target: { value: 'הספרים הגיעו משומשים' },
    });
    fireEvent.click(within(ret).getByRole('button', { name: 'שליחת הדחייה' }));
    await screen.findByText('ההחזרה של הזמנה 9B61AAAA נדחתה.');
    expect(posts).toEqual([
      `/api/admin/returns/${requested.orderId}/reject {"reason":"הספרים הגיעו משומשים"}`,
    ]);
  });

  it('says so when a list cannot load, with a way to try again', async () => {
    signIn('admin');
    server({ refundsFail: true });
    open();
    expect(await screen.findByText('טעינת ההחזרים נכשלה.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'לנסות שוב' })).toBeTruthy();
    // The returns still load beside it.
    expect(await screen.findByTestId('requested-return')).toBeTruthy();
  });
});
