import { useMemo, useRef } from 'react';
import { useLocation, useNavigate } from '@mechabrim/routing';
import { strings } from '../../../strings.he';
import { failureMessage, readResultParams, tellCheckout } from '../result-params';
import { useReportFrameHeight } from '../frame-height';
import { FailureReasons, ResultFacts } from './result-parts';
import './result.css';

const s = strings.result;

/**
 * `/payment/iframe/failed` (spec §2): why the payment failed (the provider's message wins, else
 * the code's text), the order and transaction numbers and the code, the possible reasons, and
 * retry / close for the checkout page around the frame; contact opens in that page, not here.
 */
export function FrameFailure() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => readResultParams(search), [search]);
  const view = useRef<HTMLElement>(null);
  useReportFrameHeight(view);

  const retry = () => {
    if (!tellCheckout({ type: 'RETRY_PAYMENT' })) void navigate('/checkout');
  };
  const close = () => {
    if (!tellCheckout({ type: 'CLOSE_IFRAME' })) void navigate('/checkout');
  };

  return (
    <section
      ref={view}
      className="payment-frame-view"
      data-tone="error"
      aria-labelledby="frame-title"
    >
      <h1 id="frame-title">{s.failedTitle}</h1>
      <p role="alert" data-testid="failure-message">
        {failureMessage(params)}
      </p>
      <ResultFacts orderId={params.orderId} transactionId={params.transactionId}>
        {params.errorCode && (
          <div>
            <dt>{s.errorCode}</dt>
            <dd dir="ltr">{params.errorCode}</dd>
          </div>
        )}
      </ResultFacts>
      <FailureReasons />
      <div className="payment-result__actions">
        <button type="button" className="mb-button" onClick={retry}>
          {s.retry}
        </button>
        <button type="button" className="mb-button" data-variant="ghost" onClick={close}>
          {s.close}
        </button>
        <a href="/contact" target="_parent" className="mb-button" data-variant="ghost">
          {s.contact}
        </a>
      </div>
    </section>
  );
}
