import { QueryClient, QueryClientProvider } from '@mechabrim/query';
import {
  onAccountChange,
  SessionEndedRedirect,
  sessionStore,
  useSession,
} from '@mechabrim/session';
import { ErrorBoundary, useTitleFromHeading } from '@mechabrim/ui';
import { useEffect, useState } from 'react';
import { BrowserRouter, Link, Navigate, Route, Routes, useLocation } from '@mechabrim/routing';
import { strings } from '../strings.he';
import { homeOf } from './home-of';
import { PortalRemote } from './portal-remote';
import { SignInPage } from './sign-in-page';
import './host.css';

/**
 * `/` of the authors' subdomain: the dashboard for a signed-in author, moderation for an admin,
 * else the sign-in page.
 */
function Home() {
  const user = useSession((s) => s.user);
  const loading = useSession((s) => s.loading);
  if (loading) {
    return (
      <p className="mb-container" role="status">
        {strings.loading}
      </p>
    );
  }
  return <Navigate to={homeOf(user?.role) ?? '/login'} replace />;
}

function PortalBar() {
  const user = useSession((s) => s.user);
  return (
    <header className="portal-bar">
      <div className="portal-bar__inner mb-container">
        <Link to="/" className="portal-bar__brand">
          {strings.portalName}
        </Link>
        {user ? (
          <div className="portal-bar__user">
            <span className="portal-bar__name" data-testid="portal-user">
              <span className="mb-visually-hidden">{strings.signIn.signedInAs} </span>
              {user.name}
            </span>
            <button
              type="button"
              className="mb-button"
              data-variant="secondary"
              onClick={() => void sessionStore.getState().logout()}
            >
              {strings.signIn.logout}
            </button>
          </div>
        ) : null}
      </div>
    </header>
  );
}

/** The document's title follows the screen's heading, as in the store. */
function PageTitle() {
  useTitleFromHeading(strings.titles, useLocation().pathname);
  return null;
}

/**
 * The standalone portal: its own frame and sign-in; the screens come from the portal remote.
 * `storeUrl` is the store's address (the runtime config's), for 'back to the site'.
 */
export function HostApp({ storeUrl }: { storeUrl: string }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  // One author's screens are never shown to the next who signs in here.
  useEffect(() => onAccountChange(() => void queryClient.resetQueries()), [queryClient]);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <PageTitle />
          <SessionEndedRedirect />
          <PortalBar />
          <main id="main" className="portal-main">
            <Routes>
              <Route path="/" element={<Home />} />
              <Route path="/login" element={<SignInPage storeUrl={storeUrl} />} />
              <Route path="*" element={<PortalRemote siteUrl={storeUrl} />} />
            </Routes>
          </main>
        </BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
