import { createStore, type StoreApi } from 'zustand';
import {
  type Agorot,
  donationOf,
  lineTotal,
  MAX_LINE_QUANTITY,
  sumAgorot,
  toAgorot,
  toShekels,
} from '@mechabrim/money';

/**
 * The book as the cart keeps it (spec §3, cart line): the whole book object is stored, so
 * the cart page can show a line without fetching the book again.
 */
export interface CartBook {
  _id: string;
  title: string;
  /** Shekels. */
  price: number;
  coverImage?: string;
  author?: string | { _id: string; name: string };
  rating?: number;
  totalRatings?: number;
  [field: string]: unknown;
}

/** One line of the cart: a book and how many copies. */
export interface CartLine {
  book: CartBook;
  quantity: number;
}

/** The cart's state and operations (spec §4, cart). */
export interface CartState {
  lines: CartLine[];
  /** Adds one copy: a book already in the cart goes up by one, a new one starts at 1. */
  add(book: CartBook): void;
  /** Removes the book's line. */
  remove(bookId: string): void;
  /** Sets the book's quantity, at most MAX_LINE_QUANTITY; zero or less removes the line. */
  setQuantity(bookId: string, quantity: number): void;
  clear(): void;
  isInCart(bookId: string): boolean;
  quantityOf(bookId: string): number;
}

/** Where the cart is kept in the browser (spec §3). */
export const CART_STORAGE_KEY = 'cart';

export interface CartStoreOptions {
  /** Defaults to `window.localStorage` when there is one; `null` keeps the cart in memory. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  key?: string;
}

/** Number of copies in the cart (the header badge). */
export const selectCount = (state: Pick<CartState, 'lines'>): number =>
  state.lines.reduce((sum, line) => sum + line.quantity, 0);

/** Cart total in agorot: summed in whole agorot, so 0.1 + 0.2 never shows up on a receipt. */
export const selectTotalAgorot = (state: Pick<CartState, 'lines'>): Agorot =>
  sumAgorot(state.lines.map((line) => lineTotal(toAgorot(line.book.price), line.quantity)));

/** Cart total in shekels, exact to the agora. */
export const selectTotal = (state: Pick<CartState, 'lines'>): number =>
  toShekels(selectTotalAgorot(state));

/** The community donation in shekels: `donationOf` the cart total (spec §1, §9). */
export const selectDonation = (state: Pick<CartState, 'lines'>): number =>
  toShekels(donationOf(selectTotalAgorot(state)));

function isCartLine(value: unknown): value is CartLine {
  if (!value || typeof value !== 'object') return false;
  const { book, quantity } = value as { book?: unknown; quantity?: unknown };
  if (!book || typeof book !== 'object') return false;
  const { _id, price } = book as { _id?: unknown; price?: unknown };
  return (
    typeof _id === 'string' &&
    _id.length > 0 &&
    typeof price === 'number' &&
    Number.isFinite(price) &&
    price >= 0 &&
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity > 0 &&
    isCountable(price, quantity)
  );
}

/** A line whose total cannot be counted exactly in agorot (an absurd price or quantity) is corrupt. */
function isCountable(price: number, quantity: number): boolean {
  try {
    lineTotal(toAgorot(price), quantity);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the stored cart. Anything that is not a list of valid lines is corrupt: it is
 * discarded (and removed from storage) rather than half-trusted.
 */
export function parseStoredCart(raw: string | null): CartLine[] | null {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value) || !value.every(isCartLine)) return null;
    // A cart saved before the cap keeps its books, at the most copies an order takes.
    return value.map((line) =>
      line.quantity > MAX_LINE_QUANTITY ? { ...line, quantity: MAX_LINE_QUANTITY } : line,
    );
  } catch {
    return null;
  }
}

function defaultStorage(): CartStoreOptions['storage'] {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    // Storage can be disabled (privacy settings): the cart then lives for the page only.
    return null;
  }
}

/** Creates a cart store. The app uses the one `cartStore`; tests create their own. */
export function createCartStore(options: CartStoreOptions = {}): StoreApi<CartState> {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const key = options.key ?? CART_STORAGE_KEY;

  const load = (): CartLine[] => {
    if (!storage) return [];
    const lines = parseStoredCart(storage.getItem(key));
    if (lines === null) {
      storage.removeItem(key);
      return [];
    }
    return lines;
  };

  const store = createStore<CartState>()((set, get) => ({
    lines: load(),
    add: (book) =>
      set(({ lines }) =>
        lines.some((line) => line.book._id === book._id)
          ? {
              lines: lines.map((line) =>
                line.book._id === book._id
                  ? { ...line, quantity: Math.min(line.quantity + 1, MAX_LINE_QUANTITY) }
                  : line,
              ),
            }
          : { lines: [...lines, { book, quantity: 1 }] },
      ),
    remove: (bookId) =>
      set(({ lines }) => ({ lines: lines.filter((line) => line.book._id !== bookId) })),
    setQuantity: (bookId, quantity) => {
      if (!Number.isFinite(quantity) || quantity <= 0) {
        get().remove(bookId);
        return;
      }
      // The payment request refuses more than MAX_LINE_QUANTITY copies: the cart stops there.
      const whole = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY);
      if (whole <= 0) {
        get().remove(bookId);
        return;
      }
      set(({ lines }) => ({
        lines: lines.map((line) =>
          line.book._id === bookId ? { ...line, quantity: whole } : line,
        ),
      }));
    },
    clear: () => set({ lines: [] }),
    isInCart: (bookId) => get().lines.some((line) => line.book._id === bookId),
    quantityOf: (bookId) => get().lines.find((line) => line.book._id === bookId)?.quantity ?? 0,
  }));

  if (storage) {
    // Saved on every change (spec §4).
    store.subscribe((state, previous) => {
      if (state.lines === previous.lines) return;
      try {
        storage.setItem(key, JSON.stringify(state.lines));
      } catch {
        // Quota exceeded or storage disabled: the cart still works for this page.
      }
    });
  }
  return store;
}
