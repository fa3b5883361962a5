import { useStore } from 'zustand';
import { createCartStore, parseStoredCart, CART_STORAGE_KEY, type CartState } from './cart-store';

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

/**
 * Reads the cart in a component. Pass a selector that returns a value or a stable reference
 * (`(s) => s.lines`, `selectCount`); wrap selectors that build new objects in `useShallow`.
 */
export function useCart<T>(selector: (state: CartState) => T): T {
  return useStore(cartStore, selector);
}
