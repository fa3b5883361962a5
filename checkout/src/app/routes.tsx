import type { RouteObject } from '@mechabrim/routing';
import { strings } from '../strings.he';
import { CartPage } from '../features/cart';
import { ComingSoon, NotFound } from './coming-soon';

/** The checkout's screens (spec §2), absolute paths; build them in `src/features/<feature>`. */
export const checkoutRoutes: RouteObject[] = [
  { path: '/cart', element: <CartPage /> },
  { path: '/checkout', element: <ComingSoon title={strings.screens.checkout} /> },
  { path: '/payment/success', element: <ComingSoon title={strings.screens.paymentSuccess} /> },
  { path: '/payment/failed', element: <ComingSoon title={strings.screens.paymentFailed} /> },
  {
    path: '/payment/iframe/success',
    element: <ComingSoon title={strings.screens.paymentSuccess} />,
  },
  { path: '/payment/iframe/failed', element: <ComingSoon title={strings.screens.paymentFailed} /> },
  { path: '/orders', element: <ComingSoon title={strings.screens.orders} /> },
  { path: '*', element: <NotFound /> },
];
