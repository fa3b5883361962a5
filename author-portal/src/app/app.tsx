import { useRoutes } from '@mechabrim/routing';
import { authorPortalRoutes } from './routes';

/**
 * The author portal's `./App`: its routes. Mounted by the shell under /author-dashboard/*,
 * /book/upload and /book/edit/:id, and by the portal's own standalone page (src/host).
 */
export default function AuthorPortalApp() {
  return useRoutes(authorPortalRoutes);
}
