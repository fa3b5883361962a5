import type { ReactElement } from 'react';
import { checkoutPaths, type RouteObject, type CheckoutPath } from '@mechabrim/routing';
import { CartPage } from '../features/cart';
import { CheckoutPage } from '../features/checkout';
import { OrdersPage } from '../features/orders';
import {
  FrameFailure,
  FrameSuccess,
  PaymentFailedPage,
  PaymentSuccessPage,
} from '../features/payment-result';
import { NotFound } from './not-found';

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

/** The checkout's screens (spec §2), absolute paths; build them in `src/features/<feature>`. */
export const checkoutRoutes: RouteObject[] = [
  ...checkoutPaths.map((path) => ({ path, element: screens[path] })),
  { path: '*', element: <NotFound /> },
];
