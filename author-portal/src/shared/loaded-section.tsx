import type { ReactNode } from 'react';
import type { UseQueryResult } from '@mechabrim/query';
import { ErrorState } from '@mechabrim/ui';
import { strings } from '../strings.he';

/**
 * A section of a page that shows one query's answer: its heading always, then the error with a
 * retry, the loading notice, or what `children` makes of the answer.
 */
export function LoadedSection<T>({
  query,
  titleId,
  title,
  level = 'h2',
  loadError,
  retryLabel,
  className,
  children,
}: {
  query: UseQueryResult<T>;
  /** The heading's id, which names the section. */
  titleId: string;
  title: string;
  /** The page's own heading (h1) or a section's within a page (h2). */
  level?: 'h1' | 'h2';
  loadError: string;
  retryLabel: string;
  /** The class of the section once the answer is there. */
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const Heading = level;
  const heading = (
    <Heading id={titleId} className="ap-title">
      {title}
    </Heading>
  );
  if (query.isError) {
    return (
      <section aria-labelledby={titleId}>
        {heading}
        <ErrorState
          message={loadError}
          onRetry={() => void query.refetch()}
          retryLabel={retryLabel}
        />
      </section>
    );
  }
  if (query.isPending) {
    return (
      <section aria-labelledby={titleId}>
        {heading}
        <p role="status">{strings.loading}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby={titleId} className={className}>
      {heading}
      {children(query.data)}
    </section>
  );
}
