import { useState } from 'react';
import type { MyPayout } from '@mechabrim/contracts';
import { reasonOf } from '../../../shared/errors';
import { strings } from '../../../strings.he';
import { downloadStatementPdf } from '../api/my-payouts';

const s = strings.payoutsSection;

/** Downloads a payout's statement PDF with the session; says so while it is not written yet. */
export function StatementPdfButton({
  payout,
}: {
  payout: Pick<MyPayout, 'id' | 'period' | 'statementPdf'>;
}) {
  const [state, setState] = useState<'idle' | 'loading'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  if (!payout.statementPdf) return <p className="ap-payouts__note">{s.pdfNotReady}</p>;
  const download = async () => {
    setState('loading');
    setFailure(null);
    try {
      await downloadStatementPdf(payout, s.pdfFailed);
    } catch (error) {
      setFailure(reasonOf(error, s.pdfFailed));
    }
    setState('idle');
  };
  return (
    <div className="ap-payouts__pdf">
      <button
        type="button"
        className="mb-button"
        data-variant="secondary"
        disabled={state === 'loading'}
        onClick={() => void download()}
      >
        {state === 'loading' ? s.downloading : s.downloadPdf}
      </button>
      {failure && (
        <p className="ap-banner" data-tone="error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
