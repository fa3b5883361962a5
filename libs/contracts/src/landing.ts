/**
 * Where the shell's prerendered frame (shell/dist/landing-frame.html) leaves room for the
 * storefront's server-drawn landing markup; services/edge puts the markup there.
 */
export const LANDING_SLOT = '<!--mb-landing-->';

/**
 * The cookies the shell's server forwards to a landing renderer, and no others: the cart's
 * (`CART_COOKIE` of libs/cart-store, which the checkout's renderer draws the cart page from).
 */
export const LANDING_COOKIES: readonly string[] = ['mb_cart'];
