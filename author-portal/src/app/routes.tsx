import type { RouteObject } from '@mechabrim/routing';
import { strings } from '../strings.he';
import { ComingSoon, NotFound } from './coming-soon';
import { RequireAuthor } from './require-author';

const guarded = (title: string, redirectTo?: string) => (
  <RequireAuthor redirectTo={redirectTo}>
    <ComingSoon title={title} />
  </RequireAuthor>
);

/**
 * The author portal's screens (spec §2), absolute paths — the same under the shell and on the
 * portal's own origin. Build them in `src/features/<feature>` and replace the elements here.
 */
export const authorPortalRoutes: RouteObject[] = [
  { path: '/author-dashboard', element: guarded(strings.screens.overview) },
  { path: '/author-dashboard/books', element: guarded(strings.screens.books) },
  { path: '/author-dashboard/orders', element: guarded(strings.screens.orders) },
  { path: '/author-dashboard/earnings', element: guarded(strings.screens.earnings) },
  { path: '/author-dashboard/profile', element: guarded(strings.screens.profile) },
  { path: '/book/upload', element: guarded(strings.screens.upload) },
  { path: '/book/edit/:id', element: guarded(strings.screens.edit, '/login') },
  { path: '*', element: <NotFound /> },
];
