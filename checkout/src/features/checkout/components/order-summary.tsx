import type { CartLine } from '@mechabrim/cart-store';
import type { OrderTotals } from '@mechabrim/contracts';
import { DONATION_PERCENT, lineTotal, toAgorot, toShekels, type Agorot } from '@mechabrim/money';
import { Link } from '@mechabrim/routing';
import { Price } from '@mechabrim/ui';
import { strings } from '../../../strings.he';

const s = strings.checkout;

export interface SummaryFigures {
  subtotal: Agorot;
  shipping: Agorot | null;
  donation: Agorot;
  total: Agorot;
}

export interface OrderSummaryProps {
  lines: readonly CartLine[];
  figures: SummaryFigures;
  /** The server's own figures, once it has priced the order: they are what the frame charges. */
  serverTotals?: OrderTotals | undefined;
}

/** The lines and the money of the order about to be paid, each as charged (`formatPrice`). */
export function OrderSummary({ lines, figures, serverTotals }: OrderSummaryProps) {
  const shown = serverTotals
    ? {
        subtotal: toAgorot(serverTotals.subtotal),
        shipping: toAgorot(serverTotals.shipping),
        donation: toAgorot(serverTotals.donation),
        total: toAgorot(serverTotals.total),
      }
    : figures;
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        {s.summary}
      </h2>
      <ul className="checkout-summary__lines">
        {lines.map((line) => (
          <li key={line.book._id} data-testid="checkout-line">
            <span>{s.lineOf(line.book.title, line.quantity)}</span>
            <Price value={toShekels(lineTotal(toAgorot(line.book.price), line.quantity))} />
          </li>
        ))}
      </ul>
      <dl className="checkout-summary__figures">
        <div>
          <dt>{s.subtotal}</dt>
          <dd data-testid="checkout-subtotal">
            <Price value={toShekels(shown.subtotal)} />
          </dd>
        </div>
        <div>
          <dt>{s.shipping}</dt>
          <dd data-testid="checkout-shipping">
            {shown.shipping === null ? (
              '—'
            ) : shown.shipping === 0 ? (
              s.free
            ) : (
              <Price value={toShekels(shown.shipping)} />
            )}
          </dd>
        </div>
        <div className="checkout-summary__donation">
          <dt>{s.donation(DONATION_PERCENT)}</dt>
          <dd data-testid="checkout-donation">
            <Price value={toShekels(shown.donation)} />
          </dd>
        </div>
        <div className="checkout-summary__total">
          <dt>{s.total}</dt>
          <dd data-testid="checkout-total">
            <Price value={toShekels(shown.total)} />
          </dd>
        </div>
      </dl>
      {serverTotals && <p className="checkout-summary__note">{s.serverPriced}</p>}
      <Link to="/cart" className="checkout-summary__back">
        {s.backToCart}
      </Link>
    </aside>
  );
}
