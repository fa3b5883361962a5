import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from '@mechabrim/routing';
import { cartStore, selectCount, selectTotalAgorot, useCart } from '@mechabrim/cart-store';
import type { CartLine } from '@mechabrim/cart-store';
import { DONATION_PERCENT, donationOf, toShekels, type Agorot } from '@mechabrim/money';
import { useSession } from '@mechabrim/session';
import { EmptyState, ErrorState, Price, useMediaQuery } from '@mechabrim/ui';
import { useCurrentBooks, type CurrentBook } from '../api/get-cart-books';
import { strings } from '../../../strings.he';
import { CartLineView, type LineStatus } from './cart-line';
import { FreeShippingBar } from './free-shipping-bar';
import '../../../shared/page.css';
import './cart.css';

const s = strings.cart;

/** How long a removed line fades before it leaves the cart (spec §9, cart). */
export const REMOVAL_DELAY_MS = 300;

function statusOf(
  line: CartLine,
  current: CurrentBook | undefined,
  previousPrices: ReadonlyMap<string, number>,
): LineStatus {
  if (!current) return { kind: 'checking' };
  if (current.status === 'missing' || current.book.isAvailable === false)
    return { kind: 'unavailable' };
  const previousPrice = previousPrices.get(line.book._id);
  return previousPrice !== undefined && previousPrice !== line.book.price
    ? { kind: 'price-changed', previousPrice }
    : { kind: 'current' };
}

/**
 * The catalogue's price wins: remember what the reader saw, then update the stored line so the
 * header, this page and the checkout all count the price the order will charge. Returns the
 * prices the reader saw before the catalogue changed them, by book id.
 */
function useCataloguePrices(
  answers: ReadonlyMap<string, CurrentBook> | undefined,
): ReadonlyMap<string, number> {
  const [previousPrices, setPreviousPrices] = useState<ReadonlyMap<string, number>>(new Map());
  useEffect(() => {
    if (!answers) return;
    const changed = cartStore.getState().lines.flatMap((line) => {
      const current = answers.get(line.book._id);
      return current?.status === 'found' &&
        current.book.isAvailable !== false &&
        current.book.price !== line.book.price
        ? [{ id: line.book._id, previousPrice: line.book.price, book: current.book }]
        : [];
    });
    if (changed.length === 0) return;
    setPreviousPrices((known) => {
      const next = new Map(known);
      for (const { id, previousPrice } of changed) if (!next.has(id)) next.set(id, previousPrice);
      return next;
    });
    cartStore.setState(({ lines: stored }) => ({
      lines: stored.map((line) => {
        const update = changed.find((entry) => entry.id === line.book._id);
        return update ? { ...line, book: { ...line.book, ...update.book } } : line;
      }),
    }));
  }, [answers]);
  return previousPrices;
}

/**
 * Removing a line: it fades for {@link REMOVAL_DELAY_MS} (not at all under reduced motion), then
 * leaves the cart and the live region says so.
 */
function useLineRemoval(reduceMotion: boolean) {
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const removalTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  // A removal still pending when the page closes happens anyway: the reader asked for it.
  useEffect(() => {
    const timers = removalTimers.current;
    return () => {
      for (const [id, timer] of timers) {
        clearTimeout(timer);
        cartStore.getState().remove(id);
      }
      timers.clear();
    };
  }, []);

  const finishRemoval = (id: string, title: string) => {
    cartStore.getState().remove(id);
    setRemoving((pending) => {
      const next = new Set(pending);
      next.delete(id);
      return next;
    });
    setAnnouncement(s.removed(title));
  };

  const removeLine = (line: CartLine) => {
    const { _id: id, title } = line.book;
    if (reduceMotion) {
      finishRemoval(id, title);
      return;
    }
    setRemoving((pending) => new Set(pending).add(id));
    const timer = setTimeout(() => {
      removalTimers.current.delete(id);
      finishRemoval(id, title);
    }, REMOVAL_DELAY_MS);
    removalTimers.current.set(id, timer);
  };

  return { removing, announcement, removeLine };
}

/** Checking out needs a signed-in reader: a guest signs in first and comes back to the checkout. */
function useGoToCheckout(): () => void {
  const signedIn = useSession((state) => Boolean(state.user));
  const navigate = useNavigate();
  return () => {
    if (signedIn) void navigate('/checkout');
    // The login page returns to `state.from` once signed in (storefront's returnPath).
    else void navigate('/login', { state: { from: '/checkout' } });
  };
}

/** Each line's status, and what the lines the order can still have come to. */
function summariseLines(
  lines: CartLine[],
  answers: ReadonlyMap<string, CurrentBook> | undefined,
  previousPrices: ReadonlyMap<string, number>,
) {
  const statuses = new Map(
    lines.map((line) => [
      line.book._id,
      statusOf(line, answers?.get(line.book._id), previousPrices),
    ]),
  );
  // While the prices are being re-read the lines show as stored (what the reader saw when adding
  // them), so the page is readable at once; only checking out waits for the catalogue's answer.
  const countedLines = lines.filter((line) => statuses.get(line.book._id)?.kind !== 'unavailable');
  const hasUnavailable = lines.some((line) => statuses.get(line.book._id)?.kind === 'unavailable');
  const hasPriceChange = lines.some(
    (line) => statuses.get(line.book._id)?.kind === 'price-changed',
  );
  const totalAgorot = selectTotalAgorot({ lines: countedLines });
  const copies = selectCount({ lines: countedLines });
  return { statuses, hasUnavailable, hasPriceChange, totalAgorot, copies };
}

type CartLinesProps = {
  lines: readonly CartLine[];
  statuses: ReadonlyMap<string, LineStatus>;
  removing: ReadonlySet<string>;
  hasPriceChange: boolean;
  hasUnavailable: boolean;
  onRemove: (line: CartLine) => void;
};

/** The cart's lines, under the notices about changed prices and books no longer for sale. */
function CartLines({
  lines,
  statuses,
  removing,
  hasPriceChange,
  hasUnavailable,
  onRemove,
}: CartLinesProps) {
  return (
    <div className="cart-page__lines">
      {hasPriceChange && (
        <p className="cart-page__notice" role="status" data-kind="price-changed">
          {s.priceChangedNotice}
        </p>
      )}
      {hasUnavailable && (
        <p className="cart-page__notice" role="alert" data-kind="unavailable">
          {s.unavailableNotice}
        </p>
      )}
      <ul className="cart-lines">
        {lines.map((line, index) => (
          <CartLineView
            key={line.book._id}
            line={line}
            // The same two covers the shell's start-up script preloads (early-start.ts).
            priority={index < 2}
            status={statuses.get(line.book._id) ?? { kind: 'checking' }}
            removing={removing.has(line.book._id)}
            onQuantity={(quantity) =>
              cartStore.getState().setQuantity(line.book._id, Math.max(1, quantity))
            }
            onRemove={() => onRemove(line)}
          />
        ))}
      </ul>
    </div>
  );
}

type CartSummaryProps = {
  copies: number;
  totalAgorot: Agorot;
  checkingPrices: boolean;
  hasUnavailable: boolean;
  onCheckout: () => void;
};

/** The order so far: free-shipping progress, total, donation, and the way to the checkout. */
function CartSummary({
  copies,
  totalAgorot,
  checkingPrices,
  hasUnavailable,
  onCheckout,
}: CartSummaryProps) {
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-summary__title">
        {s.summary}
      </h2>
      <FreeShippingBar copies={copies} />
      <dl className="cart-summary__figures">
        <div>
          <dt>
            {s.total} ({s.copies(copies)})
          </dt>
          <dd data-testid="cart-total">
            <Price value={toShekels(totalAgorot)} />
          </dd>
        </div>
        <div className="cart-summary__donation">
          <dt>{s.donation(DONATION_PERCENT)}</dt>
          <dd data-testid="cart-donation">
            <Price value={toShekels(donationOf(totalAgorot))} />
          </dd>
        </div>
      </dl>
      <p className="cart-summary__note">{s.shippingAtCheckout}</p>
      {checkingPrices && (
        <p className="cart-summary__checking" role="status" data-testid="cart-checking">
          {s.loading}
        </p>
      )}
      {hasUnavailable && (
        <p className="cart-summary__blocked" id="cart-checkout-blocked">
          {s.checkoutBlocked}
        </p>
      )}
      <button
        type="button"
        className="mb-button cart-summary__checkout"
        onClick={onCheckout}
        disabled={checkingPrices || hasUnavailable || copies === 0}
        aria-describedby={hasUnavailable ? 'cart-checkout-blocked' : undefined}
      >
        {s.checkout}
      </button>
    </aside>
  );
}

/** Where removals are read out; the same live region whether the cart has lines or is empty. */
function CartAnnouncer({ announcement }: { announcement: string }) {
  return (
    <p className="mb-visually-hidden" role="status" aria-live="polite" data-testid="cart-announcer">
      {announcement}
    </p>
  );
}

/** `/cart` — the shared cart, its prices checked against the catalogue (spec §2, §9). */
export function CartPage() {
  const lines = useCart((state) => state.lines);
  const goToCheckout = useGoToCheckout();
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const ids = useMemo(() => lines.map((line) => line.book._id), [lines]);
  const currentBooks = useCurrentBooks(ids);
  const answers = currentBooks.data;
  const previousPrices = useCataloguePrices(answers);
  const { removing, announcement, removeLine } = useLineRemoval(reduceMotion);
  const { statuses, hasUnavailable, hasPriceChange, totalAgorot, copies } = summariseLines(
    lines,
    answers,
    previousPrices,
  );

  if (lines.length === 0) {
    return (
      <section className="mb-container co-page cart-page">
        <CartAnnouncer announcement={announcement} />
        <EmptyState
          titleAs="h1"
          icon="cart"
          title={s.empty}
          description={s.emptyBody}
          action={
            <Link to="/books" className="mb-button">
              {s.browse}
            </Link>
          }
        />
      </section>
    );
  }

  const checkingPrices = !answers && currentBooks.isPending;
  return (
    <section className="mb-container co-page cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title" className="co-page__title">
        {s.title}
      </h1>
      <CartAnnouncer announcement={announcement} />
      {currentBooks.isError && !answers ? (
        <ErrorState
          title={s.loadFailed}
          message={s.loadFailedBody}
          retryLabel={s.retry}
          onRetry={() => void currentBooks.refetch()}
        />
      ) : (
        <div className="co-page__layout" aria-busy={checkingPrices || undefined}>
          <CartLines
            lines={lines}
            statuses={statuses}
            removing={removing}
            hasPriceChange={hasPriceChange}
            hasUnavailable={hasUnavailable}
            onRemove={removeLine}
          />
          <CartSummary
            copies={copies}
            totalAgorot={totalAgorot}
            checkingPrices={checkingPrices}
            hasUnavailable={hasUnavailable}
            onCheckout={goToCheckout}
          />
        </div>
      )}
    </section>
  );
}
