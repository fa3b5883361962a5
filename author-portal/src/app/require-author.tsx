import { useSession } from '@mechabrim/session';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@mechabrim/routing';
import { strings } from '../strings.he';

/**
 * Spec §6: dashboard pages, upload and edit need a signed-in author; anyone else is sent away
 * (dashboard and upload to /, edit to /login). Waits while the session is still loading.
 */
export function RequireAuthor({
  children,
  redirectTo = '/',
  needs = 'author',
}: {
  children: ReactNode;
  redirectTo?: string;
  /** The role the page needs: authors for the dashboard, admins for moderation. */
  needs?: 'author' | 'admin';
}) {
  const user = useSession((s) => s.user);
  const loading = useSession((s) => s.loading);
  const location = useLocation();
  if (loading) {
    return (
      <p className="mb-container" role="status" style={{ paddingBlock: 'var(--mb-space-12)' }}>
        {strings.loading}
      </p>
    );
  }
  if (!user || user.role !== needs) {
    return <Navigate to={redirectTo} replace state={{ from: location.pathname }} />;
  }
  return children;
}
