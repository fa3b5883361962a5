import { useEffect, useState } from 'react';
import { cartStore } from '@mechabrim/cart-store';
import {
  orderReference,
  PICKUP_BRANCH,
  SUPPORT_PHONE,
  type PaymentStatusResponse,
} from '@mechabrim/contracts';
import { deliveryTimeOf } from '@mechabrim/money';
import { Link, useLocation } from '@mechabrim/routing';
import { ApiError } from '@mechabrim/session';
import { Price, Spinner } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { getPaymentStatus } from '../api/get-payment-status';
import { currencySymbol, readResultParams } from '../result-params';
import './result.css';

const s = strings.result;

/** How often, and how many times, a payment still `pending` is asked about again. */
export const VERIFY_RETRY_MS = 1000;
export const VERIFY_ATTEMPTS = 10;

type View =
  | { kind: 'verifying' }
  | { kind: 'checking' }
  | { kind: 'error'; message: string }
  | {
      kind: 'success';
      orderId: string | null;
      transactionId: string | null;
      amount: number | null;
      currency: string | null;
      shipping: PaymentStatusResponse['shipping'];
    };

/**
 * What happens after payment, by how the order travels: a pickup order waits for its mail from
 * the Tel Aviv branch, a delivered one says its method's delivery time (libs/money's table); an
 * order without a recorded method keeps the general steps.
 */
export function nextStepsOf(shipping: PaymentStatusResponse['shipping']): readonly string[] {
  const delivery = shipping && deliveryTimeOf(shipping.method, shipping.region);
  if (!shipping || !delivery) return s.nextSteps;
  if (shipping.method === 'pickup')
    return s.pickupSteps(delivery.max, PICKUP_BRANCH.addressHe, PICKUP_BRANCH.hoursHe);
  return s.deliverySteps(
    strings.checkout.methods[shipping.method],
    strings.checkout.delivery(delivery.min, delivery.max, delivery.unit),
  );
}

function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return s.authRequired;
    if (error.status === 0) return s.verifyUnreachable;
  }
  return s.verifyFailed;
}

type SuccessView = Extract<View, { kind: 'success' }>;

/**
 * Verifies the payment of the address's order (or transaction) with the server, asking again
 * while it is still pending; the cart is emptied once the server confirmed it.
 */
function usePaymentVerification(search: string): View {
  const [view, setView] = useState<View>({ kind: 'verifying' });

  useEffect(() => {
    const params = readResultParams(search);
    // Our own order id first: the provider's transaction number is only known to the server once
    // its notify arrived, which can come after the buyer's browser is sent here.
    const id = params.orderId ?? params.transactionId;
    const succeed = (status: PaymentStatusResponse) => {
      cartStore.getState().clear();
      setView({
        kind: 'success',
        orderId: status.order_id,
        transactionId: status.transaction_id ?? params.transactionId,
        amount: status.amount,
        currency: status.currency,
        shipping: status.shipping,
      });
    };
    if (!id) {
      setView({ kind: 'checking' });
      return undefined;
    }
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const verify = async (attempt: number) => {
      try {
        const status = await getPaymentStatus(id, controller.signal);
        if (status.status === 'completed') succeed(status);
        else if (status.status === 'pending' && attempt < VERIFY_ATTEMPTS) {
          timer = setTimeout(() => void verify(attempt + 1), VERIFY_RETRY_MS);
        } else {
          setView({
            kind: 'error',
            message:
              status.status === 'failed' && status.error
                ? status.error
                : s.notCompleted[status.status],
          });
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        setView({ kind: 'error', message: errorMessageOf(error) });
      }
    };
    void verify(1);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [search]);

  return view;
}

/** Nothing to verify: the payment is being checked, and the orders page will show it. */
function CheckingCard() {
  return (
    <div className="payment-result__card">
      <h1 id="payment-result-title">{s.checkingTitle}</h1>
      <p role="status">{s.checkingBody}</p>
      <div className="payment-result__actions">
        <Link to="/orders" className="mb-button">
          {s.viewOrders}
        </Link>
      </div>
    </div>
  );
}

/** The payment could not be confirmed: why, and the way back to the checkout. */
function VerifyErrorCard({ message }: { message: string }) {
  return (
    <div className="payment-result__card" data-tone="error">
      <h1 id="payment-result-title">{s.errorTitle}</h1>
      <p role="alert">{message}</p>
      <div className="payment-result__actions">
        <Link to="/books" className="mb-button" data-variant="ghost">
          {s.continueShopping}
        </Link>
        <Link to="/checkout" className="mb-button">
          {s.tryAgain}
        </Link>
      </div>
    </div>
  );
}

/** The confirmed payment's order reference, transaction number and amount, as far as known. */
function PaymentFacts({ view }: { view: SuccessView }) {
  return (
    <dl className="payment-result__facts">
      {view.orderId && (
        <div>
          <dt>{s.order}</dt>
          <dd dir="ltr" data-testid="result-order">
            {orderReference(view.orderId)}
          </dd>
        </div>
      )}
      {view.transactionId && (
        <div>
          <dt>{s.transaction}</dt>
          <dd dir="ltr" data-testid="result-transaction">
            {view.transactionId}
          </dd>
        </div>
      )}
      {view.amount !== null && view.currency && (
        <div>
          <dt>{s.amount}</dt>
          <dd data-testid="result-amount">
            {currencySymbol(view.currency) === '₪' ? (
              <Price value={view.amount} />
            ) : (
              `${view.amount.toFixed(2)} ${view.currency}`
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The confirmed payment: its facts, what happens next, and where to go from here. */
function SuccessCard({ view }: { view: SuccessView }) {
  return (
    <div className="payment-result__card" data-tone="success">
      <h1 id="payment-result-title">{s.successTitle}</h1>
      <PaymentFacts view={view} />
      <p>{s.emailSent}</p>
      <p>{s.handling}</p>
      <h2 className="payment-result__subtitle">{s.nextStepsTitle}</h2>
      <ol className="payment-result__steps">
        {nextStepsOf(view.shipping).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="payment-result__actions">
        <Link to="/books" className="mb-button" data-variant="ghost">
          {s.continueShopping}
        </Link>
        <Link to="/orders" className="mb-button">
          {s.viewOrders}
        </Link>
      </div>
      <p className="payment-result__support">
        <Link to="/contact">{s.support(SUPPORT_PHONE)}</Link>
      </p>
    </div>
  );
}

/**
 * `/payment/success` (spec §2, §4): with an order or transaction id, the payment is verified with
 * the server — never trusted from the address — and only `completed` is success; a payment the
 * provider has not yet reported is asked about again for a few seconds. Without any id nothing
 * can be verified, so the page says the payment is being checked and points to the orders page;
 * the cart is emptied only after a payment the server confirmed.
 */
export function PaymentSuccessPage() {
  const { search } = useLocation();
  const view = usePaymentVerification(search);

  if (view.kind === 'verifying') {
    return (
      <section className="mb-container payment-result" aria-busy="true">
        <Spinner label={s.verifying} />
      </section>
    );
  }
  if (view.kind === 'checking') {
    return (
      <section className="mb-container payment-result" aria-labelledby="payment-result-title">
        <CheckingCard />
      </section>
    );
  }
  if (view.kind === 'error') {
    return (
      <section className="mb-container payment-result" aria-labelledby="payment-result-title">
        <VerifyErrorCard message={view.message} />
      </section>
    );
  }
  return (
    <section className="mb-container payment-result" aria-labelledby="payment-result-title">
      <SuccessCard view={view} />
    </section>
  );
}
