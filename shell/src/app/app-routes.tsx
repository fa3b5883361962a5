import { useLocation } from '@mechabrim/routing';
import { NotFoundPage } from '@mechabrim/ui';
import { RemoteArea } from './remote-area';
import { ownerOf } from './route-table';

/**
 * Picks the remote that owns the current path and mounts it. The remote's own `<Routes>` then
 * matches the full path, so remotes declare absolute paths and never know about the shell.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const remote = ownerOf(pathname);
  if (!remote) return <NotFoundPage />;
  return <RemoteArea key={remote} remote={remote} />;
}
