// The one declaration of which paths each remote owns (spec §2). Each remote builds its
// `<Routes>` from its own list (a screen per path, checked by the compiler), and the shell's
// route table and its early-start script decide the owner of a page from the same lists.
//
// Plain data with no imports: the shell's early-start script (inlined into index.html) imports
// this file directly, as `@mechabrim/routing/src/route-paths`, and must stay small.

/** The storefront: catalogue, authors, accounts, static and policy pages, wishlist. */
export const storefrontPaths = [
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
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/verify-email',
  '/unsubscribe',
  '/profile',
  '/wishlist',
  '/author-compensation',
  '/how-to-upload',
  '/how-it-works',
  '/shipping-policy',
  '/community-donation',
  '/terms',
  '/authors-terms',
] as const;

/** The checkout: cart, checkout, payment results, orders. */
export const checkoutPaths = [
  '/cart',
  '/checkout',
  '/payment/success',
  '/payment/failed',
  '/payment/iframe/success',
  '/payment/iframe/failed',
  '/orders',
] as const;

/**
 * The author portal: dashboard, upload, edit (the shell's header is hidden there). The shell
 * sends everything under `/author-dashboard/` to the portal, which answers an unknown screen
 * there with its own not-found page.
 */
export const authorPortalPaths = [
  '/author-dashboard',
  '/author-dashboard/books',
  '/author-dashboard/orders',
  '/author-dashboard/earnings',
  '/author-dashboard/profile',
  '/book/upload',
  '/book/edit/:id',
] as const;

/** The prefix under which every path belongs to the author portal. */
export const AUTHOR_PORTAL_AREA = '/author-dashboard/*';

export type StorefrontPath = (typeof storefrontPaths)[number];
export type CheckoutPath = (typeof checkoutPaths)[number];
export type AuthorPortalPath = (typeof authorPortalPaths)[number];
