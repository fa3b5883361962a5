import { useEffect, useMemo, useRef, useState } from 'react';
import { selectCount, selectTotalAgorot, useCart, type CartLine } from '@mechabrim/cart-store';
import {
  buyerDetailsSchema,
  type BuyerDetails,
  type PaymentCreateRequestInput,
  type PaymentCreateResponse,
  type PaymentFrameAction,
} from '@mechabrim/contracts';
import {
  donationOf,
  shippingOptions,
  sumAgorot,
  type ShippingMethod,
  type ShippingRegion,
} from '@mechabrim/money';
import { Navigate, useNavigate } from '@mechabrim/routing';
import { ApiError, useSession } from '@mechabrim/session';
import { Field, Spinner, SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';
import { createPayment, newAttemptKey, pageExit } from '../api/create-payment';
import { initialDetails, rememberDetails, type BuyerForm } from '../buyer-details-memory';
import { OrderSummary } from './order-summary';
import { PaymentFrame } from './payment-frame';
import { ShippingChoice } from './shipping-choice';
import '../../../shared/page.css';
import './checkout.css';

const s = strings.checkout;

/** The message to show for a failed payment create (spec §8): the API's own Hebrew one if any. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return s.paymentCreateFailed;
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
    return s.paymentError;
  }
  return s.paymentCreateFailed;
}

type Phase = 'details' | 'creating' | 'frame' | 'redirecting';

/**
 * `/checkout` (spec §2, §4): the order summary, the buyer's details, the shipping method, then the
 * provider's hosted card form in a frame. Guests are sent to sign in and come back here; an empty
 * cart goes back to the cart.
 */
export function CheckoutPage() {
  const user = useSession((state) => state.user);
  const sessionLoading = useSession((state) => state.loading);
  const lines = useCart((state) => state.lines);

  if (sessionLoading && !user) {
    return (
      <section className="mb-container co-page checkout-page">
        <Spinner label={s.checkingSession} />
      </section>
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: '/checkout' }} />;
  if (lines.length === 0) return <Navigate to="/cart" replace />;
  return <Checkout user={user} />;
}

type CheckoutUser = { _id: string; name: string; email: string; isVip?: unknown };

/**
 * The region and shipping method chosen, every method's quote for this order, and the figures
 * the summary shows with the chosen method's price.
 */
function useShippingSelection(lines: CartLine[], isVip: boolean) {
  const [region, setRegion] = useState<ShippingRegion>('israel-centre');
  const [method, setMethod] = useState<ShippingMethod>('standard');
  const subtotal = selectTotalAgorot({ lines });
  const bookCount = selectCount({ lines });
  const quotes = useMemo(
    () => shippingOptions({ subtotal, bookCount, isVip, region }),
    [subtotal, bookCount, isVip, region],
  );
  const quote = quotes.find((option) => option.method === method);
  const shipping = quote?.available ? quote.price : null;
  const figures = {
    subtotal,
    shipping,
    donation: donationOf(subtotal),
    total: shipping === null ? subtotal : sumAgorot([subtotal, shipping]),
  };

  // A region the chosen method does not reach moves the choice to the first method that does.
  useEffect(() => {
    if (quote?.available) return;
    // Pickup is free but means coming to Tel Aviv: it is never chosen for the buyer.
    const first =
      quotes.find((option) => option.available && option.method !== 'pickup') ??
      quotes.find((option) => option.available);
    if (first) setMethod(first.method);
  }, [quote, quotes]);

  return { region, setRegion, method, setMethod, quotes, figures };
}

/**
 * One idempotency key per attempt: the same request again (a double click, a retry after a lost
 * answer) reuses it and finds the same order; a changed request or the frame's 'retry' is a
 * new attempt.
 */
function useAttemptKey(): (request: PaymentCreateRequestInput, fresh: boolean) => string {
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  return (request, fresh) => {
    const fingerprint = JSON.stringify(request);
    if (fresh || attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { fingerprint, key: newAttemptKey() };
    }
    return attempt.current.key;
  };
}

/** The success page's address for the frame's success message. */
function frameSuccessPath(
  message: Extract<PaymentFrameAction, { type: 'PAYMENT_SUCCESS' }>,
  payment: PaymentCreateResponse | null,
): string {
  const query = new URLSearchParams();
  if (message.transactionId) query.set('transaction_id', message.transactionId);
  // The hosted page never carries the order's id (only a payment reference), so the frame's
  // return address has none: the order is the one this page created.
  const orderId = payment?.order_id ?? message.orderId;
  if (orderId) query.set('order_id', orderId);
  const search = query.toString();
  return search ? `/payment/success?${search}` : '/payment/success';
}

type CheckoutPaymentOptions = {
  user: CheckoutUser;
  lines: CartLine[];
  method: ShippingMethod;
  region: ShippingRegion;
  /**
   * The form's details as typed, remembered as the payment is asked for: for next time, and for
   * this time if the session ends on the way (the sign-in page brings the buyer back to them).
   */
  typedDetails: () => BuyerForm;
};

/** Creating the payment, then paying it in the frame or on the provider's page. */
function useCheckoutPayment({ user, lines, method, region, typedDetails }: CheckoutPaymentOptions) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('details');
  const [payment, setPayment] = useState<PaymentCreateResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attemptKey = useAttemptKey();
  const lastDetails = useRef<BuyerDetails | null>(null);
  // Set while a create is on its way: a second submit (Enter, a script) is dropped, not sent.
  const inFlight = useRef(false);

  const pay = async (details: BuyerDetails, fresh: boolean) => {
    if (inFlight.current) return;
    const request: PaymentCreateRequestInput = {
      items: lines.map((line) => ({ id: line.book._id, quantity: line.quantity })),
      client: details,
      shipping_method: method,
      shipping_region: region,
    };
    const key = attemptKey(request, fresh);
    lastDetails.current = details;
    setError(null);
    setPhase('creating');
    inFlight.current = true;
    rememberDetails(user._id, typedDetails());
    try {
      const answer = await createPayment(request, key);
      const frameUrl = answer.iframe_url || answer.payment_url;
      if (frameUrl && Object.keys(answer.form_data).length > 0) {
        setPayment({ ...answer, payment_url: frameUrl });
        setPhase('frame');
      } else if (answer.payment_url) {
        setPhase('redirecting');
        pageExit.to(answer.payment_url);
      } else {
        // Nothing to pay through: the success page verifies the order this answer created.
        void navigate(
          `/payment/success?${new URLSearchParams({ order_id: answer.order_id }).toString()}`,
        );
      }
    } catch (failure) {
      setError(messageOf(failure));
      setPhase('details');
    } finally {
      inFlight.current = false;
    }
  };

  const onFrameMessage = (message: PaymentFrameAction) => {
    if (message.type === 'PAYMENT_SUCCESS') {
      void navigate(frameSuccessPath(message, payment));
    } else if (message.type === 'RETRY_PAYMENT') {
      setPayment(null);
      if (lastDetails.current) void pay(lastDetails.current, true);
    } else {
      setPayment(null);
      setPhase('details');
    }
  };

  return { phase, payment, error, dismissError: () => setError(null), pay, onFrameMessage };
}

type CheckoutErrorProps = {
  message: string;
  onDismiss: () => void;
};

/** Why the payment could not be created; it takes the focus, so it is read out at once. */
function CheckoutError({ message, onDismiss }: CheckoutErrorProps) {
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) errorRef.current?.focus();
  }, [message]);
  return (
    <div className="checkout-error" role="alert" tabIndex={-1} ref={errorRef}>
      <p className="checkout-error__title">{s.errorTitle}</p>
      <p>{message}</p>
      <button type="button" className="mb-button" data-variant="ghost" onClick={onDismiss}>
        {s.dismiss}
      </button>
    </div>
  );
}

/**
 * The buyer's details form, filled with what this account used last time (or its name and
 * e-mail).
 */
function useBuyerDetailsForm(user: CheckoutUser) {
  return useZodForm(
    buyerDetailsSchema,
    useMemo(() => initialDetails(user), [user]),
  );
}

type BuyerDetailsFormState = ReturnType<typeof useBuyerDetailsForm>;

type BuyerDetailsFieldsProps = {
  register: BuyerDetailsFormState['register'];
  errors: BuyerDetailsFormState['formState']['errors'];
  disabled: boolean;
};

/** The buyer's name, phone, e-mail and address, each with its error. */
function BuyerDetailsFields({ register, errors, disabled }: BuyerDetailsFieldsProps) {
  return (
    <fieldset className="checkout-details" disabled={disabled}>
      <legend>{s.details}</legend>
      <p className="checkout-details__note">{s.detailsNote}</p>
      <div className="checkout-details__grid">
        <Field label={s.firstName} error={errors.first_name?.message} required>
          {(control) => (
            <input autoComplete="given-name" {...control} {...register('first_name')} />
          )}
        </Field>
        <Field label={s.lastName} error={errors.last_name?.message} required>
          {(control) => (
            <input autoComplete="family-name" {...control} {...register('last_name')} />
          )}
        </Field>
        <Field label={s.phone} hint={s.phoneHint} error={errors.phone?.message} required latin>
          {(control) => (
            <input
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              {...control}
              {...register('phone')}
            />
          )}
        </Field>
        <Field label={s.email} error={errors.email?.message} required latin>
          {(control) => (
            <input type="email" autoComplete="email" {...control} {...register('email')} />
          )}
        </Field>
        <Field label={s.street} error={errors.address?.message} required>
          {(control) => (
            <input autoComplete="street-address" {...control} {...register('address')} />
          )}
        </Field>
        <Field label={s.city} error={errors.city?.message} required>
          {(control) => <input autoComplete="address-level2" {...control} {...register('city')} />}
        </Field>
        <Field label={s.zip} hint={s.zipHint} error={errors.zip?.message} required latin>
          {(control) => (
            <input
              inputMode="numeric"
              autoComplete="postal-code"
              {...control}
              {...register('zip')}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}

function Checkout({ user }: { user: CheckoutUser }) {
  const lines = useCart((state) => state.lines);
  const isVip = user.isVip === true;
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useBuyerDetailsForm(user);
  const { region, setRegion, method, setMethod, quotes, figures } = useShippingSelection(
    lines,
    isVip,
  );
  const { phase, payment, error, dismissError, pay, onFrameMessage } = useCheckoutPayment({
    user,
    lines,
    method,
    region,
    typedDetails: getValues,
  });

  const onSubmit = handleSubmit((details) => pay(details, false));
  const busy = phase === 'creating' || phase === 'redirecting';

  return (
    <section className="mb-container co-page checkout-page" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="co-page__title">
        {s.title}
      </h1>
      {error && <CheckoutError message={error} onDismiss={dismissError} />}
      <div className="co-page__layout">
        <div className="checkout-page__main">
          {phase === 'frame' && payment && (
            <PaymentFrame
              key={payment.transaction_id}
              payment={payment}
              onMessage={onFrameMessage}
              onClose={() => onFrameMessage({ type: 'CLOSE_IFRAME' })}
            />
          )}
          <form
            className="checkout-form"
            onSubmit={(event) => void onSubmit(event)}
            noValidate
            aria-busy={busy}
            hidden={phase === 'frame'}
          >
            <BuyerDetailsFields register={register} errors={errors} disabled={busy} />
            <ShippingChoice
              region={region}
              method={method}
              quotes={quotes}
              isVip={isVip}
              disabled={busy}
              onRegion={setRegion}
              onMethod={setMethod}
            />
            <SubmitButton
              pending={busy}
              pendingLabel={phase === 'redirecting' ? s.redirecting : s.paying}
              className="checkout-form__pay"
            >
              {s.pay}
            </SubmitButton>
          </form>
        </div>
        <OrderSummary lines={lines} figures={figures} serverTotals={payment?.totals} />
      </div>
    </section>
  );
}
