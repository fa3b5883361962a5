import type { MyPayout, MyPayouts } from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';
import { downloadWithSession } from '../../../shared/download-file';

export const myPayoutsKey = ['author-portal', 'payouts'] as const;

/** `GET /api/payouts/mine`: the next payout, the rule that applies and the past payouts. */
export function useMyPayouts() {
  return useQuery({
    queryKey: myPayoutsKey,
    queryFn: ({ signal }) => apiFetch<MyPayouts>('/api/payouts/mine', { signal }),
    staleTime: 0,
  });
}

/** `GET /api/payouts/mine/:id`: one payout with its statement (the statement's page). */
export function useMyPayout(id: string) {
  return useQuery({
    queryKey: [...myPayoutsKey, id] as const,
    queryFn: ({ signal }) =>
      apiFetch<MyPayout>(`/api/payouts/mine/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
}

/** `GET /api/payouts/mine/:id/statement.pdf`, saved as `statement-<period>.pdf`. */
export function downloadStatementPdf(payout: Pick<MyPayout, 'id' | 'period'>, failed: string) {
  return downloadWithSession(
    `/api/payouts/mine/${encodeURIComponent(payout.id)}/statement.pdf`,
    `statement-${payout.period}.pdf`,
    failed,
  );
}
