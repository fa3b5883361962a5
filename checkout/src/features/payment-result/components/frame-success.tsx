import { useEffect, useMemo, useRef } from 'react';
import { formatDate } from '@mechabrim/hebrew';
import { useLocation, useNavigate } from '@mechabrim/routing';
import { Price } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { currencySymbol, readResultParams, tellCheckout } from '../result-params';
import { useReportFrameHeight } from '../frame-height';
import { ResultFacts } from './result-parts';
import './result.css';

const s = strings.result;

/**
 * `/payment/iframe/success` (spec §2): the provider sends the payment frame here. It tells the
 * checkout page at once (which verifies the payment on the full-page success) and shows the
 * order, the transaction, the amount and today's date meanwhile.
 */
export function FrameSuccess() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => readResultParams(search), [search]);
  const view = useRef<HTMLElement>(null);
  useReportFrameHeight(view);

  useEffect(() => {
    tellCheckout({
      type: 'PAYMENT_SUCCESS',
      transactionId: params.transactionId,
      orderId: params.orderId,
    });
  }, [params]);

  const close = () => {
    if (!tellCheckout({ type: 'CLOSE_IFRAME' })) void navigate('/orders');
  };

  return (
    <section
      ref={view}
      className="payment-frame-view"
      data-tone="success"
      aria-labelledby="frame-title"
    >
      <h1 id="frame-title">{s.successTitle}</h1>
      <ResultFacts orderId={params.orderId} transactionId={params.transactionId}>
        {params.amount !== null && (
          <div>
            <dt>{s.amount}</dt>
            <dd>
              {currencySymbol(params.currency) === '₪' ? (
                <Price value={params.amount} />
              ) : (
                `${params.amount.toFixed(2)} ${params.currency ?? ''}`
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>{s.date}</dt>
          <dd>{formatDate(new Date())}</dd>
        </div>
      </ResultFacts>
      <p>{s.embeddedThanks}</p>
      <button type="button" className="mb-button" onClick={close}>
        {s.close}
      </button>
    </section>
  );
}
