import { isRouteChunkOf } from './route-chunks';

describe('isRouteChunkOf', () => {
  const chunk = 'route-checkout~orders~payment.5ae810a1.js';

  it.each(['/checkout', '/orders', '/payment/success', '/payment/iframe/failed', '/orders/'])(
    'preloads the route chunk on %s',
    (pathname) => {
      expect(isRouteChunkOf(chunk, pathname)).toBe(true);
      expect(isRouteChunkOf(`http://localhost:4202/${chunk}`, pathname)).toBe(true);
    },
  );

  it.each(['/cart', '/', '/checkouts', '/pay'])('leaves it alone on %s', (pathname) => {
    expect(isRouteChunkOf(chunk, pathname)).toBe(false);
  });

  it('knows no other chunk as a route chunk', () => {
    expect(isRouteChunkOf('690.8142b91a.js', '/checkout')).toBe(false);
    expect(isRouteChunkOf('__federation_expose_App.0dfb34b9.js', '/checkout')).toBe(false);
    expect(isRouteChunkOf('my-route-checkout.1.js', '/checkout')).toBe(false);
  });

  it('reads segments with dashes and unhashed (development) names', () => {
    expect(isRouteChunkOf('route-author-dashboard~book.js', '/author-dashboard/books')).toBe(true);
    expect(isRouteChunkOf('route-author-dashboard~book.js', '/author')).toBe(false);
  });
});
