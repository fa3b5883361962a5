import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@mechabrim/routing';
import { useSession } from '@mechabrim/session';
import { Spinner } from '@mechabrim/ui';

/** Where to go after signing in: the page that sent the visitor here, else home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/**
 * The frame of `/login` and `/register`. Already signed in (another tab, a bookmark, the back
 * button): sent on to where they were going. A stored session still being checked: waited for,
 * rather than showing a form to a signed-in visitor. Neither while the form itself is sending.
 */
export function GuestPage({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  const location = useLocation();
  const signedIn = useSession((st) => st.user !== null);
  const sessionLoading = useSession((st) => st.loading);
  if (signedIn && !submitting) return <Navigate to={returnPath(location.state)} replace />;
  return (
    <div className="sf-page auth-page">
      {sessionLoading && !submitting ? <Spinner /> : children}
    </div>
  );
}
