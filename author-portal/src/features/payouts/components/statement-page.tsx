import type { MyPayout } from '@mechabrim/contracts';
import { Link, useParams } from '@mechabrim/routing';
import { ErrorState, Price } from '@mechabrim/ui';
import { reasonOf } from '../../../shared/errors';
import { israelDate, periodLabel } from '../../../shared/period-label';
import { strings } from '../../../strings.he';
import { useMyPayout } from '../api/my-payouts';
import { StatementPdfButton } from './statement-pdf-button';
import './payouts.css';

const s = strings.payoutsSection;
const c = s.columns;

/** The statement's sums, from the balance carried in to what carries over. */
function Summary({ payout }: { payout: MyPayout }) {
  const st = payout.statement;
  const rows: Array<[string, number, boolean]> = [
    [s.sums.carriedIn, st.carriedIn, false],
    [s.sums.earned, st.earned, false],
    [s.sums.bonuses, st.bonuses, false],
    [s.sums.balance, st.balance, true],
    [s.gross, st.gross, false],
    [s.withheld(payout.withholdingPercent), st.withheld, false],
    [s.net, st.net, true],
    [s.carriedOver, st.carriedOver, false],
  ];
  return (
    <>
      <h2 className="ap-section-title">{s.summary}</h2>
      <dl className="ap-card ap-statement__summary" data-testid="statement-summary">
        {rows.map(([label, value, strong]) => (
          <div key={label} data-strong={strong || undefined}>
            <dt>{label}</dt>
            <dd>
              <Price value={value} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The statement's bonuses, each with its rule and the month that earned it (none: nothing). */
function Bonuses({ payout }: { payout: MyPayout }) {
  const bonuses = payout.statement.bonusLines;
  if (!bonuses.length) return null;
  return (
    <>
      <h2 className="ap-section-title">{s.bonusesTitle}</h2>
      <dl className="ap-card ap-statement__summary" data-testid="statement-bonuses">
        {bonuses.map((bonus) => (
          <div key={`${bonus.month}-${bonus.rule}`}>
            <dt>
              {s.bonusRule[bonus.rule]} ({periodLabel(bonus.month)})
            </dt>
            <dd>
              <Price value={bonus.amount} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** Each order line: the reference `/orders` shows, the book, and where each shekel went. */
function Lines({ payout }: { payout: MyPayout }) {
  const lines = payout.statement.lines;
  if (!lines.length) return <p>{s.noLines}</p>;
  return (
    <div
      className="ap-statement__scroll"
      // Scrolls sideways on a phone: focusable so a keyboard can scroll it.
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-labelledby="ap-statement-lines"
    >
      <table className="ap-statement__table">
        <caption id="ap-statement-lines" className="ap-section-title">
          {s.lines}
        </caption>
        <thead>
          <tr>
            {[
              c.order,
              c.book,
              c.copies,
              c.price,
              c.vat,
              c.community,
              c.platform,
              c.print,
              c.refunds,
              c.author,
            ].map((label) => (
              <th scope="col" key={label}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={`${line.orderReference}-${index}`}>
              <th scope="row">
                <bdi dir="ltr">{line.orderReference}</bdi>
              </th>
              <td className="ap-statement__book">{line.bookTitle}</td>
              <td>{line.copies}</td>
              {[
                line.lineTotal,
                line.vat,
                line.community,
                line.platform,
                line.print,
                line.refunds,
                line.author,
              ].map((value, cell) => (
                <td key={cell}>
                  <Price value={value} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/author-dashboard/payouts/:id`: one payout's statement on screen, as its PDF prints it. */
export function StatementPage() {
  const { id = '' } = useParams();
  const query = useMyPayout(id);
  const back = (
    <Link className="ap-statement__back" to="/author-dashboard/payouts">
      {s.back}
    </Link>
  );
  if (query.isError) {
    return (
      <section aria-labelledby="ap-statement-title">
        {back}
        <h1 id="ap-statement-title" className="ap-title">
          {strings.screens.payouts}
        </h1>
        <ErrorState
          message={reasonOf(query.error, s.statementLoadError)}
          onRetry={() => void query.refetch()}
          retryLabel={s.retry}
        />
      </section>
    );
  }
  if (query.isPending) {
    return (
      <section aria-labelledby="ap-statement-title">
        {back}
        <h1 id="ap-statement-title" className="ap-title">
          {strings.screens.payouts}
        </h1>
        <p role="status">{strings.loading}</p>
      </section>
    );
  }
  const payout = query.data;
  const st = payout.statement;
  const lastDay = new Date(new Date(st.to).getTime() - 1);
  return (
    <section aria-labelledby="ap-statement-title" className="ap-statement">
      {back}
      <h1 id="ap-statement-title" className="ap-title">
        {s.statementTitle(periodLabel(payout.period))}
      </h1>
      <p className="ap-statement__meta">
        <span className="ap-badge">{s.status[payout.status] ?? payout.status}</span> {s.windowLabel}
        : {s.window(st.from ? israelDate(st.from) : null, israelDate(lastDay))}
      </p>
      {payout.heldReason && (
        <p className="ap-banner" role="status">
          {s.held[payout.heldReason]}
        </p>
      )}
      <Summary payout={payout} />
      <Bonuses payout={payout} />
      <Lines payout={payout} />
      <StatementPdfButton payout={payout} />
    </section>
  );
}
