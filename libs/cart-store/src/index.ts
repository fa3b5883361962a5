import { useCallback, useSyncExternalStore } from 'react';
import { createCartStore, parseStoredCart, CART_STORAGE_KEY, type CartState } from './cart-store';
import { writeCartCookie } from './cart-cookie';

export {
  createCartStore,
  parseStoredCart,
  selectCount,
  selectTotal,
  selectTotalAgorot,
  selectDonation,
  CART_STORAGE_KEY,
  type CartBook,
  type CartLine,
  type CartState,
  type CartStoreOptions,
} from './cart-store';
export {
  CART_COOKIE,
  cartCookieFrom,
  cookieFrom,
  cartCookieValue,
  parseCartCookie,
  type CartCookie,
  type CartCookieLine,
} from './cart-cookie';

/**
 * The one cart of the site. This library is a federation singleton, so the shell and every
 * remote import this very instance: a book added in the storefront shows in the shell's badge.
 */
export const cartStore = createCartStore();

// Another tab changed the cart: follow it, so two tabs never overwrite each other's cart.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_STORAGE_KEY) return;
    cartStore.setState({ lines: parseStoredCart(event.newValue) ?? [] });
  });
}

// Which books and how many, mirrored into a cookie for the server that draws the cart page
// (cart-cookie.ts): once as the page starts (the stored cart may predate the cookie, or have
// been changed in another tab) and on every change.
if (typeof document !== 'undefined') {
  writeCartCookie(cartStore.getState().lines);
  cartStore.subscribe((state, previous) => {
    if (state.lines !== previous.lines) writeCartCookie(state.lines);
  });
}

/**
 * Reads the cart in a component. Pass a selector that returns a value or a stable reference
 * (`(s) => s.lines`, `selectCount`); wrap selectors that build new objects in `useShallow`.
 */
export function useCart<T>(selector: (state: CartState) => T): T {
  const current = useCallback(() => selector(cartStore.getState()), [selector]);
  // zustand's `useStore` renders a store's *initial* state on a server; the checkout's server
  // renderer fills the store for the cart page it draws (checkout/src/server/landing.tsx), so
  // the server renders what the store holds, as the browser does.
  return useSyncExternalStore(cartStore.subscribe, current, current);
}
