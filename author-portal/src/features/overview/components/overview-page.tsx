import { formatPrice, toShekels } from '@mechabrim/money';
import { useState } from 'react';
import type { AuthorStats, Book } from '@mechabrim/contracts';
import { Link } from '@mechabrim/routing';
import { useSession } from '@mechabrim/session';
import { BookCover, ErrorState, Price, SkeletonBlock } from '@mechabrim/ui';
import { useAuthorBooks } from '../../../shared/author-books';
import { reasonWithStatus } from '../../../shared/errors';
import { StatCard } from '../../../shared/stat-card';
import { strings } from '../../../strings.he';
import { bookSales, isAllZero, statsFromBooks, useAuthorStats } from '../api/get-author-stats';
import './overview.css';

const s = strings.overview;

/** Four placeholder cards while the figures load, announced once as loading. */
function OverviewCardsLoading() {
  return (
    <div role="status" aria-label={strings.loading}>
      <ul className="ap-cards" aria-hidden="true">
        {[0, 1, 2, 3].map((n) => (
          <li key={n} className="ap-card">
            <SkeletonBlock style={{ display: 'block', blockSize: '4rem' }} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function OverviewCards({ figures }: { figures: AuthorStats }) {
  return (
    <ul className="ap-cards" aria-label={strings.screens.overview}>
      <StatCard label={s.cards.books} value={figures.totalBooks} />
      <StatCard label={s.cards.sales} value={figures.totalSales} />
      <StatCard label={s.cards.totalRevenue} value={<Price value={figures.totalRevenue} />} />
      <StatCard
        label={s.cards.pendingRevenue}
        value={<Price value={figures.pendingRevenue} />}
        note={
          figures.expectedRevenue > 0
            ? s.expectedNote(formatPrice(figures.expectedRevenue))
            : undefined
        }
      />
    </ul>
  );
}

/** The first three books with their sales, or an invitation to upload the first one. */
function RecentActivity({ list }: { list: readonly Book[] }) {
  if (list.length === 0) {
    return (
      <p>
        {s.noActivity} <Link to="/book/upload">{strings.frame.upload}</Link>
      </p>
    );
  }
  return (
    <ul className="ap-activity">
      {list.slice(0, 3).map((book) => (
        <li key={book._id} className="ap-card ap-activity__item" data-testid="activity">
          <BookCover
            src={book.coverImage}
            title={book.title}
            width={48}
            className="ap-cover ap-cover--sm"
          />
          <div>
            <p className="ap-activity__title">{book.title}</p>
            <p className="ap-activity__line">
              {s.activityLine(book.salesCount)} · <Price value={toShekels(bookSales(book))} />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * `/author-dashboard`: welcome, the four cards and the first three books' activity (spec §2).
 * When the stats fail: the error screen with retry, or the books alone; when the stats are all
 * zero though there are books, the figures come from the books.
 */
export function OverviewPage() {
  const name = useSession((state) => state.user?.name ?? '');
  const [booksOnly, setBooksOnly] = useState(false);
  const stats = useAuthorStats(!booksOnly);
  const books = useAuthorBooks();

  if (!booksOnly && stats.isError) {
    return (
      <ErrorState
        titleAs="h1"
        title={s.errorTitle}
        message={s.errorReason(reasonWithStatus(stats.error, s.errorTitle))}
        onRetry={() => void Promise.all([stats.refetch(), books.refetch()])}
        retryLabel={s.retry}
      >
        <button
          type="button"
          className="mb-button"
          data-variant="secondary"
          onClick={() => setBooksOnly(true)}
        >
          {s.booksOnly}
        </button>
      </ErrorState>
    );
  }

  const loading = (!booksOnly && stats.isPending) || books.isPending;
  const list = books.data ?? [];
  const fromBooks =
    booksOnly || (stats.data !== undefined && isAllZero(stats.data) && list.length > 0);
  const figures = fromBooks ? statsFromBooks(list) : stats.data;

  return (
    <section aria-labelledby="ap-overview-title">
      <h1 id="ap-overview-title" className="ap-title">
        {s.welcome(name)}
      </h1>
      <p>{s.intro}</p>
      {loading || !figures ? (
        <OverviewCardsLoading />
      ) : (
        <>
          {fromBooks && <p className="ap-banner">{s.fallbackNote}</p>}
          <OverviewCards figures={figures} />
          <h2 className="ap-section-title">{s.activity}</h2>
          <RecentActivity list={list} />
        </>
      )}
    </section>
  );
}
