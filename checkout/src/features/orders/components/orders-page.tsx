import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@mechabrim/query';
import {
  buyerOrderStatusHe,
  orderReference,
  PICKUP_STATUS_HE,
  type BuyerOrder,
  type OrderLifecycleStatus,
} from '@mechabrim/contracts';
import { formatDateTime } from '@mechabrim/hebrew';
import { Link, Navigate } from '@mechabrim/routing';
import { useSession } from '@mechabrim/session';
import { BookCover, PagedList, Price, Spinner } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { formatPrice, agorot, cancellationFeeOf, toAgorot, toShekels } from '@mechabrim/money';
import { ApiError } from '@mechabrim/session';
import {
  cancelOrder,
  getTaxDocumentPdf,
  ORDERS_PAGE_SIZE,
  useMyOrders,
} from '../api/get-my-orders';
import { ReturnBooks } from './return-books';
import '../../../shared/page.css';
import './orders.css';

const s = strings.orders;

/** The fulfilment steps a buyer follows (issue 10: pending → processing → shipped → delivered). */
const STEPS = ['pending', 'processing', 'shipped', 'delivered'] as const;
type Step = (typeof STEPS)[number];

/** Where an order is on those steps; null for orders off the path (cancelled, expired, review). */
export function stepOf(status: OrderLifecycleStatus): Step | null {
  switch (status) {
    case 'pending_payment':
    case 'paid':
      return 'pending';
    case 'processing':
    case 'shipped':
    case 'delivered':
      return status;
    default:
      return null;
  }
}

/** A step's word: a self-pickup order is ready at the branch, then picked up (not shipped). */
function stepLabel(step: Step, order: BuyerOrder): string {
  if (order.shipping?.method === 'pickup' && (step === 'shipped' || step === 'delivered'))
    return PICKUP_STATUS_HE[step];
  return s.timelineSteps[step];
}

function Timeline({ order }: { order: BuyerOrder }) {
  const current = stepOf(order.status);
  if (!current) return null;
  const reached = STEPS.indexOf(current);
  const when = new Map(order.timeline.map((entry) => [stepOf(entry.status), entry.at]));
  return (
    <ol className="order-timeline" aria-label={s.timelineTitle}>
      {STEPS.map((step, index) => {
        const state = index < reached ? 'done' : index === reached ? 'current' : 'ahead';
        const at = when.get(step);
        return (
          <li key={step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="order-timeline__dot" aria-hidden="true" />
            <span className="order-timeline__label">{stepLabel(step, order)}</span>
            <span className="mb-visually-hidden">
              {' — '}
              {state === 'done' ? s.stepDone : state === 'current' ? s.stepCurrent : s.stepAhead}
            </span>
            {at && state !== 'ahead' && (
              <time className="order-timeline__at" dateTime={at}>
                {formatDateTime(at)}
              </time>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Statuses a buyer may cancel from: paid, not yet shipped (the API checks again). */
const CANCELLABLE: readonly OrderLifecycleStatus[] = ['paid', 'processing'];

/**
 * Cancelling a paid order: the fee and the refund said first (the money module's cancellation
 * fee, the one the server charges), then a confirmation; the answer's refund is announced.
 */
function CancelOrder({ order }: { order: BuyerOrder }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'idle' | 'asking' | 'sending'>('idle');
  const [message, setMessage] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const focusCancelButton = useRef(false);
  // The question takes the focus on its safe answer; leaving it gives the focus back to the
  // button that asked (the button is drawn again, so this runs after the step changes).
  useEffect(() => {
    if (step === 'asking') keepButton.current?.focus();
    if (step === 'idle' && focusCancelButton.current) {
      focusCancelButton.current = false;
      cancelButton.current?.focus();
    }
  }, [step]);
  if (!CANCELLABLE.includes(order.status) && !message) return null;
  const keep = () => {
    focusCancelButton.current = true;
    setStep('idle');
  };
  const paid = toAgorot(order.total);
  const fee = cancellationFeeOf(paid);
  const confirm = async () => {
    setStep('sending');
    try {
      const answer = await cancelOrder(order._id);
      setMessage({ tone: 'done', text: s.cancelled(formatPrice(answer.refund)) });
      await queryClient.invalidateQueries({ queryKey: ['orders', 'mine'] });
    } catch (error) {
      setMessage({
        tone: 'error',
        // The API's own Hebrew word: production started (409), the printer unreachable (503).
        text:
          error instanceof ApiError && (error.status === 409 || error.status === 503)
            ? error.message
            : s.cancelFailed,
      });
    } finally {
      setStep('idle');
    }
  };
  return (
    <div className="order-cancel">
      {message && (
        <p className="order-cancel__message" role="status" data-tone={message.tone}>
          {message.text}
        </p>
      )}
      {CANCELLABLE.includes(order.status) &&
        (step === 'idle' ? (
          <button
            ref={cancelButton}
            type="button"
            className="mb-button"
            data-variant="ghost"
            onClick={() => {
              setMessage(null);
              setStep('asking');
            }}
          >
            {s.cancel}
          </button>
        ) : (
          // Escape on either answer keeps the order: the group only hears keys that bubble up
          // from its buttons, it is not a control itself.
          // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
          <div
            className="order-cancel__confirm"
            role="group"
            aria-label={s.cancel}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && step === 'asking') keep();
            }}
          >
            <p>
              {s.cancelQuestion(
                formatPrice(toShekels(fee)),
                formatPrice(toShekels(agorot(paid - fee))),
              )}
            </p>
            <button
              type="button"
              className="mb-button"
              disabled={step === 'sending'}
              onClick={() => void confirm()}
            >
              {step === 'sending' ? s.cancelling : s.cancelConfirm}
            </button>
            <button
              ref={keepButton}
              type="button"
              className="mb-button"
              data-variant="ghost"
              disabled={step === 'sending'}
              onClick={keep}
            >
              {s.cancelKeep}
            </button>
          </div>
        ))}
    </div>
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
function OrderDocuments({ order }: { order: BuyerOrder }) {
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

function OrderCard({ order }: { order: BuyerOrder }) {
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
        {order.cancellation && (
          <>
            <div className="order-card__fee">
              <dt>{s.cancellationFee}</dt>
              <dd>
                <Price value={order.cancellation.fee} />
              </dd>
            </div>
            <div className="order-card__refund" data-refund-state={order.cancellation.refundState}>
              <dt>{s.refund}</dt>
              <dd>
                <Price value={order.cancellation.refund} />{' '}
                <span className="order-card__refund-state">
                  {order.cancellation.refundState === 'refunded' && order.cancellation.refundedAt
                    ? s.refundDone(formatDateTime(order.cancellation.refundedAt))
                    : order.cancellation.refundState === 'failed'
                      ? s.refundFailed
                      : s.refundPending}
                </span>
              </dd>
            </div>
          </>
        )}
        {order.transactionId && (
          <div className="order-card__transaction">
            <dt>{s.transaction}</dt>
            <dd dir="ltr">{order.transactionId}</dd>
          </div>
        )}
      </dl>
      <OrderDocuments order={order} />
      <CancelOrder order={order} />
      <ReturnBooks order={order} />
    </li>
  );
}

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
