import { LANDING_COOKIES } from '@mechabrim/contracts';
import {
  CART_COOKIE,
  CART_COOKIE_MAX_LINES,
  cartCookieFrom,
  cartCookieValue,
  parseCartCookie,
} from './cart-cookie';

const line = (id: string, quantity: number) => ({ book: { _id: id }, quantity });

describe('the cart cookie', () => {
  it('is one the shell server forwards to the landing renderer', () => {
    expect(LANDING_COOKIES).toContain(CART_COOKIE);
  });

  it('mirrors ids and quantities, and reads them back', () => {
    const value = cartCookieValue([line('65a1f0c2e4b0a1b2c3d4e5f6', 2), line('b', 1)]);
    expect(value).toBe('65a1f0c2e4b0a1b2c3d4e5f6~2.b~1');
    expect(parseCartCookie(value)).toEqual({
      lines: [
        { id: '65a1f0c2e4b0a1b2c3d4e5f6', quantity: 2 },
        { id: 'b', quantity: 1 },
      ],
    });
  });

  it('keeps ids with separators, spaces or Hebrew intact and cookie-safe', () => {
    const ids = ['a.b', 'c~d', 'e;f g,h', 'ספר'];
    const value = cartCookieValue(ids.map((id) => line(id, 3)));
    expect(value).toMatch(/^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/);
    expect(parseCartCookie(value)).toEqual({ lines: ids.map((id) => ({ id, quantity: 3 })) });
  });

  it('says so for an empty cart and for one too long to mirror', () => {
    expect(parseCartCookie(cartCookieValue([]))).toEqual({ lines: [] });
    const many = Array.from({ length: CART_COOKIE_MAX_LINES + 1 }, (_, i) => line(`b${i}`, 1));
    expect(parseCartCookie(cartCookieValue(many))).toEqual({ tooMany: true });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['no quantity', 'abc'],
    ['a zero quantity', 'abc~0'],
    ['a quantity that is not a number', 'abc~x'],
    ['a huge quantity', 'abc~1000000'],
    ['a repeated book', 'abc~1.abc~2'],
    ['a broken escape', '%E0%A4%A~1'],
  ])('reads nothing from a cookie that is %s', (_label, value) => {
    expect(parseCartCookie(value)).toBeNull();
  });

  it('finds its value in a Cookie header', () => {
    expect(cartCookieFrom('a=1; mb_cart=x~1; b=2')).toBe('x~1');
    expect(cartCookieFrom('mb_cartx=1')).toBeUndefined();
    expect(cartCookieFrom(undefined)).toBeUndefined();
  });
});
