import type { ReactElement } from 'react';
import { authorPortalPaths, type RouteObject, type AuthorPortalPath } from '@mechabrim/routing';
import { NotFoundPage } from '@mechabrim/ui';
import { BooksPage } from '../features/books';
import { CommunityProjectsPage } from '../features/community-fund';
import { EarningsPage } from '../features/earnings';
import { EditBookPage } from '../features/edit-book';
import { OrdersPage } from '../features/orders';
import { ModerationPage } from '../features/moderation';
import { OverviewPage } from '../features/overview';
import { PayoutRunsPage } from '../features/payout-runs';
import { PayoutsPage, StatementPage } from '../features/payouts';
import { PayoutDetailsSection, ProfilePage } from '../features/profile';
import { RefundsPage } from '../features/refunds';
import { UploadBookPage } from '../features/upload-book';
import { PortalFrame } from './portal-frame';
import { RequireAuthor } from './require-author';

/** A dashboard section: signed-in authors only (others to /), inside the portal's frame. */
const section = (screen: ReactElement, redirectTo?: string) => (
  <RequireAuthor redirectTo={redirectTo}>
    <PortalFrame>{screen}</PortalFrame>
  </RequireAuthor>
);

/** One screen per path the shell sends here (the paths are declared once, in @mechabrim/routing). */
const screens: Record<AuthorPortalPath, ReactElement> = {
  '/author-dashboard': section(<OverviewPage />),
  '/author-dashboard/books': section(<BooksPage />),
  '/author-dashboard/orders': section(<OrdersPage />),
  '/author-dashboard/earnings': section(<EarningsPage />),
  '/author-dashboard/profile': section(<ProfilePage />),
  '/book/upload': section(<UploadBookPage />),
  '/book/edit/:id': section(<EditBookPage />, '/login'),
};

/**
 * The author portal's screens (spec §2), absolute paths — the same under the shell and on the
 * portal's own origin.
 */
export const authorPortalRoutes: RouteObject[] = [
  ...authorPortalPaths.map((path) => ({ path, element: screens[path] })),
  {
    // Beyond the spec (issue 12): admins approve books, edits and reviews here.
    path: '/author-dashboard/moderation',
    element: (
      <RequireAuthor needs="admin">
        <PortalFrame>
          <ModerationPage />
        </PortalFrame>
      </RequireAuthor>
    ),
  },
  {
    // Issue 23: admins manage the community fund's projects here.
    path: '/author-dashboard/community',
    element: (
      <RequireAuthor needs="admin">
        <PortalFrame>
          <CommunityProjectsPage />
        </PortalFrame>
      </RequireAuthor>
    ),
  },
  {
    // Issue 22: admins follow refunds (a failed one tried again) and receive or reject returns.
    path: '/author-dashboard/refunds',
    element: (
      <RequireAuthor needs="admin">
        <PortalFrame>
          <RefundsPage />
        </PortalFrame>
      </RequireAuthor>
    ),
  },
  // Issue 23: the author's payouts (the details form of the profile feature composed in), a
  // payout's statement, and the admins' runs.
  {
    path: '/author-dashboard/payouts',
    element: section(<PayoutsPage details={<PayoutDetailsSection />} />),
  },
  { path: '/author-dashboard/payouts/:id', element: section(<StatementPage />, '/login') },
  {
    path: '/author-dashboard/payout-runs',
    element: (
      <RequireAuthor needs="admin">
        <PortalFrame>
          <PayoutRunsPage />
        </PortalFrame>
      </RequireAuthor>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];
