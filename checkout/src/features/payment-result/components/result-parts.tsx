import type { ReactNode } from 'react';
import { orderReference } from '@mechabrim/contracts';
import { strings } from '../../../strings.he';

const s = strings.result;

/**
 * The order's reference (never its raw id: the same reference as the orders page and the mail)
 * and the transaction number a result view prints, then any further facts.
 */
export function ResultFacts({
  orderId,
  transactionId,
  children,
}: {
  orderId: string | null;
  transactionId: string | null;
  children?: ReactNode;
}) {
  return (
    <dl className="payment-result__facts">
      {orderId && (
        <div>
          <dt>{s.order}</dt>
          <dd dir="ltr" data-testid="result-order">
            {orderReference(orderId)}
          </dd>
        </div>
      )}
      {transactionId && (
        <div>
          <dt>{s.transaction}</dt>
          <dd dir="ltr">{transactionId}</dd>
        </div>
      )}
      {children}
    </dl>
  );
}

/** Why a card payment may fail (spec §2), under its heading. */
export function FailureReasons() {
  return (
    <>
      <h2 className="payment-result__subtitle">{s.reasonsTitle}</h2>
      <ul className="payment-result__reasons">
        {s.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </>
  );
}
