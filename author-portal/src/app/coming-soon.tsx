import { Link } from '@mechabrim/routing';
import { strings } from '../strings.he';

/** An honest placeholder for a screen a later issue builds. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mb-container" style={{ paddingBlock: 'var(--mb-space-12)' }}>
      <h1>{title}</h1>
      <p>
        <strong>{strings.comingSoon.badge}</strong> — {strings.comingSoon.body}
      </p>
      <Link className="mb-button" data-variant="secondary" to="/">
        {strings.comingSoon.home}
      </Link>
    </section>
  );
}
