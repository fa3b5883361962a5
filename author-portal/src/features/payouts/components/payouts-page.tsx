import type { ReactNode } from 'react';
import type { MyPayout } from '@mechabrim/contracts';
import { Link } from '@mechabrim/routing';
import { EmptyState, ErrorState, Price } from '@mechabrim/ui';
import { reasonOf } from '../../../shared/errors';
import { israelDate, periodLabel } from '../../../shared/period-label';
import { StatCard } from '../../../shared/stat-card';
import { strings } from '../../../strings.he';
import { useMyPayouts } from '../api/my-payouts';
import { StatementPdfButton } from './statement-pdf-button';
import './payouts.css';

const s = strings.payoutsSection;

const statusTone = (status: MyPayout['status']) =>
  status === 'paid' ? 'success' : status === 'returned' ? 'danger' : undefined;

/** One past payout: its month, its state, what was paid, and its statement (page and PDF). */
function PastPayout({ payout }: { payout: MyPayout }) {
  const label = periodLabel(payout.period);
  return (
    <li className="ap-card ap-payouts__item" data-testid="past-payout">
      <div className="ap-payouts__head">
        <h3 className="ap-payouts__month">{s.month(label)}</h3>
        <span className="ap-badge" data-tone={statusTone(payout.status)}>
          {s.status[payout.status] ?? payout.status}
        </span>
      </div>
      {payout.heldReason ? (
        <p className="ap-payouts__note">{s.held[payout.heldReason]}</p>
      ) : (
        <dl className="ap-payouts__figures">
          <div>
            <dt>{s.gross}</dt>
            <dd>
              <Price value={payout.gross} />
            </dd>
          </div>
          {payout.withheld > 0 && (
            <div>
              <dt>{s.withheld(payout.withholdingPercent)}</dt>
              <dd>
                <Price value={payout.withheld} />
              </dd>
            </div>
          )}
          <div>
            <dt>{s.net}</dt>
            <dd>
              <Price value={payout.net} />
            </dd>
          </div>
        </dl>
      )}
      <div className="ap-payouts__actions">
        <Link className="mb-button" to={`/author-dashboard/payouts/${payout.id}`}>
          {s.viewStatement}
          <span className="mb-visually-hidden"> {label}</span>
        </Link>
        <StatementPdfButton payout={payout} />
      </div>
    </li>
  );
}

/**
 * `/author-dashboard/payouts` (issue 23): the next payout's date and expected amount, the rule
 * that applies, each past payout with its statement, and (from the profile feature, composed by
 * the app) the payout details form.
 */
export function PayoutsPage({ details }: { details?: ReactNode }) {
  const query = useMyPayouts();
  const title = (
    <h1 id="ap-payouts-page-title" className="ap-title">
      {strings.screens.payouts}
    </h1>
  );
  let body: ReactNode;
  if (query.isError) {
    body = (
      <ErrorState
        message={reasonOf(query.error, s.loadError)}
        onRetry={() => void query.refetch()}
        retryLabel={s.retry}
      />
    );
  } else if (query.isPending) {
    body = <p role="status">{strings.loading}</p>;
  } else {
    const data = query.data;
    body = (
      <>
        <ul className="ap-cards" aria-label={s.nextDate}>
          <StatCard label={s.nextDate} value={israelDate(data.nextPayoutDate, true)} />
          <StatCard
            label={s.expected}
            value={<Price value={data.expected.amount} />}
            note={data.expected.due ? s.expectedDue : s.expectedRollover}
          />
          <StatCard label={s.balance} value={<Price value={data.expected.balance} />} />
        </ul>
        <section aria-labelledby="ap-payouts-rule" className="ap-payouts__rule">
          <h2 id="ap-payouts-rule" className="ap-section-title">
            {s.rule}
          </h2>
          <p>{data.rule}</p>
        </section>
        <section aria-labelledby="ap-payouts-past">
          <h2 id="ap-payouts-past" className="ap-section-title">
            {s.past}
          </h2>
          {data.payouts.length === 0 ? (
            <EmptyState title={s.none} description={s.noneHint} />
          ) : (
            <ul className="ap-payouts__list">
              {data.payouts.map((payout) => (
                <PastPayout key={payout.id} payout={payout} />
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }
  return (
    <section aria-labelledby="ap-payouts-page-title" className="ap-payouts">
      {title}
      {body}
      {details}
    </section>
  );
}
