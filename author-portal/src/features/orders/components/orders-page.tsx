import { useState } from 'react';
import { orderReference, PICKUP_STATUS_HE, type AuthorOrder } from '@mechabrim/contracts';
import { formatDateTime } from '@mechabrim/hebrew';
import { BookCover, EmptyState, ErrorState, Pager, Price } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { AUTHOR_ORDERS_PAGE_SIZE, useAuthorOrders, type OrdersTab } from '../api/get-author-orders';
import './orders.css';

const s = strings.orders;
/** Every status has its tab, so the status tabs add up to 'all'. */
const TABS: readonly OrdersTab[] = [
  'all',
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
];

/**
 * An order's status word: a self-pickup order is ready at the branch, then picked up (as its
 * buyer reads it on /orders), never shipped.
 */
function statusLabel(order: Pick<AuthorOrder, 'status' | 'shippingMethod'>): string {
  // Spec §4: an unknown status reads as pending.
  const status = order.status in s.statuses ? order.status : 'pending';
  if (order.shippingMethod === 'pickup' && (status === 'shipped' || status === 'delivered'))
    return PICKUP_STATUS_HE[status];
  return s.statuses[status];
}

function OrderCard({ order }: { order: AuthorOrder }) {
  const status = order.status in s.statuses ? order.status : 'pending';
  const pickup = order.shippingMethod === 'pickup';
  return (
    <li className="ap-card ap-order" data-testid="order-card">
      <header className="ap-order__head">
        <h2 className="ap-order__title">{s.order(orderReference(order._id))}</h2>
        <span className="ap-badge" data-tone={status === 'cancelled' ? 'danger' : undefined}>
          {statusLabel(order)}
        </span>
        <time className="ap-order__date" dateTime={order.createdAt}>
          {formatDateTime(order.createdAt)}
        </time>
      </header>
      <dl className="ap-order__people">
        <div>
          <dt>{s.customer}</dt>
          <dd>
            {order.user.name} · <bdi dir="ltr">{order.user.email}</bdi>
          </dd>
        </div>
        <div>
          <dt>{pickup ? s.delivery : s.address}</dt>
          <dd>
            {pickup
              ? s.pickup
              : [order.shippingAddress.street, order.shippingAddress.city]
                  .filter(Boolean)
                  .join(', ')}
          </dd>
        </div>
      </dl>
      <ul className="ap-order__lines">
        {order.books.map((line) => (
          <li key={line.book._id} className="ap-order__line">
            <BookCover
              src={line.book.coverImage}
              title={line.book.title}
              width={40}
              className="ap-cover ap-cover--xs"
            />
            <span className="ap-order__book">{line.book.title}</span>
            <span>{s.quantity(line.quantity)}</span>
            <span>
              {s.unitPrice}: <Price value={line.price} />
            </span>
            <span>
              {s.lineTotal}: <Price value={line.lineTotal} />
            </span>
            {line.printCostPerCopy !== null && (
              <span data-testid="line-print-cost">
                {s.printPerCopy}: <Price value={line.printCostPerCopy} />
              </span>
            )}
          </li>
        ))}
      </ul>
      <dl className="ap-order__money">
        <div>
          <dt>{s.total}</dt>
          <dd>
            <Price value={order.totalAmount} />
          </dd>
        </div>
        <div className="ap-order__donation">
          <dt>{s.donation}</dt>
          <dd>
            <Price value={order.donationAmount} />
          </dd>
        </div>
        <div className="ap-order__revenue">
          <dt>{s.revenue}</dt>
          <dd>
            <Price value={order.authorRevenue} />
            {order.authorRevenueExpected && (
              <span className="ap-badge ap-order__expected" title={s.revenueExpectedHint}>
                {s.revenueExpected}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{s.payment}</dt>
          <dd>{s.paymentMethods[order.paymentMethod] ?? order.paymentMethod}</dd>
        </div>
        {/* A pickup order's parcel went to our branch: no post tracking to show. */}
        {!pickup && order.trackingNumbers.length > 0 && (
          <div>
            <dt>{s.tracking}</dt>
            <dd>
              <bdi dir="ltr">{order.trackingNumbers.join(', ')}</bdi>
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}

/** `/author-dashboard/orders`: orders holding the author's books, by status, paged. */
export function OrdersPage() {
  const [tab, setTab] = useState<OrdersTab>('all');
  const [page, setPage] = useState(1);
  const orders = useAuthorOrders(tab, page);
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / AUTHOR_ORDERS_PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="ap-orders-title">
      <h1 id="ap-orders-title" className="ap-title">
        {strings.screens.orders}
      </h1>
      <div className="ap-tabs" role="tablist" aria-label={s.tabsLabel}>
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            className="ap-tab"
            aria-selected={tab === key}
            onClick={() => {
              setTab(key);
              setPage(1);
            }}
          >
            {s.tabs[key]}
            {data ? ` (${data.counts[key]})` : ''}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={s.tabs[tab]}>
        {orders.isError && !data ? (
          <ErrorState
            message={s.loadError}
            onRetry={() => void orders.refetch()}
            retryLabel={s.retry}
          />
        ) : !data ? (
          <p role="status">{strings.loading}</p>
        ) : data.orders.length === 0 ? (
          <EmptyState title={s.empty} />
        ) : (
          <>
            <ul className="ap-orders">
              {data.orders.map((order) => (
                <OrderCard key={order._id} order={order} />
              ))}
            </ul>
            <Pager
              page={page}
              pages={pages}
              hasMore={data.hasMore}
              onPage={setPage}
              label={s.pageOf(page, pages)}
              previous={s.previous}
              next={s.next}
            />
          </>
        )}
      </div>
    </section>
  );
}
