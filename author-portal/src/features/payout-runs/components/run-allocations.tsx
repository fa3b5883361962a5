import { israeliBank, type PayoutRunAllocation, type PayoutRunDetail } from '@mechabrim/contracts';
import { Price } from '@mechabrim/ui';
import { strings } from '../../../strings.he';

const s = strings.payoutRuns;
const a = s.allocations;

type AllocationRowProps = {
  allocation: PayoutRunAllocation;
  busy: boolean;
  onReturned: (allocation: PayoutRunAllocation) => void;
};

function AllocationRow({ allocation, busy, onReturned }: AllocationRowProps) {
  return (
    <tr data-testid="run-allocation">
      <th scope="row">{allocation.projectName}</th>
      <td>{a.statusOf[allocation.status] ?? allocation.status}</td>
      <td>
        <Price value={allocation.amount} />
      </td>
      <td>
        <bdi>
          {s.bank(
            israeliBank(allocation.bank.bankCode)?.name ?? allocation.bank.bankCode,
            allocation.bank.branch,
            allocation.bank.accountMasked,
          )}
        </bdi>
      </td>
      <td>
        {allocation.status !== 'returned' && (
          <button
            type="button"
            className="mb-button"
            data-variant="ghost"
            disabled={busy}
            onClick={() => onReturned(allocation)}
          >
            {a.markReturned}
            <span className="mb-visually-hidden"> {allocation.projectName}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/** All the allocations added up, and those the bank sent back. */
function AllocationTotals({ totals }: { totals: PayoutRunDetail['allocationTotals'] }) {
  return (
    <tfoot>
      <tr data-testid="run-allocation-totals">
        <th scope="row">{a.total}</th>
        <td>{a.totalCount(totals.count)}</td>
        <td>
          <Price value={totals.total} />
        </td>
        <td colSpan={2}>
          {totals.returnedCount > 0 && (
            <>
              {a.returnedTotal(totals.returnedCount)}: <Price value={totals.returned} />
            </>
          )}
        </td>
      </tr>
    </tfoot>
  );
}

type RunAllocationsProps = {
  detail: Pick<PayoutRunDetail, 'allocations' | 'allocationTotals'>;
  label: string;
  busy: boolean;
  onReturned: (allocation: PayoutRunAllocation) => void;
};

/**
 * The community fund's allocations in one run (issue 23 item 7), beside its authors: each
 * project's transfer in the same bank file, the totals, and 'returned' for a transfer the bank
 * sent back (the money goes back to the fund).
 */
export function RunAllocations({ detail, label, busy, onReturned }: RunAllocationsProps) {
  const title = a.title(label);
  // An API from before the fund's allocations answers none.
  const allocations = detail.allocations ?? [];
  if (allocations.length === 0) return <p className="ap-runs__muted">{a.none}</p>;
  const totals = detail.allocationTotals;
  return (
    <div
      className="ap-runs__scroll"
      // Scrolls sideways on a phone: focusable so a keyboard can scroll it.
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={title}
    >
      <table className="ap-runs__table">
        <caption className="ap-runs__caption">{title}</caption>
        <thead>
          <tr>
            {[a.project, a.status, a.amount, a.bank, a.actions].map((heading) => (
              <th scope="col" key={heading}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {allocations.map((allocation) => (
            <AllocationRow
              key={allocation.id}
              allocation={allocation}
              busy={busy}
              onReturned={onReturned}
            />
          ))}
        </tbody>
        {totals && <AllocationTotals totals={totals} />}
      </table>
    </div>
  );
}
