import { Link } from '@mechabrim/routing';
import { strings } from '../strings.he';

/** A path inside the checkout's area that matches none of its screens. */
export function NotFound() {
  return (
    <section className="mb-container" style={{ paddingBlock: 'var(--mb-space-12)' }}>
      <h1>{strings.notFound.title}</h1>
      <p>{strings.notFound.body}</p>
      <Link className="mb-button" to="/">
        {strings.notFound.home}
      </Link>
    </section>
  );
}
