import { useEffect } from 'react';
import { useLocation } from '@mechabrim/routing';

/** Spec §2: every path change scrolls smoothly to the top. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
