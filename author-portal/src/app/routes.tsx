import type { ReactElement } from 'react';
import { authorPortalPaths, type RouteObject, type AuthorPortalPath } from '@mechabrim/routing';
import { strings } from '../strings.he';
import { ComingSoon, NotFound } from './coming-soon';
import { RequireAuthor } from './require-author';

const guarded = (title: string, redirectTo?: string) => (
  <RequireAuthor redirectTo={redirectTo}>
    <ComingSoon title={title} />
  </RequireAuthor>
);

/** One screen per path the shell sends here (the paths are declared once, in @mechabrim/routing). */
const screens: Record<AuthorPortalPath, ReactElement> = {
  '/author-dashboard': guarded(strings.screens.overview),
  '/author-dashboard/books': guarded(strings.screens.books),
  '/author-dashboard/orders': guarded(strings.screens.orders),
  '/author-dashboard/earnings': guarded(strings.screens.earnings),
  '/author-dashboard/profile': guarded(strings.screens.profile),
  '/book/upload': guarded(strings.screens.upload),
  '/book/edit/:id': guarded(strings.screens.edit, '/login'),
};

/**
 * The author portal's screens (spec §2), absolute paths — the same under the shell and on the
 * portal's own origin. Build them in `src/features/<feature>` and replace the elements here.
 */
export const authorPortalRoutes: RouteObject[] = [
  ...authorPortalPaths.map((path) => ({ path, element: screens[path] })),
  { path: '*', element: <NotFound /> },
];
