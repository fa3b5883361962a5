import type { RemoteName } from './runtime-config';

/** A path of spec §2 and the remote that owns its screen. */
export interface RouteOwner {
  path: string;
  remote: RemoteName;
}

/**
 * The full route table of spec §2. The shell only decides which remote owns a path; each
 * remote's `./App` holds the `<Routes>` for its own paths (absolute paths, same patterns).
 */
export const routeTable: readonly RouteOwner[] = [
  // storefront: catalogue, authors, accounts, static and policy pages, wishlist
  { path: '/', remote: 'storefront' },
  { path: '/books', remote: 'storefront' },
  { path: '/authors', remote: 'storefront' },
  { path: '/author/:id', remote: 'storefront' },
  { path: '/book/:id', remote: 'storefront' },
  { path: '/category/:category', remote: 'storefront' },
  { path: '/about', remote: 'storefront' },
  { path: '/contact', remote: 'storefront' },
  { path: '/login', remote: 'storefront' },
  { path: '/register', remote: 'storefront' },
  { path: '/profile', remote: 'storefront' },
  { path: '/wishlist', remote: 'storefront' },
  { path: '/author-compensation', remote: 'storefront' },
  { path: '/how-to-upload', remote: 'storefront' },
  { path: '/how-it-works', remote: 'storefront' },
  { path: '/shipping-policy', remote: 'storefront' },
  { path: '/community-donation', remote: 'storefront' },
  { path: '/terms', remote: 'storefront' },
  { path: '/authors-terms', remote: 'storefront' },
  // checkout: cart, checkout, payment results, orders
  { path: '/cart', remote: 'checkout' },
  { path: '/checkout', remote: 'checkout' },
  { path: '/payment/success', remote: 'checkout' },
  { path: '/payment/failed', remote: 'checkout' },
  { path: '/payment/iframe/success', remote: 'checkout' },
  { path: '/payment/iframe/failed', remote: 'checkout' },
  { path: '/orders', remote: 'checkout' },
  // author portal: dashboard, upload, edit (the shell's header is hidden there)
  { path: '/author-dashboard/*', remote: 'authorPortal' },
  { path: '/book/upload', remote: 'authorPortal' },
  { path: '/book/edit/:id', remote: 'authorPortal' },
];

// Plain matching, without the router: main.ts uses it before the shared modules (the router
// among them) are ready, to start downloading the page's remote at once.
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const compiled = routeTable
  .map((route) => {
    const segments = route.path.split('/').filter(Boolean);
    const splat = segments.at(-1) === '*';
    const parts = (splat ? segments.slice(0, -1) : segments).map((s) =>
      s.startsWith(':') ? '[^/]+' : escape(s),
    );
    const pattern = new RegExp(`^/${parts.join('/')}${splat ? '(?:/.*)?' : ''}/?$`);
    // As the router ranks them: more static segments first, a dynamic one before a splat.
    const score = segments.reduce(
      (sum, s) => sum + (s === '*' ? 0 : s.startsWith(':') ? 3 : 10),
      0,
    );
    return { ...route, pattern, score };
  })
  .sort((a, b) => b.score - a.score);

/** The remote that owns a path, or null (not found). Static segments win: /book/upload is the portal's. */
export function ownerOf(pathname: string): RemoteName | null {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // keep it encoded
  }
  return (
    compiled.find((route) => route.pattern.test(path) || route.pattern.test(pathname))?.remote ??
    null
  );
}

/** Spec §2: the header is hidden on any path containing author-dashboard, book/upload or book/edit. */
export function hidesHeader(pathname: string): boolean {
  return /author-dashboard|book\/upload|book\/edit/.test(pathname);
}
