import { FREE_SHIPPING_MIN_BOOKS } from '@mechabrim/money';
import { strings } from '../../../strings.he';

const s = strings.cart;

/** The bar's target (spec §9, cart: 'great!' at 5 or more books). */
export const FREE_SHIPPING_BAR_TARGET = 5;

/**
 * The copy under the bar. The bar fills toward the spec's five books, but the count of books
 * still missing is the money module's real rule ({@link FREE_SHIPPING_MIN_BOOKS} copies make
 * standard and express free), so the page never promises free shipping later than the checkout
 * grants it, nor asks for a book the reader does not need.
 */
export function freeShippingMessage(copies: number): string {
  if (copies >= FREE_SHIPPING_BAR_TARGET) return `${s.great} ${s.freeShippingReached}`;
  if (copies >= FREE_SHIPPING_MIN_BOOKS) return s.freeShippingReached;
  return s.booksToFreeShipping(FREE_SHIPPING_MIN_BOOKS - copies);
}

/** Progress toward free shipping, counted in copies; fills from the reading direction's start. */
export function FreeShippingBar({ copies }: { copies: number }) {
  const filled = Math.min(copies, FREE_SHIPPING_BAR_TARGET);
  const message = freeShippingMessage(copies);
  return (
    <div className="cart-shipping" data-testid="free-shipping">
      <p className="cart-shipping__message" id="cart-shipping-message">
        {message}
      </p>
      <div
        className="cart-shipping__track"
        role="progressbar"
        aria-label={s.shippingProgressLabel}
        aria-describedby="cart-shipping-message"
        aria-valuemin={0}
        aria-valuemax={FREE_SHIPPING_BAR_TARGET}
        aria-valuenow={filled}
        aria-valuetext={message}
      >
        <span
          className="cart-shipping__fill"
          data-complete={copies >= FREE_SHIPPING_BAR_TARGET || undefined}
          style={{ inlineSize: `${(filled / FREE_SHIPPING_BAR_TARGET) * 100}%` }}
        />
      </div>
    </div>
  );
}
