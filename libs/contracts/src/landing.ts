/**
 * Where the shell's prerendered frame (shell/dist/landing-frame.html) leaves room for the
 * storefront's server-drawn landing markup; services/edge puts the markup there.
 */
export const LANDING_SLOT = '<!--mb-landing-->';

/**
 * How long a remote's landing renderer waits for the API's data for a page, unless told
 * otherwise (`LANDING_API_TIMEOUT_MS`, read by services/edge).
 */
export const DEFAULT_LANDING_API_TIMEOUT_MS = 1500;

/**
 * The cookies the shell's server forwards to a landing renderer, and no others: the cart's
 * (`CART_COOKIE` of libs/cart-store, which the checkout's renderer draws the cart and checkout
 * pages from) and the signed-in hint (`SIGNED_IN_COOKIE` of libs/session: the checkout page is
 * drawn for a signed-in reader only).
 */
export const LANDING_COOKIES: readonly string[] = ['mb_cart', 'mb_signed_in'];
