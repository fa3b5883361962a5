import { agorot, toAgorot } from './agorot';
import {
  deliveryTimeOf,
  type ShippingMethod,
  type ShippingOrder,
  type ShippingRegion,
  shippingOptions,
  shippingQuote,
} from './shipping';

const order = (overrides: Partial<ShippingOrder> = {}): ShippingOrder => ({
  subtotal: toAgorot(100),
  bookCount: 1,
  isVip: false,
  region: 'israel-other',
  ...overrides,
});

/** The price in shekels, or `null` when the method does not serve the order. */
function priceOf(method: ShippingMethod, overrides: Partial<ShippingOrder> = {}): number | null {
  const quote = shippingQuote(method, order(overrides));
  return quote.available ? quote.price / 100 : null;
}

describe('shipping rules', () => {
  it.each<[ShippingMethod, number]>([
    ['standard', 15],
    ['express', 25],
    ['next-day', 35],
    ['pickup', 0],
  ])('lists %s at %d ₪ in the centre', (method, price) => {
    expect(priceOf(method, { region: 'israel-centre' })).toBe(price);
  });

  it.each<[ShippingRegion, number]>([
    ['europe-usa', 45],
    ['asia-oceania', 55],
    ['africa-south-america', 65],
  ])('ships to %s for %d ₪', (region, price) => {
    expect(priceOf('international', { region })).toBe(price);
  });

  it.each<[string, ShippingMethod, ShippingRegion, boolean]>([
    ['next day in the centre', 'next-day', 'israel-centre', true],
    ['next day in the Sharon', 'next-day', 'israel-sharon', true],
    ['next day elsewhere in Israel', 'next-day', 'israel-other', false],
    ['standard nationwide', 'standard', 'israel-other', true],
    ['express nationwide', 'express', 'israel-other', true],
    ['standard abroad', 'standard', 'europe-usa', false],
    ['express abroad', 'express', 'asia-oceania', false],
    ['next day abroad', 'next-day', 'europe-usa', false],
    ['international at home', 'international', 'israel-centre', false],
    ['pickup from any address', 'pickup', 'africa-south-america', true],
  ])('serves %s: %s', (_label, method, region, served) => {
    const quote = shippingQuote(method, order({ region }));
    expect(quote.available).toBe(served);
    if (!quote.available) expect(quote.reason).toBe('region-not-served');
  });

  it.each<[string, ShippingMethod, Partial<ShippingOrder>, number]>([
    ['standard at exactly 150 ₪ pays', 'standard', { subtotal: toAgorot(150) }, 15],
    ['standard at 150.01 ₪ is free', 'standard', { subtotal: toAgorot(150.01) }, 0],
    ['express at 150.01 ₪ still pays', 'express', { subtotal: toAgorot(150.01) }, 25],
    ['express at exactly 200 ₪ pays', 'express', { subtotal: toAgorot(200) }, 25],
    ['express at 200.01 ₪ is free', 'express', { subtotal: toAgorot(200.01) }, 0],
    ['next day over any subtotal pays', 'next-day', { subtotal: toAgorot(10_000) }, 35],
    ['3 books pay for standard', 'standard', { bookCount: 3 }, 15],
    ['4 books ship standard free', 'standard', { bookCount: 4 }, 0],
    ['4 books ship express free', 'express', { bookCount: 4 }, 0],
    ['4 books still pay for next day', 'next-day', { bookCount: 4, region: 'israel-centre' }, 35],
    ['VIP ships standard free', 'standard', { isVip: true }, 0],
    ['VIP ships next day free', 'next-day', { isVip: true, region: 'israel-sharon' }, 0],
    ['VIP pays abroad', 'international', { isVip: true, region: 'europe-usa' }, 45],
    [
      'a big order pays abroad',
      'international',
      { region: 'asia-oceania', subtotal: toAgorot(999), bookCount: 9 },
      55,
    ],
  ])('%s', (_label, method, overrides, price) => {
    expect(priceOf(method, { region: 'israel-centre', ...overrides })).toBe(price);
  });

  it('says why a method is free and keeps its list price', () => {
    expect(shippingQuote('standard', order({ isVip: true, bookCount: 9 }))).toEqual({
      available: true,
      method: 'standard',
      price: 0,
      listPrice: 1500,
      freeBecause: 'vip',
      delivery: { min: 3, max: 5, unit: 'business-days' },
    });
    const byCount = shippingQuote('express', order({ bookCount: 4 }));
    expect(byCount.available && byCount.freeBecause).toBe('book-count');
    const byTotal = shippingQuote('standard', order({ subtotal: agorot(15_001) }));
    expect(byTotal.available && byTotal.freeBecause).toBe('over-threshold');
    const pickup = shippingQuote('pickup', order());
    expect(pickup).toMatchObject({ price: 0, freeBecause: 'pickup', delivery: { unit: 'hours' } });
  });

  it('refuses an order of no books or a subtotal that is not whole agorot', () => {
    expect(() => shippingQuote('standard', order({ bookCount: 0 }))).toThrow(RangeError);
    expect(() => shippingQuote('standard', order({ bookCount: 1.5 }))).toThrow(RangeError);
    expect(() => shippingQuote('standard', order({ subtotal: agorot(-1) }))).toThrow(RangeError);
    expect(() => shippingQuote('standard', order({ subtotal: 12.5 as never }))).toThrow(RangeError);
  });

  it('lists every method for an order, available or not', () => {
    const options = shippingOptions(order({ region: 'israel-other' }));
    expect(options.map((q) => [q.method, q.available])).toEqual([
      ['standard', true],
      ['express', true],
      ['next-day', false],
      ['pickup', true],
      ['international', false],
    ]);
  });
});

describe('delivery time of a method to a region', () => {
  it("is the method's time in the table, the zone's abroad, and none where it does not go", () => {
    expect(deliveryTimeOf('standard', 'israel-other')).toEqual({
      min: 3,
      max: 5,
      unit: 'business-days',
    });
    expect(deliveryTimeOf('pickup', 'europe-usa')).toEqual({ min: 1, max: 1, unit: 'hours' });
    expect(deliveryTimeOf('international', 'asia-oceania')).toEqual({
      min: 10,
      max: 21,
      unit: 'days',
    });
    expect(deliveryTimeOf('next-day', 'israel-other')).toBeNull();
    expect(deliveryTimeOf('international', 'israel-centre')).toBeNull();
  });
});
