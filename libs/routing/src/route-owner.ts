// Which front end owns a page path, by plain matching without the router: the shell's early-start
// script uses it before the shared modules (the router among them) are ready, and the edge uses it
// to answer a path no front end owns with 404.
//
// Plain code importing only route-paths.ts: the shell's early-start script (inlined into
// index.html) imports this file directly, as `@mechabrim/routing/src/route-owner`.
import {
  AUTHOR_PORTAL_AREA,
  authorPortalPaths,
  checkoutPaths,
  storefrontPaths,
} from './route-paths';

/** The front ends that own pages (the shell's runtime config names their origins). */
export type PageOwner = 'storefront' | 'checkout' | 'authorPortal';

/** A path of spec §2 and the remote that owns its screen. */
export interface RouteOwner {
  path: string;
  remote: PageOwner;
}

/** `/author-dashboard`: the portal's area, without the splat. */
const portalArea = AUTHOR_PORTAL_AREA.slice(0, -'/*'.length);

/**
 * The full route table of spec §2, from the paths each remote declares. The shell only decides
 * which remote owns a path; each remote's `./App` holds the `<Routes>` for its own paths
 * (absolute paths, same patterns).
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
export function ownerOf(pathname: string): PageOwner | null {
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
