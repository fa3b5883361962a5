import { useState } from 'react';
import type { PayoutRun } from '@mechabrim/contracts';
import { useQueryClient } from '@mechabrim/query';
import { reasonOf } from '../../../shared/errors';
import { strings } from '../../../strings.he';
import type { Notice } from '../../../shared/notice';
import { payoutHoldsKey, payoutRunsKey } from '../api/payout-runs';

const s = strings.payoutRuns;

export type Act = (action: () => Promise<string | null>) => Promise<void>;
export type RunProps = { run: PayoutRun; onNotice: (notice: Notice) => void };

/** Runs an admin action: its answer (or failure) becomes the page's notice; the lists reload. */
export function useAct(onNotice: (notice: Notice) => void): [Act, boolean] {
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
