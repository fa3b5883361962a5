import { israeliBank, type PayoutRunPayout } from '@mechabrim/contracts';
import { ErrorState, Price } from '@mechabrim/ui';
import { reasonOf } from '../../../shared/errors';
import { periodLabel } from '../../../shared/period-label';
import { strings } from '../../../strings.he';
import {
  downloadStatement,
  markAllocationReturned,
  markPayoutReturned,
  usePayoutRun,
} from '../api/payout-runs';
import { RunAllocations } from './run-allocations';
import { useAct, type Act, type RunProps } from './run-actions';

const s = strings.payoutRuns;

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
export function RunAuthors({ run, onNotice }: RunProps) {
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
