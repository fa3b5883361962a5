import { useRef } from 'react';
import { useLocation, useNavigate } from '@mechabrim/routing';
import { useSessionEnded } from '@mechabrim/session';

/**
 * When the API ends the session (signed out everywhere, an e-mail change elsewhere, expiry), the
 * reader is sent to sign in — where the session's notice says why — and comes back here after.
 */
export function SessionEndedRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  useSessionEnded(() => {
    if (location.pathname === '/login') return;
    void navigate('/login', { state: { from: here.current } });
  });
  return null;
}
