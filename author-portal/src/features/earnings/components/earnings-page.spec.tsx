import { formatPrice } from '@mechabrim/money';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Earnings } from '@mechabrim/contracts';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { earningsCsv, rowLabel } from '../earnings-csv';
import { EarningsPage } from './earnings-page';

const month = (m: string, gross: number, net: number) => ({
  month: m,
  grossRevenue: gross,
  salesAfterTax: 0,
  vat: 0,
  communityContribution: gross / 10,
  platformFee: gross / 20,
  fixedFee: 10,
  netEarnings: net,
  vatPercents: [18],
});

const earnings: Earnings = {
  totalEarnings: 120.5,
  monthlyEarnings: 80,
  totalCommunityContributions: 30,
  totalOrders: 5,
  monthlyBreakdown: [month('2026-10', 100, 40.5), month('2026-11', 200, 80)],
  totals: (({ month: _m, vatPercents: _v, ...money }) => ({ ...money, fixedFee: 20 }))(
    month('', 300, 120.5),
  ),
  topSellingBooks: [
    { bookId: 'b1', title: 'הגשם, "השני"', sales: 4, revenue: 90 },
    { bookId: 'b2', title: 'ספר 2', sales: 1, revenue: 30.5 },
  ],
  vatPercent: 18,
  vatPercents: [18],
  splitShares: { author: 85, community: 10, platform: 5 },
  currency: 'ILS',
};

const open = () =>
  renderRoute(<EarningsPage />, '/author-dashboard/earnings', '/author-dashboard/earnings');

describe('/author-dashboard/earnings', () => {
  it('asks the test call first, then shows the cards, the table with totals, the chart and top sellers', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/earnings/test'
        ? { body: { ok: true, message: 'ok' } }
        : { body: earnings },
    );
    open();
    const table = await screen.findByRole('table', { name: 'פירוט חודשי' });
    expect(calls).toEqual(['/api/earnings/test', '/api/earnings/author']);
    const cards = screen.getByRole('list', { name: 'סך ההכנסות' });
    expect(cards.textContent).toContain(formatPrice(120.5));
    expect(cards.textContent).toContain(formatPrice(30));
    // The orders that earned (paid, not cancelled) — not the orders tab's 'all', which lists cancelled ones too.
    expect(cards.textContent).toContain('הזמנות ששולמו (ללא ביטולים)5');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['סעיף', 'אוקטובר 2026', 'נובמבר 2026', 'סה״כ']);
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((th) => th.textContent);
    expect(rows).toEqual([
      'מכירות ספרים',
      'בניכוי מע״מ (18%)',
      'תרומה לקהילה (10%)',
      'דמי פלטפורמה (5%)',
      'הדפסה ומשלוח',
      'הכנסה נטו',
    ]);
    const net = within(table).getByRole('row', { name: /הכנסה נטו/ });
    expect(
      within(net)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([formatPrice(40.5), formatPrice(80), formatPrice(120.5)]);
    // The chart: the oldest month on the right, and a spoken summary of every month.
    const chart = screen.getByRole('img', { name: /הכנסה נטו לפי חודש/ });
    // Oldest first in the DOM: in a right-to-left row it is the rightmost.
    const bars = screen.getAllByTestId('chart-bar');
    expect(bars.map((bar) => bar.dataset.month)).toEqual(['2026-10', '2026-11']);
    expect(bars.map((bar) => bar.querySelector('.ap-chart__value')?.textContent)).toEqual([
      formatPrice(40.5),
      formatPrice(80),
    ]);
    expect(chart.getAttribute('aria-label')).toContain(`נובמבר 2026 ${formatPrice(80)}`);
    expect(screen.getAllByTestId('top-book').map((li) => li.textContent)).toEqual([
      `הגשם, "השני"4 עותקים${formatPrice(90)}`,
      `ספר 2עותק אחד${formatPrice(30.5)}`,
    ]);
  });

  it('says why it failed when nothing loaded, and retries', async () => {
    let fail = true;
    fakeApi((url) => {
      if (url.pathname === '/api/earnings/test') return { body: { ok: true, message: 'ok' } };
      return fail
        ? { status: 500, body: { message: 'שירות ההכנסות אינו זמין' } }
        : { body: earnings };
    });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('שגיאה בטעינת נתוני ההכנסות');
    expect(alert.textContent).toContain('שירות ההכנסות אינו זמין');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'לנסות שוב' }));
    await screen.findByRole('table');
  });
});

describe('earningsCsv', () => {
  it('is UTF-8 with a BOM, a column per month and a totals column that sums them', () => {
    const csv = earningsCsv(earnings);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('סעיף,2026-10,2026-11,סה״כ');
    expect(lines[6]).toBe('הכנסה נטו,40.50,80.00,120.50');
    expect(lines[1]).toBe('מכירות ספרים,100.00,200.00,300.00');
    // The totals column is the sum of the month columns, line by line.
    for (const line of lines.slice(1)) {
      const [, ...cells] = line.split(',');
      const values = cells.map(Number);
      const total = values.pop();
      expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(total ?? NaN, 2);
    }
  });
});

describe('the breakdown’s labels', () => {
  it('name the VAT rates the table used and the configured policy’s shares', () => {
    const across = {
      vatPercents: [17, 18],
      splitShares: { author: 60, community: 15, platform: 25 },
    };
    expect(rowLabel('salesAfterTax', across)).toBe('בניכוי מע״מ (17% / 18%)');
    expect(rowLabel('communityContribution', across)).toBe('תרומה לקהילה (15%)');
    expect(rowLabel('platformFee', across)).toBe('דמי פלטפורמה (25%)');
    expect(rowLabel('netEarnings', across)).toBe('הכנסה נטו');
  });
});

describe('the net earnings chart', () => {
  it('charts every month of the range with its figure, a month without sales as zero (issue 27)', async () => {
    fakeApi((url) =>
      url.pathname === '/api/earnings/test'
        ? { body: { ok: true, message: 'ok' } }
        : {
            body: {
              ...earnings,
              monthlyBreakdown: [month('2026-08', 100, 40.5), month('2026-11', 200, 80)],
            },
          },
    );
    open();
    await screen.findByRole('table', { name: 'פירוט חודשי' });
    const bars = screen.getAllByTestId('chart-bar');
    expect(bars.map((bar) => bar.dataset.month)).toEqual([
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(bars.map((bar) => bar.querySelector('.ap-chart__value')?.textContent)).toEqual([
      formatPrice(40.5),
      formatPrice(0),
      formatPrice(0),
      formatPrice(80),
    ]);
    expect(
      screen.getByRole('img', { name: /הכנסה נטו לפי חודש/ }).getAttribute('aria-label'),
    ).toContain(`ספטמבר 2026 ${formatPrice(0)}`);
  });
});
