import {
  formatPrice,
  FREE_EXPRESS_OVER,
  FREE_SHIPPING_MIN_BOOKS,
  FREE_STANDARD_OVER,
  SHIPPING_REGIONS,
  toShekels,
  type ShippingMethod,
  type ShippingQuote,
  type ShippingRegion,
} from '@mechabrim/money';
import { Price } from '@mechabrim/ui';
import { strings } from '../../../strings.he';

const s = strings.checkout;

export interface ShippingChoiceProps {
  region: ShippingRegion;
  method: ShippingMethod;
  /** Every method's quote for this order (libs/money's `shippingOptions`). */
  quotes: readonly ShippingQuote[];
  isVip: boolean;
  disabled: boolean;
  onRegion: (region: ShippingRegion) => void;
  onMethod: (method: ShippingMethod) => void;
}

/** What a method's delivery takes and why it is free; or that it does not reach the region. */
function methodDetails(quote: ShippingQuote): string {
  return quote.available
    ? [
        s.delivery(quote.delivery.min, quote.delivery.max, quote.delivery.unit),
        quote.freeBecause && quote.listPrice > 0 ? s.freeBecause[quote.freeBecause] : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : s.notInRegion;
}

type ShippingMethodOptionProps = {
  quote: ShippingQuote;
  checked: boolean;
  onMethod: (method: ShippingMethod) => void;
};

/** One method's radio button, with its price and delivery time. */
function ShippingMethodOption({ quote, checked, onMethod }: ShippingMethodOptionProps) {
  const id = `checkout-method-${quote.method}`;
  return (
    <li data-available={quote.available || undefined}>
      <input
        type="radio"
        id={id}
        name="shipping_method"
        value={quote.method}
        checked={checked}
        disabled={!quote.available}
        onChange={() => onMethod(quote.method)}
        aria-describedby={`${id}-details`}
      />
      <label htmlFor={id}>
        <span className="checkout-shipping__name">{s.methods[quote.method]}</span>
        <span className="checkout-shipping__price" data-testid={`${id}-price`}>
          {!quote.available ? null : quote.price === 0 ? (
            s.free
          ) : (
            <Price value={toShekels(quote.price)} />
          )}
        </span>
      </label>
      <span id={`${id}-details`} className="checkout-shipping__details">
        {methodDetails(quote)}
      </span>
    </li>
  );
}

/** The free-shipping rules in words, and a VIP buyer told they are one. */
function FreeShippingRules({ isVip }: { isVip: boolean }) {
  return (
    <div className="checkout-shipping__rules">
      <p className="checkout-shipping__rules-title">{s.freeRulesTitle}</p>
      <ul>
        {s
          .freeRules(
            formatPrice(toShekels(FREE_STANDARD_OVER)),
            formatPrice(toShekels(FREE_EXPRESS_OVER)),
            FREE_SHIPPING_MIN_BOOKS,
          )
          .map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
      </ul>
      {isVip && <p className="checkout-shipping__vip">{s.youAreVip}</p>}
    </div>
  );
}

/**
 * The region, then the methods that reach it with their prices and delivery times, and the
 * free-shipping rules in words. Prices come from the money module's quotes, the same the server
 * charges; a method that does not reach the region is shown, disabled, with the reason.
 */
export function ShippingChoice({
  region,
  method,
  quotes,
  isVip,
  disabled,
  onRegion,
  onMethod,
}: ShippingChoiceProps) {
  return (
    <fieldset className="checkout-shipping" disabled={disabled}>
      <legend>{s.method}</legend>
      <div className="mb-field">
        <label className="mb-field__label" htmlFor="checkout-region">
          {s.region}
        </label>
        <select
          id="checkout-region"
          className="mb-field__control"
          value={region}
          onChange={(event) => onRegion(event.target.value as ShippingRegion)}
        >
          {SHIPPING_REGIONS.map((value) => (
            <option key={value} value={value}>
              {s.regions[value]}
            </option>
          ))}
        </select>
      </div>
      <ul className="checkout-shipping__methods">
        {quotes.map((quote) => (
          <ShippingMethodOption
            key={quote.method}
            quote={quote}
            checked={method === quote.method}
            onMethod={onMethod}
          />
        ))}
      </ul>
      <FreeShippingRules isVip={isVip} />
    </fieldset>
  );
}
