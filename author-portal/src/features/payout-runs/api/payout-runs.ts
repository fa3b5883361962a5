import type { PayoutHoldEntry, PayoutRun, PayoutRunDetail } from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';
import { downloadWithSession } from '../../../shared/download-file';

export const payoutRunsKey = ['author-portal', 'payout-runs'] as const;
export const payoutHoldsKey = ['author-portal', 'payout-holds'] as const;

/** `GET /api/admin/payout-runs`: the runs, newest first. */
export function usePayoutRuns() {
  return useQuery({
    queryKey: payoutRunsKey,
    queryFn: ({ signal }) => apiFetch<PayoutRun[]>('/api/admin/payout-runs', { signal }),
    staleTime: 0,
    // A run that is still running is looked at again until it is done.
    refetchInterval: (query) =>
      query.state.data?.some((run) => run.status === 'running') ? 3000 : false,
  });
}

/** `GET /api/admin/payout-runs/:id`: a run with its authors. */
export function usePayoutRun(id: string) {
  return useQuery({
    queryKey: [...payoutRunsKey, id] as const,
    queryFn: ({ signal }) =>
      apiFetch<PayoutRunDetail>(`/api/admin/payout-runs/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
}

/** `GET /api/admin/payout-holds`: authors whose next payout waits for a review. */
export function usePayoutHolds() {
  return useQuery({
    queryKey: payoutHoldsKey,
    queryFn: ({ signal }) => apiFetch<PayoutHoldEntry[]>('/api/admin/payout-holds', { signal }),
    staleTime: 0,
  });
}

/** `POST /api/admin/payout-runs`: starts (or answers) the current period's run. */
export function startPayoutRun(): Promise<PayoutRun> {
  return apiFetch<PayoutRun>('/api/admin/payout-runs', { method: 'POST' });
}

/** `POST /api/admin/payout-runs/:id/sent`: the run's file went to the bank. */
export function markBatchSent(runId: string): Promise<{ message: string }> {
  return apiFetch(`/api/admin/payout-runs/${encodeURIComponent(runId)}/sent`, {
    method: 'POST',
  });
}

/** `POST /api/admin/payouts/:id/returned`: the bank returned this transfer. */
export function markPayoutReturned(payoutId: string): Promise<{ message: string }> {
  return apiFetch(`/api/admin/payouts/${encodeURIComponent(payoutId)}/returned`, {
    method: 'POST',
  });
}

/** `POST /api/admin/community-allocations/:id/returned`: the bank returned a project's transfer. */
export function markAllocationReturned(allocationId: string): Promise<{ message: string }> {
  return apiFetch(`/api/admin/community-allocations/${encodeURIComponent(allocationId)}/returned`, {
    method: 'POST',
  });
}

/** `POST /api/admin/payout-holds/:authorId/release`: the change was reviewed. */
export function releaseHold(authorId: string): Promise<{ message: string }> {
  return apiFetch(`/api/admin/payout-holds/${encodeURIComponent(authorId)}/release`, {
    method: 'POST',
  });
}

/** `GET /api/admin/payout-runs/:id/batch`: the Masav file, saved as `payouts-<period>.msv`. */
export function downloadBatch(run: Pick<PayoutRun, 'id' | 'period'>, failed: string) {
  return downloadWithSession(
    `/api/admin/payout-runs/${encodeURIComponent(run.id)}/batch`,
    `payouts-${run.period}.msv`,
    failed,
  );
}

/** `GET /api/admin/payouts/:id/statement.pdf`: an author's statement. */
export function downloadStatement(payoutId: string, period: string, failed: string) {
  return downloadWithSession(
    `/api/admin/payouts/${encodeURIComponent(payoutId)}/statement.pdf`,
    `statement-${period}-${payoutId}.pdf`,
    failed,
  );
}
