import type { Earnings } from '@mechabrim/contracts';
import { EmptyState, ErrorState, Price } from '@mechabrim/ui';
import { StatCard } from '../../../shared/stat-card';
import { reasonOf } from '../../../shared/errors';
import { strings } from '../../../strings.he';
import { useEarnings } from '../api/get-earnings';
import { EARNINGS_ROWS, earningsCsv, monthLabel, rowLabel } from '../earnings-csv';
import { NetEarningsChart } from './net-earnings-chart';
import './earnings.css';

const s = strings.earnings;

function downloadCsv(earnings: Earnings) {
  const file = URL.createObjectURL(
    new Blob([earningsCsv(earnings)], { type: 'text/csv;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = file;
  link.download = s.csvFile;
  link.click();
  setTimeout(() => URL.revokeObjectURL(file), 60_000);
}

/** The monthly breakdown: an item per row, a month per column, the totals column set apart. */
function BreakdownTable({ earnings }: { earnings: Earnings }) {
  return (
    <div
      className="ap-table-scroll"
      // Scrolls sideways on a phone: focusable so a keyboard can scroll it (axe's
      // scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-labelledby="ap-breakdown-title"
    >
      <table className="ap-table">
        <caption id="ap-breakdown-title" className="ap-section-title">
          {s.breakdown}
        </caption>
        <thead>
          <tr>
            <th scope="col">{s.item}</th>
            {earnings.monthlyBreakdown.map((row) => (
              <th scope="col" key={row.month}>
                {monthLabel(row.month)}
              </th>
            ))}
            <th scope="col" className="ap-table__total">
              {s.totals}
            </th>
          </tr>
        </thead>
        <tbody>
          {EARNINGS_ROWS.map((key) => (
            <tr key={key} data-row={key}>
              <th scope="row">{rowLabel(key, earnings)}</th>
              {earnings.monthlyBreakdown.map((row) => (
                <td key={row.month}>
                  <Price value={row[key]} />
                </td>
              ))}
              <td className="ap-table__total">
                <Price value={earnings.totals[key]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/author-dashboard/earnings`: totals, the monthly breakdown, its chart and CSV, top sellers. */
export function EarningsPage() {
  const earnings = useEarnings();
  const title = (
    <h1 id="ap-earnings-title" className="ap-title">
      {strings.screens.earnings}
    </h1>
  );
  if (earnings.isError) {
    return (
      <section aria-labelledby="ap-earnings-title">
        {title}
        <ErrorState
          title={s.nothingLoaded}
          message={reasonOf(earnings.error, s.loadError)}
          onRetry={() => void earnings.refetch()}
          retryLabel={s.retry}
        />
      </section>
    );
  }
  if (earnings.isPending) {
    return (
      <section aria-labelledby="ap-earnings-title">
        {title}
        <p role="status">{strings.loading}</p>
      </section>
    );
  }
  const data = earnings.data;
  return (
    <section aria-labelledby="ap-earnings-title">
      {title}
      <ul className="ap-cards" aria-label={s.cards.total}>
        <StatCard label={s.cards.total} value={<Price value={data.totalEarnings} />} />
        <StatCard label={s.cards.monthly} value={<Price value={data.monthlyEarnings} />} />
        <StatCard
          label={s.cards.community}
          tone="community"
          value={<Price value={data.totalCommunityContributions} />}
        />
        <StatCard label={s.cards.orders} value={data.totalOrders} />
      </ul>
      {data.monthlyBreakdown.length === 0 ? (
        <EmptyState title={s.noSales} />
      ) : (
        <>
          <div className="ap-earnings__actions">
            <button
              type="button"
              className="mb-button"
              data-variant="secondary"
              onClick={() => downloadCsv(data)}
            >
              {s.exportCsv}
            </button>
          </div>
          <BreakdownTable earnings={data} />
          <NetEarningsChart months={data.monthlyBreakdown} />
        </>
      )}
      {data.topSellingBooks.length > 0 && (
        <>
          <h2 className="ap-section-title">{s.topSelling}</h2>
          <ol className="ap-top">
            {data.topSellingBooks.map((book) => (
              <li key={book.bookId} className="ap-card ap-top__item" data-testid="top-book">
                <span className="ap-top__title">{book.title}</span>
                <span>{s.copies(book.sales)}</span>
                <Price value={book.revenue} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
