import { useRoutes } from '@mechabrim/routing';
import { SiteUrlProvider } from '../shared/site-link';
import { authorPortalRoutes } from './routes';

export interface AuthorPortalAppProps {
  /** The store's address, when the portal runs standalone on its own origin (not in the shell). */
  siteUrl?: string;
}

/**
 * The author portal's `./App`: its routes. Mounted by the shell under /author-dashboard/*,
 * /book/upload and /book/edit/:id, and by the portal's own standalone page (src/host).
 */
export default function AuthorPortalApp({ siteUrl }: AuthorPortalAppProps) {
  const routes = useRoutes(authorPortalRoutes);
  return <SiteUrlProvider url={siteUrl}>{routes}</SiteUrlProvider>;
}
