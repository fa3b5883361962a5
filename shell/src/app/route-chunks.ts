// Used by index.html's inline start-up script (src/early-start.ts), so it imports nothing.

/**
 * A remote's lazily loaded route chunk is named after the first path segments of the screens it
 * holds, `route-<segment>~<segment>…` (e.g. checkout's `route-checkout~orders~payment.5ae810a1.js`,
 * see checkout/src/app/routes.tsx), and holds everything those screens need beyond the remote's
 * `./App`. The start-up script preloads it on those paths only.
 */
const ROUTE_CHUNK = /(?:^|\/)route-([^/.]+)(?:\.[^/]*)?\.js$/;

/** Whether `file` (a chunk's file name or URL) is the route chunk of `pathname`'s screen. */
export function isRouteChunkOf(file: string, pathname: string): boolean {
  const segments = ROUTE_CHUNK.exec(file)?.[1]?.split('~');
  const first = pathname.split('/').find((part) => part !== '');
  return first !== undefined && segments !== undefined && segments.includes(first);
}
