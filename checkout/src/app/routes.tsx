import type { ReactElement } from 'react';
import { checkoutPaths, type RouteObject, type CheckoutPath } from '@mechabrim/routing';
import { strings } from '../strings.he';
import { CartPage } from '../features/cart';
import { CheckoutPage } from '../features/checkout';
import { ComingSoon, NotFound } from './coming-soon';

/** One screen per path the shell sends here (the paths are declared once, in @mechabrim/routing). */
const screens: Record<CheckoutPath, ReactElement> = {
  '/cart': <CartPage />,
  '/checkout': <CheckoutPage />,
  '/payment/success': <ComingSoon title={strings.screens.paymentSuccess} />,
  '/payment/failed': <ComingSoon title={strings.screens.paymentFailed} />,
  '/payment/iframe/success': <ComingSoon title={strings.screens.paymentSuccess} />,
  '/payment/iframe/failed': <ComingSoon title={strings.screens.paymentFailed} />,
  '/orders': <ComingSoon title={strings.screens.orders} />,
};

/** The checkout's screens (spec §2), absolute paths; build them in `src/features/<feature>`. */
export const checkoutRoutes: RouteObject[] = [
  ...checkoutPaths.map((path) => ({ path, element: screens[path] })),
  { path: '*', element: <NotFound /> },
];
