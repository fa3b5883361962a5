import { hidesHeader, isPaymentFramePage, ownerOf, routeTable } from './route-table';

describe('route table', () => {
  it.each([
    ['/', 'storefront'],
    ['/books', 'storefront'],
    ['/book/65f0c0ffee', 'storefront'],
    ['/author/a1', 'storefront'],
    ['/category/%D7%A8%D7%95%D7%9E%D7%9F', 'storefront'],
    ['/terms', 'storefront'],
    ['/wishlist', 'storefront'],
    ['/cart', 'checkout'],
    ['/payment/iframe/failed', 'checkout'],
    ['/orders', 'checkout'],
    ['/author-dashboard', 'authorPortal'],
    ['/author-dashboard/earnings', 'authorPortal'],
    ['/book/upload', 'authorPortal'],
    ['/book/edit/65f0c0ffee', 'authorPortal'],
  ])('sends %s to %s', (path, remote) => {
    expect(ownerOf(path)).toBe(remote);
  });

  it('ignores a trailing slash and reads encoded paths', () => {
    expect(ownerOf('/cart/')).toBe('checkout');
    expect(ownerOf('/category/רומן')).toBe('storefront');
  });

  it('owns no unknown path', () => {
    expect(ownerOf('/no-such-page')).toBeNull();
    expect(ownerOf('/book')).toBeNull();
    expect(ownerOf('/book/1/2')).toBeNull();
    expect(ownerOf('/carts')).toBeNull();
  });

  it('covers every path of spec §2', () => {
    const paths = routeTable.map((route) => route.path);
    for (const path of [
      '/',
      '/books',
      '/authors',
      '/author/:id',
      '/book/:id',
      '/category/:category',
      '/about',
      '/contact',
      '/login',
      '/register',
      '/profile',
      '/wishlist',
      '/cart',
      '/checkout',
      '/payment/success',
      '/payment/failed',
      '/payment/iframe/success',
      '/payment/iframe/failed',
      '/orders',
      '/author-compensation',
      '/how-to-upload',
      '/how-it-works',
      '/shipping-policy',
      '/community-donation',
      '/terms',
      '/authors-terms',
      '/author-dashboard/*',
      '/book/upload',
      '/book/edit/:id',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('hides the header only on the author portal paths', () => {
    expect(hidesHeader('/author-dashboard/books')).toBe(true);
    expect(hidesHeader('/book/upload')).toBe(true);
    expect(hidesHeader('/book/edit/1')).toBe(true);
    expect(hidesHeader('/book/1')).toBe(false);
    expect(hidesHeader('/authors')).toBe(false);
  });

  it('draws the payment frame views bare, and only those', () => {
    expect(isPaymentFramePage('/payment/iframe/success')).toBe(true);
    expect(isPaymentFramePage('/payment/iframe/failed')).toBe(true);
    expect(isPaymentFramePage('/payment/success')).toBe(false);
    expect(isPaymentFramePage('/checkout')).toBe(false);
  });
});
