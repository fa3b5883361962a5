// The route table lives in @mechabrim/routing (route-owner.ts, imported by file so this module,
// which early-start.ts bundles, stays free of the router).
export { ownerOf, routeTable, type RouteOwner } from '@mechabrim/routing/src/route-owner';

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
