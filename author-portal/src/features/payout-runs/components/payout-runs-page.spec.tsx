import { formatPrice } from '@mechabrim/money';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PayoutHoldEntry, PayoutRun, PayoutRunDetail } from '@mechabrim/contracts';
import { sessionStore } from '@mechabrim/session';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import AuthorPortalApp from '../../../app/app';

const run: PayoutRun = {
  id: '6650f0c2a1b2c3d4e5f60700',
  period: '2026-10',
  periodEnd: '2026-10-31T22:00:00.000Z',
  startedAt: '2026-11-15T04:00:00.000Z',
  startedBy: 'schedule',
  policy: 'monthly',
  status: 'done',
  finishedAt: '2026-11-15T04:01:00.000Z',
  totals: {
    paidCount: 2,
    gross: 510,
    withheld: 102,
    net: 408,
    heldCount: 1,
    held: 255,
    carriedCount: 1,
    carried: 42.5,
  },
  batch: {
    createdAt: '2026-11-15T04:01:00.000Z',
    credits: 2,
    total: 408,
    sentAt: null,
    sentBy: null,
  },
  statementsPending: 0,
};

const detail: PayoutRunDetail = {
  ...run,
  payouts: [
    {
      id: '6650f0c2a1b2c3d4e5f60701',
      authorId: 'a1',
      authorName: 'נועה כהן',
      status: 'planned',
      heldReason: null,
      gross: 340,
      withheld: 102,
      net: 238,
      carriedOver: 0,
      bank: { bankCode: '12', branch: '571', accountMasked: '••••1116', taxStatus: 'private' },
    },
    {
      id: '6650f0c2a1b2c3d4e5f60702',
      authorId: 'a2',
      authorName: 'מאיה רז',
      status: 'held',
      heldReason: 'on-hold',
      gross: 0,
      withheld: 0,
      net: 0,
      carriedOver: 255,
      bank: null,
    },
  ],
  allocations: [
    {
      id: '6650f0c2a1b2c3d4e5f60711',
      projectId: 'p1',
      projectName: 'ספרייה קהילתית בדימונה',
      status: 'paid',
      amount: 1_200.5,
      bank: { bankCode: '12', branch: '571', accountMasked: '••••7788' },
      returnedAt: null,
    },
    {
      id: '6650f0c2a1b2c3d4e5f60712',
      projectId: 'p2',
      projectName: 'סדנאות כתיבה לנוער',
      status: 'returned',
      amount: 300,
      bank: { bankCode: '10', branch: '800', accountMasked: '••••4455' },
      returnedAt: '2026-11-20T08:00:00.000Z',
    },
  ],
  allocationTotals: { count: 2, total: 1_500.5, returnedCount: 1, returned: 300 },
};

const hold: PayoutHoldEntry = {
  authorId: 'a2',
  authorName: 'מאיה רז',
  email: 'maya@example.com',
  reason: 'details-changed',
  since: '2026-11-10T08:00:00.000Z',
};

const signIn = (role: 'admin' | 'author') =>
  act(() =>
    sessionStore.setState({
      user: { _id: 'x1', name: 'מנהלת', email: 'admin@example.com', role },
      token: 't',
      loading: false,
    }),
  );

/** The fake API's runs and holds, and the actions posted to it. */
function server(listed: PayoutRun = run) {
  const posts: string[] = [];
  let sent = false;
  fakeApi((url) => {
    if (url.pathname === '/api/admin/payout-runs')
      return {
        body: [
          sent
            ? { ...run, batch: { ...run.batch, sentAt: '2026-11-16T08:00:00.000Z', sentBy: 'x1' } }
            : listed,
        ],
      };
    if (url.pathname === `/api/admin/payout-runs/${run.id}`) return { body: detail };
    if (url.pathname === '/api/admin/payout-holds') return { body: [hold] };
    return undefined;
  });
  const get = globalThis.fetch as jest.Mock;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== 'POST') return get(input, init) as Promise<Response>;
    const path = new URL(String(input)).pathname;
    posts.push(path);
    if (path.endsWith('/sent')) sent = true;
    const body = path === '/api/admin/payout-runs' ? run : { message: 'נרשם' };
    const text = JSON.stringify(body);
    return { ok: true, status: 200, text: async () => text } as Response;
  });
  return posts;
}

const open = () => renderRoute(<AuthorPortalApp />, '*', '/author-dashboard/payout-runs');

describe('/author-dashboard/payout-runs', () => {
  it('is for admins only', () => {
    signIn('author');
    fakeApi(() => undefined);
    open();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('lists the runs with their totals and bank file, and marks the file sent', async () => {
    signIn('admin');
    const posts = server();
    open();
    const card = await screen.findByTestId('payout-run');
    expect(within(card).getByRole('heading').textContent).toBe('הרצת אוקטובר 2026');
    expect(card.textContent).toContain('2 תשלומים');
    expect(card.textContent).toContain(formatPrice(408));
    expect(card.textContent).toContain('1 ממתינים');
    expect(card.textContent).toContain('קובץ מס״ב: 2 העברות');
    expect(card.textContent).toContain('טרם נשלח לבנק');
    expect(within(card).getByRole('button', { name: 'הורדת קובץ מס״ב' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'סימון כנשלח לבנק' }));
    await waitFor(() => expect(posts).toEqual([`/api/admin/payout-runs/${run.id}/sent`]));
    expect(await screen.findByText('נרשם')).toBeTruthy();
    await waitFor(() => expect(card.textContent).toContain('נשלח לבנק ב־16.11.2026'));
    expect(within(card).queryByRole('button', { name: 'סימון כנשלח לבנק' })).toBeNull();
    expect(card.textContent).not.toContain('בהכנה');
  });

  it("says how many of a run's statements are still being drawn", async () => {
    signIn('admin');
    server({ ...run, statementsPending: 3 });
    open();
    const card = await screen.findByTestId('payout-run');
    expect(within(card).getByRole('status').textContent).toBe(
      '3 דוחות תשלום עדיין בהכנה: הם נשלחים לסופרים כשהם מוכנים',
    );
  });

  it("shows a run's authors with holds, and records a returned transfer after a confirmation", async () => {
    signIn('admin');
    const posts = server();
    open();
    const card = await screen.findByTestId('payout-run');
    fireEvent.click(within(card).getByRole('button', { name: 'הצגת הסופרים' }));
    const rows = await within(card).findAllByTestId('run-payout');
    expect(rows[0]?.textContent).toContain('נועה כהן');
    expect(rows[0]?.textContent).toContain('••••1116');
    expect(rows[1]?.textContent).toContain('ממתין (פרטים שונו)');
    // Only a transfer in the file can come back.
    expect(
      within(rows[1] as HTMLElement).queryByRole('button', { name: /סימון כהעברה/ }),
    ).toBeNull();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: /סימון כהעברה/ }));
    await waitFor(() =>
      expect(posts).toEqual([`/api/admin/payouts/${detail.payouts[0]?.id ?? ''}/returned`]),
    );
    expect(confirm).toHaveBeenCalled();
    confirm.mockRestore();
  });

  it("lists the run's allocations to projects beside its authors, with totals, and records a returned one", async () => {
    signIn('admin');
    const posts = server();
    open();
    const card = await screen.findByTestId('payout-run');
    fireEvent.click(within(card).getByRole('button', { name: 'הצגת הסופרים' }));
    const region = await within(card).findByRole('region', {
      name: 'העברות לפרויקטים של קרן הקהילה בהרצת אוקטובר 2026',
    });
    const rows = within(region).getAllByTestId('run-allocation');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('ספרייה קהילתית בדימונה');
    expect(rows[0]?.textContent).toContain(formatPrice(1_200.5));
    expect(rows[0]?.textContent).toContain('••••7788');
    expect(rows[1]?.textContent).toContain('הוחזר לקרן');
    // A transfer already back in the fund cannot come back again.
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    const totals = within(region).getByTestId('run-allocation-totals');
    expect(totals.textContent).toContain('2 פרויקטים');
    expect(totals.textContent).toContain(formatPrice(1_500.5));
    expect(totals.textContent).toContain('מתוכו הוחזר לקרן (העברה אחת)');
    expect(totals.textContent).toContain(formatPrice(300));

    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    fireEvent.click(
      within(rows[0] as HTMLElement).getByRole('button', {
        name: 'סימון כהעברה שהוחזרה ספרייה קהילתית בדימונה',
      }),
    );
    await waitFor(() =>
      expect(posts).toEqual([
        `/api/admin/community-allocations/${detail.allocations[0]?.id ?? ''}/returned`,
      ]),
    );
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('הכסף יחזור לקרן'));
    confirm.mockRestore();
  });

  it('lists the held payouts and releases one, and starts the month’s run', async () => {
    signIn('admin');
    const posts = server();
    open();
    const held = await screen.findByTestId('payout-hold');
    expect(held.textContent).toContain('maya@example.com');
    fireEvent.click(within(held).getByRole('button', { name: /שחרור לתשלום/ }));
    await waitFor(() => expect(posts).toEqual(['/api/admin/payout-holds/a2/release']));
    fireEvent.click(screen.getByRole('button', { name: 'הפעלת הרצת התשלומים של החודש' }));
    await waitFor(() => expect(posts).toContain('/api/admin/payout-runs'));
    expect(await screen.findByText('הרצת התשלומים של אוקטובר 2026 הופעלה')).toBeTruthy();
  });
});
