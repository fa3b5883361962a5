import { Link, useLocation } from '@mechabrim/routing';
import { strings } from '../strings.he';
import { RemoteArea } from './remote-area';
import { ownerOf } from './route-table';

function NotFound() {
  return (
    <section className="mb-fallback" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{strings.notFound.title}</h1>
      <p>{strings.notFound.body}</p>
      <Link className="mb-button" to="/">
        {strings.notFound.home}
      </Link>
    </section>
  );
}

/**
 * Picks the remote that owns the current path and mounts it. The remote's own `<Routes>` then
 * matches the full path, so remotes declare absolute paths and never know about the shell.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const remote = ownerOf(pathname);
  if (!remote) return <NotFound />;
  return <RemoteArea key={remote} remote={remote} />;
}
