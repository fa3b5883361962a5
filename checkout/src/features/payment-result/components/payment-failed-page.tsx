import { Link } from '@mechabrim/routing';
import { strings } from '../../../strings.he';
import { FailureReasons } from './result-parts';
import './result.css';

const s = strings.result;

/** `/payment/failed` (spec §2): what may have gone wrong, and the ways on. */
export function PaymentFailedPage() {
  return (
    <section className="mb-container payment-result" aria-labelledby="payment-result-title">
      <div className="payment-result__card" data-tone="error">
        <h1 id="payment-result-title">{s.failedTitle}</h1>
        <p>{s.failedBody}</p>
        <FailureReasons />
        <div className="payment-result__actions">
          <Link to="/checkout" className="mb-button">
            {s.tryAgain}
          </Link>
          <Link to="/books" className="mb-button" data-variant="ghost">
            {s.continueShopping}
          </Link>
          <Link to="/contact" className="mb-button" data-variant="ghost">
            {s.contact}
          </Link>
        </div>
      </div>
    </section>
  );
}
