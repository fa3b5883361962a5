import { lazy, type ReactElement } from 'react';
import { checkoutPaths, type RouteObject, type CheckoutPath } from '@mechabrim/routing';
import { NotFoundPage } from '@mechabrim/ui';
import { CartPage } from '../features/cart';

// The cart is in the checkout's first chunk: it is where readers arrive, and it needs neither the
// checkout form nor the contracts' schemas (zod), which are most of this remote's code. The other
// screens share one chunk, loaded when first visited. Its name lists the first path segments it
// serves (`route-<segment>~<segment>…`): the shell's start-up script preloads it from the
// manifest on those paths, so /checkout does not wait for it after the app has started
// (shell/src/app/route-chunks.ts).
const laterScreens = () =>
  import(/* webpackChunkName: "route-checkout~orders~payment" */ './later-screens');
const CheckoutPage = lazy(() => laterScreens().then((m) => ({ default: m.CheckoutPage })));
const OrdersPage = lazy(() => laterScreens().then((m) => ({ default: m.OrdersPage })));
const PaymentSuccessPage = lazy(() =>
  laterScreens().then((m) => ({ default: m.PaymentSuccessPage })),
);
const PaymentFailedPage = lazy(() =>
  laterScreens().then((m) => ({ default: m.PaymentFailedPage })),
);
const FrameSuccess = lazy(() => laterScreens().then((m) => ({ default: m.FrameSuccess })));
const FrameFailure = lazy(() => laterScreens().then((m) => ({ default: m.FrameFailure })));

/** One screen per path the shell sends here (the paths are declared once, in @mechabrim/routing). */
const screens: Record<CheckoutPath, ReactElement> = {
  '/cart': <CartPage />,
  '/checkout': <CheckoutPage />,
  '/payment/success': <PaymentSuccessPage />,
  '/payment/failed': <PaymentFailedPage />,
  '/payment/iframe/success': <FrameSuccess />,
  '/payment/iframe/failed': <FrameFailure />,
  '/orders': <OrdersPage />,
};

/**
 * The checkout's screens (spec §2), absolute paths; build them in `src/features/<feature>`. The
 * shell's Suspense boundary covers the lazy ones.
 */
export const checkoutRoutes: RouteObject[] = [
  ...checkoutPaths.map((path) => ({ path, element: screens[path] })),
  { path: '*', element: <NotFoundPage /> },
];
