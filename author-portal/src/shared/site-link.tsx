import { createContext, useContext, type ReactNode } from 'react';
import { Link } from '@mechabrim/routing';
import { leaveSignedIn } from '@mechabrim/session';

/**
 * Where 'back to the site' leads. Mounted in the shell the portal shares the store's origin and
 * router, so it is the route `/`; the standalone portal (the authors' subdomain) is given the
 * store's address from its runtime config (`storeUrl`) and leaves for that origin.
 */
const SiteUrlContext = createContext<string | undefined>(undefined);

export function SiteUrlProvider({ url, children }: { url?: string; children: ReactNode }) {
  return <SiteUrlContext.Provider value={url}>{children}</SiteUrlContext.Provider>;
}

/** A link to the store's home: a route in the shell, the store's own origin when standalone. */
export function SiteLink({ className, children }: { className?: string; children: ReactNode }) {
  const url = useContext(SiteUrlContext);
  if (url) {
    return (
      <a
        className={className}
        data-variant="secondary"
        href={url}
        // Leaves for the store's origin signed in as here (a single-use hand-over code).
        onClick={(event) => void leaveSignedIn(event, url)}
      >
        {children}
      </a>
    );
  }
  return (
    <Link className={className} data-variant="secondary" to="/">
      {children}
    </Link>
  );
}
