import { useState } from 'react';
import { orderReference, type BuyerOrder } from '@mechabrim/contracts';
import { strings } from '../../../strings.he';
import { getTaxDocumentPdf } from '../api/get-my-orders';

const s = strings.orders;

/**
 * One of the order's tax documents (its receipt, a refund's credit note), downloaded with the
 * session: the worker issues them, the API serves them to their owner only.
 */
function DocumentDownload(props: {
  url: string;
  fileName: string;
  label: string;
  loading: string;
  failed: string;
}) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const download = async () => {
    setState('loading');
    try {
      const file = URL.createObjectURL(await getTaxDocumentPdf(props.url));
      const link = document.createElement('a');
      link.href = file;
      link.download = props.fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(file), 60_000);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="order-receipt">
      <button
        type="button"
        className="mb-button"
        data-variant="ghost"
        disabled={state === 'loading'}
        onClick={() => void download()}
      >
        {state === 'loading' ? props.loading : props.label}
      </button>
      {state === 'failed' && (
        <p className="order-receipt__error" role="alert">
          {props.failed}
        </p>
      )}
    </div>
  );
}

/** The order's tax receipt and, next to it, the credit note of each refund. */
export function OrderDocuments({ order }: { order: BuyerOrder }) {
  if (!order.receiptUrl && order.creditNotes.length === 0) return null;
  return (
    <div className="order-documents">
      {order.receiptUrl && (
        <DocumentDownload
          url={order.receiptUrl}
          fileName={`receipt-${orderReference(order._id)}.pdf`}
          label={s.receipt}
          loading={s.receiptLoading}
          failed={s.receiptFailed}
        />
      )}
      {order.creditNotes.map((note) => (
        <DocumentDownload
          key={note.number}
          url={note.url}
          fileName={`credit-note-${note.number}.pdf`}
          label={s.creditNote(note.number)}
          loading={s.creditNoteLoading}
          failed={s.creditNoteFailed}
        />
      ))}
    </div>
  );
}
