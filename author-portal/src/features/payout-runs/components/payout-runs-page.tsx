import { useState } from 'react';
import type { PayoutRun, PayoutRunTotals } from '@mechabrim/contracts';
import { formatDate, formatDateTime } from '@mechabrim/hebrew';
import { EmptyState, ErrorState, Price } from '@mechabrim/ui';
import { reasonOf } from '../../../shared/errors';
import { periodLabel } from '../../../shared/period-label';
import { strings } from '../../../strings.he';
import {
  downloadBatch,
  markBatchSent,
  releaseHold,
  startPayoutRun,
  usePayoutHolds,
  usePayoutRuns,
} from '../api/payout-runs';
import type { Notice } from '../../../shared/notice';
import { useAct, type Act, type RunProps } from './run-actions';
import { RunAuthors } from './run-authors';
import './payout-runs.css';

const s = strings.payoutRuns;

/** What the run paid, withheld, held and carried over to next month. */
function RunTotals({ totals: t }: { totals: PayoutRunTotals }) {
  return (
    <dl className="ap-runs__totals">
      <div>
        <dt>{s.totals.paid(t.paidCount)}</dt>
        <dd>
          {s.totals.net}: <Price value={t.net} />
        </dd>
      </div>
      <div>
        <dt>{s.totals.withheld}</dt>
        <dd>
          <Price value={t.withheld} />
        </dd>
      </div>
      <div>
        <dt>{s.totals.held(t.heldCount)}</dt>
        <dd>
          <Price value={t.held} />
        </dd>
      </div>
      <div>
        <dt>{s.totals.carried(t.carriedCount)}</dt>
        <dd>
          <Price value={t.carried} />
        </dd>
      </div>
    </dl>
  );
}

type RunButtonsProps = {
  run: PayoutRun;
  act: Act;
  busy: boolean;
  open: boolean;
  onToggle: () => void;
};

/** The run's bank file (download, mark sent once the run is done) and the authors' toggle. */
function RunButtons({ run, act, busy, open, onToggle }: RunButtonsProps) {
  return (
    <div className="ap-runs__buttons">
      {run.batch && (
        <button
          type="button"
          className="mb-button"
          data-variant="secondary"
          disabled={busy}
          onClick={() =>
            void act(async () => {
              await downloadBatch(run, s.downloadFailed);
              return null;
            })
          }
        >
          {s.download}
        </button>
      )}
      {run.status === 'done' && run.batch && !run.batch.sentAt && (
        <button
          type="button"
          className="mb-button"
          disabled={busy}
          onClick={() => void act(async () => (await markBatchSent(run.id)).message)}
        >
          {s.markSent}
        </button>
      )}
      <button
        type="button"
        className="mb-button"
        data-variant="ghost"
        aria-expanded={open}
        onClick={onToggle}
      >
        {open ? s.hideAuthors : s.showAuthors}
      </button>
    </div>
  );
}

/** One run: its totals, its bank file (download, mark sent) and, on demand, its authors. */
function RunCard({ run, onNotice }: RunProps) {
  const [open, setOpen] = useState(false);
  const [act, busy] = useAct(onNotice);
  const label = periodLabel(run.period);
  return (
    <li className="ap-card ap-runs__run" data-testid="payout-run">
      <div className="ap-runs__head">
        <h3 className="ap-runs__title">{s.runTitle(label)}</h3>
        <span className="ap-badge" data-tone={run.status === 'done' ? 'success' : undefined}>
          {s.status[run.status] ?? run.status}
        </span>
        <span className="ap-runs__muted">
          {s.startedBy(run.startedBy)} · {formatDateTime(run.startedAt)}
        </span>
      </div>
      {run.totals && <RunTotals totals={run.totals} />}
      <p className="ap-runs__muted">
        {run.batch
          ? `${s.batch(run.batch.credits)} · ${
              run.batch.sentAt ? s.sentAt(formatDate(run.batch.sentAt)) : s.notSent
            }`
          : s.noBatch}
      </p>
      {run.statementsPending > 0 && (
        <p className="ap-runs__muted" role="status">
          {s.statementsPending(run.statementsPending)}
        </p>
      )}
      <RunButtons run={run} act={act} busy={busy} open={open} onToggle={() => setOpen(!open)} />
      {open && <RunAuthors run={run} onNotice={onNotice} />}
    </li>
  );
}

/** Payouts held after a change of bank details, each released after a review. */
function Holds({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const query = usePayoutHolds();
  const [act, busy] = useAct(onNotice);
  return (
    <section aria-labelledby="ap-runs-holds" className="ap-runs__holds">
      <h2 id="ap-runs-holds" className="ap-section-title">
        {s.holds}
      </h2>
      {query.isError ? (
        <ErrorState
          message={reasonOf(query.error, s.loadError)}
          onRetry={() => void query.refetch()}
          retryLabel={s.retry}
        />
      ) : query.isPending ? (
        <p role="status">{strings.loading}</p>
      ) : query.data.length === 0 ? (
        <p>{s.noHolds}</p>
      ) : (
        <ul className="ap-runs__list">
          {query.data.map((hold) => (
            <li key={hold.authorId} className="ap-card ap-runs__hold" data-testid="payout-hold">
              <div>
                <p className="ap-runs__title">{hold.authorName}</p>
                <p className="ap-runs__muted">
                  <bdi>{hold.email}</bdi> · {s.holdSince(formatDateTime(hold.since))}
                </p>
              </div>
              <button
                type="button"
                className="mb-button"
                disabled={busy}
                onClick={() => void act(async () => (await releaseHold(hold.authorId)).message)}
              >
                {s.release}
                <span className="mb-visually-hidden"> {hold.authorName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * `/author-dashboard/payout-runs` (admins, issue 23): start the month's run, each run with its
 * totals, holds and bank file (download, mark sent), its authors (statement, mark a transfer
 * returned), and the payouts held for a review (release).
 */
export function PayoutRunsPage() {
  const runs = usePayoutRuns();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [act, busy] = useAct(setNotice);
  return (
    <section aria-labelledby="ap-runs-title" className="ap-runs">
      <h1 id="ap-runs-title" className="ap-title">
        {strings.screens.payoutRuns}
      </h1>
      <p>{s.intro}</p>
      {notice && (
        <p
          className="ap-banner"
          data-tone={notice.tone === 'error' ? 'error' : undefined}
          role={notice.tone === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <div className="ap-runs__buttons">
        <button
          type="button"
          className="mb-button"
          disabled={busy}
          onClick={() =>
            void act(async () => s.started(periodLabel((await startPayoutRun()).period)))
          }
        >
          {busy ? s.starting : s.start}
        </button>
      </div>
      <Holds onNotice={setNotice} />
      {runs.isError ? (
        <ErrorState
          message={reasonOf(runs.error, s.loadError)}
          onRetry={() => void runs.refetch()}
          retryLabel={s.retry}
        />
      ) : runs.isPending ? (
        <p role="status">{strings.loading}</p>
      ) : runs.data.length === 0 ? (
        <EmptyState title={s.none} />
      ) : (
        <ul className="ap-runs__list">
          {runs.data.map((run) => (
            <RunCard key={run.id} run={run} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </section>
  );
}
