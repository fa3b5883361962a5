import { useState } from 'react';
import { orderReference, PICKUP_STATUS_HE, type AuthorOrder } from '@mechabrim/contracts';
import { formatDateTime } from '@mechabrim/hebrew';
import { BookCover, PagedList, Price } from '@mechabrim/ui';
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

type OrderProps = { order: AuthorOrder };

/** Who bought, and where the parcel goes (or that it waits at the branch). */
function OrderPeople({ order }: OrderProps) {
  const pickup = order.shippingMethod === 'pickup';
  return (
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
            : [order.shippingAddress.street, order.shippingAddress.city].filter(Boolean).join(', ')}
        </dd>
      </div>
    </dl>
  );
}

type OrderLineProps = { line: AuthorOrder['books'][number] };

function OrderLine({ line }: OrderLineProps) {
  return (
    <li className="ap-order__line">
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
  );
}

/** The order's money (total, donation, the author's share), payment and tracking. */
function OrderMoney({ order }: OrderProps) {
  const pickup = order.shippingMethod === 'pickup';
  return (
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
  );
}

function OrderCard({ order }: OrderProps) {
  const status = order.status in s.statuses ? order.status : 'pending';
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
      <OrderPeople order={order} />
      <ul className="ap-order__lines">
        {order.books.map((line) => (
          <OrderLine key={line.book._id} line={line} />
        ))}
      </ul>
      <OrderMoney order={order} />
    </li>
  );
}

/** `/author-dashboard/orders`: orders holding the author's books, by status, paged. */
export function OrdersPage() {
  const [tab, setTab] = useState<OrdersTab>('all');
  const [page, setPage] = useState(1);
  const orders = useAuthorOrders(tab, page);
  const data = orders.data;

  return (
    <section aria-labelledby="ap-orders-title">
      <h1 id="ap-orders-title" className="ap-title">
        {strings.screens.orders}
      </h1>
      <PagedList
        result={data && { items: data.orders, total: data.total, hasMore: data.hasMore }}
        failed={orders.isError}
        onRetry={() => void orders.refetch()}
        page={page}
        pageSize={AUTHOR_ORDERS_PAGE_SIZE}
        onPage={setPage}
        renderItem={(order) => <OrderCard order={order} />}
        itemKey={(order) => order._id}
        listClassName="ap-orders"
        loading={<p role="status">{strings.loading}</p>}
        error={{ message: s.loadError, retryLabel: s.retry }}
        empty={{ title: s.empty }}
        pager={{ label: s.pageOf }}
        tabs={{
          label: s.tabsLabel,
          tabs: TABS.map((key) => ({ key, label: s.tabs[key], count: data?.counts[key] })),
          selected: tab,
          onSelect: (key) => {
            setTab(key);
            setPage(1);
          },
        }}
      />
    </section>
  );
}
