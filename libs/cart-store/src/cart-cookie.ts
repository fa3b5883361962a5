// The cart's lines as a cookie, for the server that draws the cart page (checkout/src/server):
// the cart itself lives in the browser's localStorage (spec §3), which a server never sees, so
// the store mirrors which books and how many into `mb_cart` on every change, and the edge
// server hands that cookie to the checkout's page renderer. Only ids and quantities: the books
// themselves are read from the API, as the cart page does.
//
// Small on purpose: the checkout's server renderer bundles it (with `cookie`, 2 KB, for reading).

import { parseCookie } from 'cookie';

/** The cookie's name. */
export const CART_COOKIE = 'mb_cart';

/**
 * More lines than this are not mirrored (a cookie holds about 4 KB): the cookie then says so,
 * and the page is drawn in the browser.
 */
export const CART_COOKIE_MAX_LINES = 40;

/** The value for an empty cart (a cookie's value is better not empty). */
const EMPTY = '-';
/** The value for a cart too long to mirror. */
const TOO_MANY = '+';

/** One mirrored line. */
export interface CartCookieLine {
  id: string;
  quantity: number;
}

/** What the cookie says: the lines, or that the cart is too long to say. */
export type CartCookie = { lines: CartCookieLine[] } | { tooMany: true };

/**
 * `id~quantity` joined by `.`, ids URI-encoded (so no `.`, `~`, `;`, `,` or space is left raw
 * in them; `encodeURIComponent` leaves `.` and `~` alone, so those two are escaped by hand).
 */
export function cartCookieValue(
  lines: readonly { book: { _id: string }; quantity: number }[],
): string {
  if (lines.length === 0) return EMPTY;
  if (lines.length > CART_COOKIE_MAX_LINES) return TOO_MANY;
  return lines
    .map(
      (line) =>
        `${encodeURIComponent(line.book._id).replace(/\./g, '%2E').replace(/~/g, '%7E')}~${line.quantity}`,
    )
    .join('.');
}

/** Reads a cookie value written by `cartCookieValue`; `null` for anything else. */
export function parseCartCookie(value: string | undefined): CartCookie | null {
  if (value === undefined || value === '') return null;
  if (value === EMPTY) return { lines: [] };
  if (value === TOO_MANY) return { tooMany: true };
  const parts = value.split('.');
  if (parts.length > CART_COOKIE_MAX_LINES) return null;
  const lines: CartCookieLine[] = [];
  for (const part of parts) {
    const match = /^([^~]+)~([1-9][0-9]{0,4})$/.exec(part);
    if (!match?.[1] || !match[2]) return null;
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      return null;
    }
    if (id === '' || lines.some((line) => line.id === id)) return null;
    lines.push({ id, quantity: Number(match[2]) });
  }
  return { lines };
}

/**
 * The value of the cookie `name` in a `Cookie` request header, if it is there, as it was written
 * (not URI-decoded: the cart's value decodes its own ids).
 */
export function cookieFrom(cookieHeader: string | undefined, name: string): string | undefined {
  return parseCookie(cookieHeader ?? '', { decode: (value) => value })[name];
}

/** The cart cookie's value in a `Cookie` request header, if it is there. */
export function cartCookieFrom(cookieHeader: string | undefined): string | undefined {
  return cookieFrom(cookieHeader, CART_COOKIE);
}

/** Writes the cookie in the browser (for a year, this site only); never throws. */
export function writeCartCookie(
  lines: readonly { book: { _id: string }; quantity: number }[],
): void {
  try {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CART_COOKIE}=${cartCookieValue(lines)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  } catch {
    // No document (a test, a worker) or cookies blocked: the page is drawn in the browser.
  }
}
