import { useId } from 'react';
import { Link } from '@mechabrim/routing';
import { uiStrings } from '../../strings.he';
import '../error-boundary/error-boundary.css';

export interface NotFoundPageProps {
  /** Where 'לדף הבית' leads: the app's own home ('/' unless it has another). */
  home?: string;
}

/** A path that matches no screen: the shell's and every remote's catch-all route. */
export function NotFoundPage({ home = '/' }: NotFoundPageProps) {
  const s = uiStrings.notFound;
  const titleId = useId();
  return (
    <section className="mb-fallback" aria-labelledby={titleId}>
      <h1 id={titleId}>{s.title}</h1>
      <p>{s.body}</p>
      <Link className="mb-button" to={home}>
        {s.home}
      </Link>
    </section>
  );
}
