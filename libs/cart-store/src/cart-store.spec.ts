import { MAX_LINE_QUANTITY } from '@mechabrim/money';
import {
  createCartStore,
  parseStoredCart,
  selectCount,
  selectDonation,
  selectTotal,
  type CartBook,
} from './cart-store';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const book = (id: string, price: number): CartBook => ({ _id: id, title: `ספר ${id}`, price });

describe('cart store', () => {
  it('adds a new book with quantity 1 and raises an existing one by one', () => {
    const cart = createCartStore({ storage: null });
    cart.getState().add(book('a', 50));
    cart.getState().add(book('b', 30));
    cart.getState().add(book('a', 50));
    expect(cart.getState().lines.map((l) => [l.book._id, l.quantity])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(cart.getState().quantityOf('a')).toBe(2);
    expect(cart.getState().quantityOf('missing')).toBe(0);
    expect(cart.getState().isInCart('b')).toBe(true);
    expect(cart.getState().isInCart('c')).toBe(false);
  });

  it('removes a line when its quantity is set to zero or less', () => {
    const cart = createCartStore({ storage: null });
    cart.getState().add(book('a', 10));
    cart.getState().add(book('b', 10));
    cart.getState().setQuantity('a', 5);
    expect(cart.getState().quantityOf('a')).toBe(5);
    cart.getState().setQuantity('a', 0);
    cart.getState().setQuantity('b', -2);
    expect(cart.getState().lines).toEqual([]);
  });

  it('stops a line at MAX_LINE_QUANTITY copies, as the payment request does', () => {
    const cart = createCartStore({ storage: null });
    cart.getState().setQuantity('a', 5);
    cart.getState().add(book('a', 10));
    cart.getState().setQuantity('a', MAX_LINE_QUANTITY + 20);
    expect(cart.getState().quantityOf('a')).toBe(MAX_LINE_QUANTITY);
    cart.getState().add(book('a', 10));
    expect(cart.getState().quantityOf('a')).toBe(MAX_LINE_QUANTITY);
    // A cart saved before the cap keeps the book at the most an order takes.
    expect(parseStoredCart('[{"book":{"_id":"a","price":3},"quantity":121}]')).toEqual([
      { book: { _id: 'a', price: 3 }, quantity: MAX_LINE_QUANTITY },
    ]);
  });

  it('removes one book and clears everything', () => {
    const cart = createCartStore({ storage: null });
    cart.getState().add(book('a', 10));
    cart.getState().add(book('b', 10));
    cart.getState().remove('a');
    expect(cart.getState().lines.map((l) => l.book._id)).toEqual(['b']);
    cart.getState().clear();
    expect(cart.getState().lines).toEqual([]);
  });

  it('counts copies, totals in exact agorot and takes a 10% donation rounded to the agora', () => {
    const cart = createCartStore({ storage: null });
    cart.getState().add(book('a', 0.1));
    cart.getState().add(book('b', 0.2));
    expect(selectTotal(cart.getState())).toBe(0.3);
    cart.getState().clear();
    cart.getState().add(book('a', 49.9));
    cart.getState().add(book('a', 49.9));
    cart.getState().add(book('b', 35.55));
    expect(selectCount(cart.getState())).toBe(3);
    expect(selectTotal(cart.getState())).toBe(135.35);
    // 13.535 → 13.54
    expect(selectDonation(cart.getState())).toBe(13.54);
  });

  it('saves every change under "cart" as a list of lines and restores it', () => {
    const storage = new MemoryStorage();
    const cart = createCartStore({ storage });
    cart.getState().add(book('a', 42));
    cart.getState().add(book('a', 42));
    expect(JSON.parse(storage.getItem('cart') ?? 'null')).toEqual([
      { book: { _id: 'a', title: 'ספר a', price: 42 }, quantity: 2 },
    ]);
    const restored = createCartStore({ storage });
    expect(restored.getState().quantityOf('a')).toBe(2);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"book":{}}'],
    ['a line without a book id', '[{"book":{"price":3},"quantity":1}]'],
    ['a zero quantity', '[{"book":{"_id":"a","price":3},"quantity":0}]'],
    ['a price that is text', '[{"book":{"_id":"a","price":"3"},"quantity":1}]'],
    ['a price too large to count in agorot', '[{"book":{"_id":"a","price":1e20},"quantity":1}]'],
  ])('discards a corrupt stored cart (%s)', (_label, raw) => {
    const storage = new MemoryStorage();
    storage.setItem('cart', raw);
    const cart = createCartStore({ storage });
    expect(cart.getState().lines).toEqual([]);
    expect(storage.getItem('cart')).toBeNull();
    expect(parseStoredCart(raw)).toBeNull();
  });

  it('starts empty when nothing is stored', () => {
    expect(createCartStore({ storage: new MemoryStorage() }).getState().lines).toEqual([]);
  });
});
