import { useState } from 'react';
import { Link, Navigate } from '@mechabrim/routing';
import { useSession } from '@mechabrim/session';
import { PagedList, Spinner } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { ORDERS_PAGE_SIZE, useMyOrders } from '../api/get-my-orders';
import { OrderCard } from './order-card';
import '../../../shared/page.css';
import './orders.css';

export { stepOf } from './order-timeline';

const s = strings.orders;

/** `/orders` (spec §2): the signed-in buyer's orders, newest first, with where each one stands. */
export function OrdersPage() {
  const user = useSession((state) => state.user);
  const sessionLoading = useSession((state) => state.loading);
  const [page, setPage] = useState(1);
  const orders = useMyOrders(page, Boolean(user));

  if (sessionLoading && !user) {
    return (
      <section className="mb-container co-page orders-page">
        <Spinner label={s.loading} />
      </section>
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: '/orders' }} />;

  return (
    <section className="mb-container co-page orders-page" aria-labelledby="orders-title">
      <h1 id="orders-title" className="co-page__title">
        {s.title}
      </h1>
      <PagedList
        result={
          orders.data && {
            items: orders.data.orders,
            total: orders.data.total,
            hasMore: orders.data.hasMore,
          }
        }
        failed={orders.isError}
        onRetry={() => void orders.refetch()}
        busy={orders.isFetching}
        page={page}
        pageSize={ORDERS_PAGE_SIZE}
        onPage={setPage}
        renderItem={(order) => <OrderCard order={order} />}
        itemKey={(order) => order._id}
        listClassName="orders-list"
        loading={<Spinner label={s.loading} />}
        error={{ title: s.loadFailed, message: s.loadFailedBody, retryLabel: s.retry }}
        empty={{
          titleAs: 'h2',
          icon: 'package',
          title: s.empty,
          description: s.emptyBody,
          action: (
            <Link to="/books" className="mb-button">
              {s.browse}
            </Link>
          ),
        }}
        pager={{ label: s.pagesLabel, previous: s.newer, next: s.older }}
      />
    </section>
  );
}
