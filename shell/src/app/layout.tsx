import { useLocation } from '@mechabrim/routing';
import { Footer } from '../features/footer';
import { Header } from '../features/header';
import { strings } from '../strings.he';
import { AppRoutes } from './app-routes';
import { hidesHeader } from './route-table';
import { ScrollToTop } from './scroll-to-top';
import './shell.css';

/** Header, main area (the routes) and footer. */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className="shell">
      <a className="shell-skip-link" href="#main">
        {strings.skipToContent}
      </a>
      <ScrollToTop />
      {hidesHeader(pathname) ? null : <Header />}
      <main id="main" className="shell-main" tabIndex={-1}>
        <AppRoutes />
      </main>
      <Footer />
    </div>
  );
}
