import { type Agorot, shekels, ZERO_AGOROT } from './agorot';

/*
 * The shipping rules of spec §9, as data and one pure quote used by the cart, the checkout and
 * the API alike. The spec lists the rules without saying how they combine; this is the reading
 * the product follows (the shipping policy page prints the same figures from here):
 *
 * - Domestic regions are the centre, the Sharon and the rest of Israel. Standard and express
 *   reach all of them ("nationwide"); next day reaches the centre and the Sharon only.
 * - Self pickup is at the Tel Aviv branch, so it is offered whatever the address, and is free.
 * - International addresses get the international method only, priced by zone. None of the free
 *   shipping rules apply abroad: the policy page lists them under domestic shipping, and the
 *   international rates are a separate table.
 * - "Over 150 ₪" and "over 200 ₪" are strict: a subtotal of exactly 150 ₪ pays for standard,
 *   150.01 ₪ does not. The subtotal is the books' total (the donation is part of it, not added).
 * - "More than 3 books" counts copies, not titles (four copies of one book qualify) and makes
 *   standard and express free — the two methods the thresholds speak of. Next day is a premium
 *   service with no free rule of its own.
 * - VIP members ship free with every domestic method, next day included ("always free").
 * - The cart's progress bar target of 5 books (spec §9, cart) is the old page's copy; the rule
 *   that decides the price is this one, {@link FREE_SHIPPING_MIN_BOOKS}.
 */

/** Regions inside Israel: the two spec §9 names for next day, and the rest of the country. */
export const DOMESTIC_REGIONS = ['israel-centre', 'israel-sharon', 'israel-other'] as const;
export type DomesticRegion = (typeof DOMESTIC_REGIONS)[number];

/** International zones, each with its own rate (spec §9). */
export const INTERNATIONAL_ZONES = ['europe-usa', 'asia-oceania', 'africa-south-america'] as const;
export type InternationalZone = (typeof INTERNATIONAL_ZONES)[number];

/** Where an order is shipped: a domestic region or an international zone. */
export const SHIPPING_REGIONS = [...DOMESTIC_REGIONS, ...INTERNATIONAL_ZONES] as const;
export type ShippingRegion = DomesticRegion | InternationalZone;

/** The ways an order can travel (spec §9). */
export const SHIPPING_METHODS = [
  'standard',
  'express',
  'next-day',
  'pickup',
  'international',
] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** How long delivery takes: a range in business days (Sunday to Thursday), days or hours. */
export interface DeliveryTime {
  min: number;
  max: number;
  unit: 'business-days' | 'days' | 'hours';
}

/** A domestic method's list price, reach and delivery time. */
export interface DomesticRate {
  price: Agorot;
  delivery: DeliveryTime;
  regions: readonly ShippingRegion[];
}

/** Domestic methods (spec §9). */
export const DOMESTIC_RATES: Readonly<
  Record<Exclude<ShippingMethod, 'international'>, DomesticRate>
> = {
  standard: {
    price: shekels(15),
    delivery: { min: 3, max: 5, unit: 'business-days' },
    regions: DOMESTIC_REGIONS,
  },
  express: {
    price: shekels(25),
    delivery: { min: 1, max: 2, unit: 'business-days' },
    regions: DOMESTIC_REGIONS,
  },
  'next-day': {
    price: shekels(35),
    delivery: { min: 1, max: 1, unit: 'business-days' },
    regions: ['israel-centre', 'israel-sharon'],
  },
  pickup: {
    price: ZERO_AGOROT,
    delivery: { min: 1, max: 1, unit: 'hours' },
    regions: SHIPPING_REGIONS,
  },
};

/** International zones' prices and delivery times (spec §9). */
export const INTERNATIONAL_RATES: Readonly<
  Record<InternationalZone, { price: Agorot; delivery: DeliveryTime }>
> = {
  'europe-usa': { price: shekels(45), delivery: { min: 7, max: 14, unit: 'days' } },
  'asia-oceania': { price: shekels(55), delivery: { min: 10, max: 21, unit: 'days' } },
  'africa-south-america': { price: shekels(65), delivery: { min: 14, max: 28, unit: 'days' } },
};

/** Standard shipping is free for a subtotal strictly above this (spec §9: "over 150"). */
export const FREE_STANDARD_OVER: Agorot = shekels(150);
/** Express shipping is free for a subtotal strictly above this (spec §9: "over 200"). */
export const FREE_EXPRESS_OVER: Agorot = shekels(200);
/** Standard and express are free from this many copies on (spec §9: "more than 3 books"). */
export const FREE_SHIPPING_MIN_BOOKS = 4;
/** Books up to this value are customs-exempt in most countries (spec §9; in US dollars). */
export const CUSTOMS_EXEMPT_UP_TO_USD = 50;

/** What the quote needs to know about the order. */
export interface ShippingOrder {
  /** The books' total. */
  subtotal: Agorot;
  /** Copies in the order (a line of 3 copies counts 3). */
  bookCount: number;
  isVip: boolean;
  region: ShippingRegion;
}

/** Why a method costs nothing. */
export type FreeShippingReason = 'pickup' | 'vip' | 'over-threshold' | 'book-count';

/** The price of one method for one order, or why the method cannot serve it. */
export type ShippingQuote =
  | {
      available: true;
      method: ShippingMethod;
      price: Agorot;
      /** The price before any free-shipping rule. */
      listPrice: Agorot;
      /** Set when `price` is zero because of a rule. */
      freeBecause?: FreeShippingReason;
      delivery: DeliveryTime;
    }
  | { available: false; method: ShippingMethod; reason: 'region-not-served' };

const isDomestic = (region: ShippingRegion): region is DomesticRegion =>
  (DOMESTIC_REGIONS as readonly ShippingRegion[]).includes(region);

function freeBecause(method: ShippingMethod, order: ShippingOrder): FreeShippingReason | undefined {
  if (method === 'pickup') return 'pickup';
  if (method === 'international') return undefined;
  if (order.isVip) return 'vip';
  if (method === 'next-day') return undefined;
  if (order.bookCount >= FREE_SHIPPING_MIN_BOOKS) return 'book-count';
  const threshold = method === 'standard' ? FREE_STANDARD_OVER : FREE_EXPRESS_OVER;
  if (order.subtotal > threshold) return 'over-threshold';
  return undefined;
}

/**
 * The shipping price of `method` for an order, with the free-shipping rules applied as the
 * comment at the top of this file reads them. A method that does not reach the order's region
 * (next day outside the centre and the Sharon, a domestic method abroad, international at home)
 * answers `available: false`. Throws `RangeError` for an order of no books or a negative or
 * fractional subtotal (the caller validates its input first; this guards the rule itself).
 */
export function shippingQuote(method: ShippingMethod, order: ShippingOrder): ShippingQuote {
  if (!Number.isSafeInteger(order.bookCount) || order.bookCount < 1) {
    throw new RangeError(`an order ships at least one whole book: ${order.bookCount}`);
  }
  if (!Number.isSafeInteger(order.subtotal) || order.subtotal < 0) {
    throw new RangeError(`not a subtotal in agorot: ${order.subtotal}`);
  }
  let listPrice: Agorot;
  let delivery: DeliveryTime;
  if (method === 'international') {
    if (isDomestic(order.region)) return { available: false, method, reason: 'region-not-served' };
    ({ price: listPrice, delivery } = INTERNATIONAL_RATES[order.region]);
  } else {
    const rate = DOMESTIC_RATES[method];
    if (!rate.regions.includes(order.region)) {
      return { available: false, method, reason: 'region-not-served' };
    }
    ({ price: listPrice, delivery } = rate);
  }
  const reason = freeBecause(method, order);
  return reason
    ? { available: true, method, price: ZERO_AGOROT, listPrice, freeBecause: reason, delivery }
    : { available: true, method, price: listPrice, listPrice, delivery };
}

/**
 * How long `method` takes to `region`, from the tables above (what the checkout and the payment
 * success page print); null where the method does not serve the region.
 */
export function deliveryTimeOf(
  method: ShippingMethod,
  region: ShippingRegion,
): DeliveryTime | null {
  if (method === 'international')
    return isDomestic(region) ? null : INTERNATIONAL_RATES[region].delivery;
  const rate = DOMESTIC_RATES[method];
  return rate.regions.includes(region) ? rate.delivery : null;
}

/** Every method with its quote for the order, in the order the checkout lists them. */
export function shippingOptions(order: ShippingOrder): ShippingQuote[] {
  return SHIPPING_METHODS.map((method) => shippingQuote(method, order));
}
