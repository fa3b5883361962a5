import { useEffect, useRef } from 'react';
import { useLocation } from '@mechabrim/routing';

/**
 * Spec §2: every path change scrolls smoothly to the top. Not the first path: the page may have
 * been scrolled already while the app started (a landing page arrives drawn by the server).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (first.current === pathname) return;
    first.current = '';
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
