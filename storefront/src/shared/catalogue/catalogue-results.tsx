import { useEffect, useRef, useState } from 'react';
import { Link } from '@mechabrim/routing';
import { BookGridSkeleton, EmptyState, ErrorState } from '@mechabrim/ui';
import { useBookPages } from '@mechabrim/api-client';
import { strings } from '../../strings.he';
import { BookGrid } from './book-grid';
import type { apiParams } from './catalogue-filters';

const s = strings.catalogue;

/** The catalogue's books for the current filters: count, grid, empty and error states, "more". */
type CatalogueResultsProps = {
  params: ReturnType<typeof apiParams>;
  filtered: boolean;
  countText: (total: number) => string;
  emptyText: string;
  onClear: () => void;
};

export function CatalogueResults({
  params,
  filtered,
  countText,
  emptyText,
  onClear,
}: CatalogueResultsProps) {
  const [pages, setPages] = useState(1);
  const books = useBookPages(params, pages);
  const all = books.data?.books ?? [];
  const total = books.data?.total ?? 0;
  const loadingMore = books.isFetching && books.isPlaceholderData;
  const remaining = total - all.length;
  const grid = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);

  // After 'load more', the keyboard continues at the first new book rather than at the button.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || loadingMore || all.length <= from) return;
    focusFrom.current = null;
    const item = grid.current?.querySelectorAll(':scope > ul > li')[from];
    item?.querySelector<HTMLElement>('a[href]:not([tabindex="-1"])')?.focus();
  }, [all.length, loadingMore]);

  const loadMore = () => {
    if (loadingMore) return;
    focusFrom.current = all.length;
    setPages((n) => n + 1);
  };

  return (
    <>
      <p className="sf-lead sf-catalogue__count" role="status" aria-live="polite">
        {books.isPending ? strings.common.loading : books.isError ? '' : countText(total)}
      </p>
      {books.isPending ? (
        <BookGridSkeleton />
      ) : books.isError ? (
        <ErrorState
          title={s.loadError}
          message={books.error.message}
          onRetry={() => void books.refetch()}
        />
      ) : all.length === 0 ? (
        <CatalogueEmpty filtered={filtered} emptyText={emptyText} onClear={onClear} />
      ) : (
        <div ref={grid}>
          {/* The grid sits right under the page's h1: its titles are h2. */}
          <BookGrid books={all} priorityCount={4} label={s.booksGrid} headingLevel={2} />
          {remaining > 0 && (
            <CatalogueLoadMore
              shown={all.length}
              total={total}
              loadingMore={loadingMore}
              onLoadMore={loadMore}
            />
          )}
        </div>
      )}
    </>
  );
}

type CatalogueEmptyProps = {
  filtered: boolean;
  emptyText: string;
  onClear: () => void;
};

/** No book: with filters, the way to clear them; without, the way home. */
function CatalogueEmpty({ filtered, emptyText, onClear }: CatalogueEmptyProps) {
  return (
    <EmptyState
      icon="books"
      title={filtered ? s.noBooks : emptyText}
      description={filtered ? s.noBooksHint : undefined}
      action={
        filtered ? (
          <button type="button" className="mb-button" onClick={onClear}>
            {s.clear}
          </button>
        ) : (
          <Link to="/" className="mb-button">
            {strings.common.backHome}
          </Link>
        )
      }
    />
  );
}

type CatalogueLoadMoreProps = {
  /** How many books are shown. */
  shown: number;
  total: number;
  /** The next page is being fetched. */
  loadingMore: boolean;
  onLoadMore: () => void;
};

/** How many of how many books are shown, and the button that brings the next page. */
function CatalogueLoadMore({ shown, total, loadingMore, onLoadMore }: CatalogueLoadMoreProps) {
  return (
    <div className="sf-more">
      <p className="sf-muted">{s.shown(shown, total)}</p>
      <button
        type="button"
        className="mb-button"
        data-variant="secondary"
        // Not `disabled`: the button keeps the keyboard focus while the page loads.
        aria-disabled={loadingMore}
        onClick={onLoadMore}
      >
        {loadingMore ? strings.common.loading : s.loadMore}
      </button>
    </div>
  );
}
