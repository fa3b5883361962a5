import { formatPrice } from '@mechabrim/money';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyPayout, MyPayouts } from '@mechabrim/contracts';
import { sessionStore } from '@mechabrim/session';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import AuthorPortalApp from '../../../app/app';

const statement = {
  from: null,
  to: '2026-10-31T22:00:00.000Z',
  lines: [
    {
      orderReference: 'A1B2C3D4',
      bookTitle: 'הים של תל אביב',
      copies: 4,
      lineTotal: 400,
      vat: 61.02,
      author: 340,
      community: 40,
      platform: 20,
      print: 0,
      refunds: 0,
    },
  ],
  carriedIn: 0,
  earned: 340,
  bonuses: 0,
  bonusLines: [],
  balance: 340,
  gross: 340,
  withheld: 102,
  net: 238,
  carriedOver: 0,
};

const october: MyPayout = {
  id: '6650f0c2a1b2c3d4e5f60718',
  period: '2026-10',
  status: 'paid',
  gross: 340,
  withheld: 102,
  net: 238,
  createdAt: '2026-11-15T04:00:00.000Z',
  paidAt: '2026-11-16T08:00:00.000Z',
  heldReason: null,
  withholdingPercent: 30,
  statementPdf: true,
  statement,
};

const september: MyPayout = {
  ...october,
  id: '6650f0c2a1b2c3d4e5f60717',
  period: '2026-09',
  status: 'held',
  heldReason: 'no-details',
  gross: 0,
  withheld: 0,
  net: 0,
  statementPdf: false,
};

const mine: MyPayouts = {
  policy: 'monthly',
  rule: 'התשלום מועבר ב־15 בכל חודש על היתרה שנצברה עד סוף החודש הקודם, כשהיא מגיעה ל־100 ₪ לפחות.',
  // Midnight of the 15th in Israel: the 14th in UTC.
  nextPayoutDate: '2026-12-14T22:00:00.000Z',
  expected: { balance: 42.5, amount: 0, due: false },
  payouts: [october, september],
};

const signIn = () =>
  act(() =>
    sessionStore.setState({
      user: { _id: 'a1', name: 'נועה', email: 'noa@example.com', role: 'author' },
      token: 't',
      loading: false,
    }),
  );

function server(answer: (path: string) => { status?: number; body: unknown } | undefined) {
  fakeApi((url) => answer(url.pathname));
}

const open = (path: string) => renderRoute(<AuthorPortalApp />, '*', path);

describe('/author-dashboard/payouts', () => {
  it('shows the next payout, the amount expected, the rule, and each past payout with its statement', async () => {
    signIn();
    server((path) =>
      path === '/api/payouts/mine'
        ? { body: mine }
        : path === '/api/authors/me/payout-details'
          ? { body: { details: null } }
          : undefined,
    );
    open('/author-dashboard/payouts');
    const past = await screen.findAllByTestId('past-payout');
    const cards = screen.getByRole('list', { name: 'התשלום הבא' });
    expect(cards.textContent).toContain('15 בדצמבר 2026');
    expect(cards.textContent).toContain('היתרה עדיין מתחת לסף');
    expect(cards.textContent).toContain(formatPrice(42.5));
    expect(screen.getByText(mine.rule)).toBeTruthy();
    expect(past).toHaveLength(2);
    const [first, second] = past as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading').textContent).toBe('תשלום אוקטובר 2026');
    expect(first.textContent).toContain('הועבר');
    expect(first.textContent).toContain('ניכוי מס במקור (30%)');
    expect(first.textContent).toContain(formatPrice(238));
    expect(
      within(first)
        .getByRole('link', { name: /לדוח המלא/ })
        .getAttribute('href'),
    ).toBe(`/author-dashboard/payouts/${october.id}`);
    expect(within(first).getByRole('button', { name: 'הורדת הדוח (PDF)' })).toBeTruthy();
    // A held payout says why; its PDF is not written yet.
    expect(second.textContent).toContain('עדיין לא הוזנו פרטי חשבון בנק');
    expect(second.textContent).toContain('הדוח בהכנה');
    // The payout details form is in this section.
    expect(await screen.findByRole('heading', { name: 'פרטי תשלום' })).toBeTruthy();
    // The section is in the portal's navigation.
    expect(screen.getByRole('link', { name: 'תשלומים' }).getAttribute('aria-current')).toBe('page');
  });

  it('says when there were no payouts yet', async () => {
    signIn();
    server((path) =>
      path === '/api/payouts/mine'
        ? { body: { ...mine, payouts: [] } }
        : { body: { details: null } },
    );
    open('/author-dashboard/payouts');
    expect(await screen.findByText('עדיין לא היו תשלומים')).toBeTruthy();
  });

  it('shows the error with a retry when the payouts do not load', async () => {
    signIn();
    let fail = true;
    server((path) => {
      if (path === '/api/payouts/mine')
        return fail ? { status: 503, body: { message: 'השירות אינו זמין' } } : { body: mine };
      return { body: { details: null } };
    });
    open('/author-dashboard/payouts');
    expect(await screen.findByText('השירות אינו זמין')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'לנסות שוב' }));
    await waitFor(() => expect(screen.getAllByTestId('past-payout')).toHaveLength(2));
  });
});

describe('/author-dashboard/payouts/:id', () => {
  it("shows a payout's statement: the sums and each line with the order reference", async () => {
    signIn();
    server((path) => (path === `/api/payouts/mine/${october.id}` ? { body: october } : undefined));
    open(`/author-dashboard/payouts/${october.id}`);
    expect(
      (await screen.findByRole('heading', { name: 'דוח תמלוגים לחודש אוקטובר 2026' })).tagName,
    ).toBe('H1');
    const summary = screen.getByTestId('statement-summary');
    expect(summary.textContent).toContain('ניכוי מס במקור (30%)');
    expect(summary.textContent).toContain(formatPrice(102));
    expect(screen.queryByTestId('statement-bonuses')).toBeNull();
    const table = screen.getByRole('table', { name: 'מכירות, החזרים וביטולים בתקופה' });
    const row = within(table).getByRole('row', { name: /A1B2C3D4/ });
    expect(row.textContent).toContain('הים של תל אביב');
    expect(row.textContent).toContain(formatPrice(61.02));
    expect(screen.getByRole('link', { name: 'חזרה לתשלומים' }).getAttribute('href')).toBe(
      '/author-dashboard/payouts',
    );
  });

  it("lists the statement's bonuses, each with its rule and the month that earned it", async () => {
    signIn();
    const withBonuses: MyPayout = {
      ...october,
      statement: {
        ...statement,
        bonuses: 84,
        bonusLines: [
          { month: '2026-10', rule: 'monthly-sales', amount: 60 },
          { month: '2026-10', rule: 'loyalty', amount: 24 },
        ],
      },
    };
    server((path) =>
      path === `/api/payouts/mine/${october.id}` ? { body: withBonuses } : undefined,
    );
    open(`/author-dashboard/payouts/${october.id}`);
    const bonuses = await screen.findByTestId('statement-bonuses');
    expect(screen.getByRole('heading', { name: 'הבונוסים בתקופה' })).toBeTruthy();
    expect(bonuses.textContent).toContain('5% על מכירות חודשיות מעל');
    expect(bonuses.textContent).toContain('2% לסופרים הפעילים באתר יותר משנה (אוקטובר 2026)');
    expect(bonuses.textContent).toContain(formatPrice(60));
    expect(bonuses.textContent).toContain(formatPrice(24));
  });

  it("answers another author's payout with the API's Hebrew not-found", async () => {
    signIn();
    server(() => ({ status: 404, body: { message: 'התשלום לא נמצא' } }));
    open(`/author-dashboard/payouts/${october.id}`);
    expect(await screen.findByText('התשלום לא נמצא')).toBeTruthy();
  });
});
