import type { ReactNode } from 'react';
import { useLocation } from '@mechabrim/routing';
import { SessionEndedRedirect } from '@mechabrim/session';
import { useTitleFromHeading } from '@mechabrim/ui';
import { Footer } from '../features/footer';
import { Header } from '../features/header';
import { strings } from '../strings.he';
import { AppRoutes } from './app-routes';
import { hidesHeader, isPaymentFramePage } from './route-table';
import { ScrollToTop } from './scroll-to-top';
import './shell.css';

/**
 * Header, `children` as the main area, footer. The page frame the server sends with a landing
 * page (server/frame.tsx) is this component too, so the markup the browser takes over is the
 * markup it would have drawn.
 */
export function AppFrame({ children, footer = true }: { children: ReactNode; footer?: boolean }) {
  const { pathname } = useLocation();
  const framed = isPaymentFramePage(pathname);
  useTitleFromHeading(strings.titles, pathname);
  return (
    <div className="shell">
      <a className="shell-skip-link" href="#main">
        {strings.skipToContent}
      </a>
      <ScrollToTop />
      {hidesHeader(pathname) || framed ? null : <Header />}
      <main id="main" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      {footer && !framed ? <Footer /> : null}
    </div>
  );
}

/** The app's frame around the routes. */
export function Layout() {
  return (
    <AppFrame>
      <SessionEndedRedirect />
      <AppRoutes />
    </AppFrame>
  );
}
