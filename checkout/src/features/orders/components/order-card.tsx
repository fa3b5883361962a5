import { buyerOrderStatusHe, orderReference, type BuyerOrder } from '@mechabrim/contracts';
import { formatDateTime } from '@mechabrim/hebrew';
import { Link } from '@mechabrim/routing';
import { BookCover, Price } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { CancelOrder } from './cancel-order';
import { OrderDocuments } from './order-documents';
import { Timeline } from './order-timeline';
import { ReturnBooks } from './return-books';

const s = strings.orders;

/** One of the buyer's orders: where it stands, its books, its figures and what may be done with it. */
export function OrderCard({ order }: { order: BuyerOrder }) {
  return (
    <li className="order-card" data-testid="order-card" data-status={order.status}>
      <header className="order-card__head">
        <h2 className="order-card__title">{s.order(orderReference(order._id))}</h2>
        <span className="order-card__status" data-status={order.status}>
          {buyerOrderStatusHe(order.status, order.shipping?.method)}
        </span>
        <p className="order-card__date">
          {s.placedAt}
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </p>
      </header>
      <Timeline order={order} />
      <Tracking order={order} />
      <OrderLines order={order} />
      <OrderFigures order={order} />
      <OrderDocuments order={order} />
      <CancelOrder order={order} />
      <ReturnBooks order={order} />
    </li>
  );
}

/** Every parcel's tracking number, each linked to the carrier's page when the printer gave one. */
function Tracking({ order }: { order: BuyerOrder }) {
  // A pickup order's parcel went to our branch: nothing for the buyer to track.
  if (order.tracking.length === 0 || order.shipping?.method === 'pickup') return null;
  return (
    // A part of its order's card under its own heading, not a landmark: every order has one, and
    // landmarks of one name repeated down the page are noise to a screen reader.
    <div className="order-tracking">
      <h3 className="order-tracking__title">{s.trackingTitle(order.tracking.length)}</h3>
      <ul className="order-tracking__list">
        {order.tracking.map((parcel) => (
          <li key={parcel.number} data-testid="tracking-number">
            <bdi dir="ltr" className="order-tracking__number">
              {parcel.number}
            </bdi>
            {parcel.carrier && <span className="order-tracking__carrier"> · {parcel.carrier}</span>}
            {parcel.url && (
              <>
                {' · '}
                <a href={parcel.url} target="_blank" rel="noopener noreferrer">
                  {s.trackLink}
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The order's books, each with its copies and price. */
function OrderLines({ order }: { order: BuyerOrder }) {
  return (
    <ul className="order-card__lines">
      {order.lines.map((line) => (
        <li key={line.bookId} className="order-line">
          <BookCover src={line.coverImage} title={line.title} width={48} />
          <div className="order-line__info">
            <Link to={`/book/${line.bookId}`} className="order-line__title">
              {line.title}
            </Link>
            <span className="order-line__quantity">
              {s.quantity(line.quantity)} × <Price value={line.unitPrice} />
            </span>
          </div>
          <Price value={line.lineTotal} className="order-line__total" />
        </li>
      ))}
    </ul>
  );
}

/** The order's money: subtotal, shipping, donation, total, a cancellation's fee and refund. */
function OrderFigures({ order }: { order: BuyerOrder }) {
  return (
    <dl className="order-card__figures">
      <div>
        <dt>{s.subtotal}</dt>
        <dd>
          <Price value={order.subtotal} />
        </dd>
      </div>
      {order.shipping && (
        <div>
          <dt>
            {s.shipping} ({strings.checkout.methods[order.shipping.method]})
          </dt>
          <dd>{order.shipping.price === 0 ? s.free : <Price value={order.shipping.price} />}</dd>
        </div>
      )}
      <div className="order-card__donation">
        <dt>{s.donation}</dt>
        <dd>
          <Price value={order.donation} />
        </dd>
      </div>
      <div className="order-card__total">
        <dt>{s.total}</dt>
        <dd>
          <Price value={order.total} />
        </dd>
      </div>
      {order.cancellation && <CancellationFigures cancellation={order.cancellation} />}
      {order.transactionId && (
        <div className="order-card__transaction">
          <dt>{s.transaction}</dt>
          <dd dir="ltr">{order.transactionId}</dd>
        </div>
      )}
    </dl>
  );
}

/** A cancelled order's fee and refund, and where the refund stands. */
function CancellationFigures({
  cancellation,
}: {
  cancellation: NonNullable<BuyerOrder['cancellation']>;
}) {
  return (
    <>
      <div className="order-card__fee">
        <dt>{s.cancellationFee}</dt>
        <dd>
          <Price value={cancellation.fee} />
        </dd>
      </div>
      <div className="order-card__refund" data-refund-state={cancellation.refundState}>
        <dt>{s.refund}</dt>
        <dd>
          <Price value={cancellation.refund} />{' '}
          <span className="order-card__refund-state">
            {cancellation.refundState === 'refunded' && cancellation.refundedAt
              ? s.refundDone(formatDateTime(cancellation.refundedAt))
              : cancellation.refundState === 'failed'
                ? s.refundFailed
                : s.refundPending}
          </span>
        </dd>
      </div>
    </>
  );
}
