import {
  AUTHOR_PORTAL_AREA,
  authorPortalPaths,
  checkoutPaths,
  storefrontPaths,
} from '@mechabrim/routing/src/route-paths';
import type { RemoteName } from './runtime-config';

/** A path of spec §2 and the remote that owns its screen. */
export interface RouteOwner {
  path: string;
  remote: RemoteName;
}

/** `/author-dashboard`: the portal's area, without the splat. */
const portalArea = AUTHOR_PORTAL_AREA.slice(0, -'/*'.length);

/**
 * The full route table of spec §2, from the paths each remote declares (in @mechabrim/routing,
 * imported by file so this module, which early-start.ts bundles, stays free of the router). The
 * shell only decides which remote owns a path; each remote's `./App` holds the `<Routes>` for
 * its own paths (absolute paths, same patterns).
 */
export const routeTable: readonly RouteOwner[] = [
  ...storefrontPaths.map((path) => ({ path, remote: 'storefront' as const })),
  ...checkoutPaths.map((path) => ({ path, remote: 'checkout' as const })),
  // Everything under the dashboard is the portal's, known screen or not (it draws its own 404).
  { path: AUTHOR_PORTAL_AREA, remote: 'authorPortal' },
  ...authorPortalPaths
    .filter((path) => path !== portalArea && !path.startsWith(`${portalArea}/`))
    .map((path) => ({ path, remote: 'authorPortal' as const })),
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

/**
 * The payment result views shown inside the checkout's payment frame (spec §2): the frame is
 * small and sits inside the store's own page, so they come without header and footer.
 */
export function isPaymentFramePage(pathname: string): boolean {
  return pathname.startsWith('/payment/iframe/');
}

/** Spec §2: the header is hidden on any path containing author-dashboard, book/upload or book/edit. */
export function hidesHeader(pathname: string): boolean {
  return /author-dashboard|book\/upload|book\/edit/.test(pathname);
}
