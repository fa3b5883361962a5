import { useState } from 'react';
import {
  israeliBank,
  type PayoutRun,
  type PayoutRunPayout,
  type PayoutRunTotals,
} from '@mechabrim/contracts';
import { formatDate, formatDateTime } from '@mechabrim/hebrew';
import { useQueryClient } from '@mechabrim/query';
import { EmptyState, ErrorState, Price } from '@mechabrim/ui';
import { reasonOf } from '../../../shared/errors';
import { periodLabel } from '../../../shared/period-label';
import { strings } from '../../../strings.he';
import {
  downloadBatch,
  downloadStatement,
  markAllocationReturned,
  markBatchSent,
  markPayoutReturned,
  payoutHoldsKey,
  payoutRunsKey,
  releaseHold,
  startPayoutRun,
  usePayoutHolds,
  usePayoutRun,
  usePayoutRuns,
} from '../api/payout-runs';
import { RunAllocations } from './run-allocations';
import './payout-runs.css';

const s = strings.payoutRuns;

type Notice = { tone: 'done' | 'error'; text: string };
type Act = (action: () => Promise<string | null>) => Promise<void>;
type RunProps = { run: PayoutRun; onNotice: (notice: Notice) => void };

/** Runs an admin action: its answer (or failure) becomes the page's notice; the lists reload. */
function useAct(onNotice: (notice: Notice) => void): [Act, boolean] {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const act: Act = async (action) => {
    setBusy(true);
    try {
      const message = await action();
      if (message) onNotice({ tone: 'done', text: message });
    } catch (error) {
      onNotice({ tone: 'error', text: s.failed(reasonOf(error, s.loadError)) });
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: payoutRunsKey }),
      queryClient.invalidateQueries({ queryKey: payoutHoldsKey }),
    ]);
    setBusy(false);
  };
  return [act, busy];
}

/** The payout's bank account as the table shows it (masked), or a dash when it has none. */
const bankOf = (payout: PayoutRunPayout) =>
  payout.bank
    ? s.bank(
        israeliBank(payout.bank.bankCode)?.name ?? payout.bank.bankCode,
        payout.bank.branch,
        payout.bank.accountMasked,
      )
    : '—';

function RunAuthorsHead() {
  const c = s.columns;
  return (
    <thead>
      <tr>
        {[c.author, c.status, c.gross, c.withheld, c.net, c.carriedOver, c.bank, c.actions].map(
          (heading) => (
            <th scope="col" key={heading}>
              {heading}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

type PayoutRowProps = { payout: PayoutRunPayout; period: string; act: Act; busy: boolean };

/** One author's payout: its figures, its bank, its statement and 'returned' for a transfer. */
function PayoutRow({ payout, period, act, busy }: PayoutRowProps) {
  return (
    <tr data-testid="run-payout">
      <th scope="row">{payout.authorName}</th>
      <td>
        {s.payoutStatus[payout.status] ?? payout.status}
        {payout.heldReason && ` (${s.heldReason[payout.heldReason] ?? ''})`}
      </td>
      {[payout.gross, payout.withheld, payout.net, payout.carriedOver].map((value, index) => (
        <td key={index}>
          <Price value={value} />
        </td>
      ))}
      <td>
        <bdi>{bankOf(payout)}</bdi>
      </td>
      <td>
        <div className="ap-runs__actions">
          <button
            type="button"
            className="mb-button"
            data-variant="ghost"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                await downloadStatement(payout.id, period, s.downloadFailed);
                return null;
              })
            }
          >
            {s.statement}
            <span className="mb-visually-hidden"> {payout.authorName}</span>
          </button>
          {(payout.status === 'planned' || payout.status === 'paid') && (
            <button
              type="button"
              className="mb-button"
              data-variant="ghost"
              disabled={busy}
              onClick={() => {
                if (!window.confirm(s.confirmReturned(payout.authorName))) return;
                void act(async () => (await markPayoutReturned(payout.id)).message);
              }}
            >
              {s.markReturned}
              <span className="mb-visually-hidden"> {payout.authorName}</span>
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * The authors of one run: each payout, its bank, its statement, and 'returned' for a transfer;
 * then the community fund's allocations to projects in the same bank file.
 */
function RunAuthors({ run, onNotice }: RunProps) {
  const query = usePayoutRun(run.id);
  const [act, busy] = useAct(onNotice);
  const label = periodLabel(run.period);
  if (query.isError)
    return (
      <ErrorState
        message={reasonOf(query.error, s.loadError)}
        onRetry={() => void query.refetch()}
        retryLabel={s.retry}
      />
    );
  if (query.isPending) return <p role="status">{strings.loading}</p>;
  return (
    <>
      <div
        className="ap-runs__scroll"
        // Scrolls sideways on a phone: focusable so a keyboard can scroll it.
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={s.authorsTitle(label)}
      >
        <table className="ap-runs__table">
          <caption className="mb-visually-hidden">{s.authorsTitle(label)}</caption>
          <RunAuthorsHead />
          <tbody>
            {query.data.payouts.map((payout) => (
              <PayoutRow
                key={payout.id}
                payout={payout}
                period={run.period}
                act={act}
                busy={busy}
              />
            ))}
          </tbody>
        </table>
      </div>
      <RunAllocations
        detail={query.data}
        label={label}
        busy={busy}
        onReturned={(allocation) => {
          if (!window.confirm(s.allocations.confirmReturned(allocation.projectName))) return;
          void act(async () => (await markAllocationReturned(allocation.id)).message);
        }}
      />
    </>
  );
}

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
