import { useId, useMemo, useState } from 'react';
import { Link, useParams } from '@mechabrim/routing';
import { BookGridSkeleton, Breadcrumb, EmptyState, ErrorState } from '@mechabrim/ui';
import { useBookPages } from '@mechabrim/api-client';
import { BookGrid } from '../../../shared/catalogue';
import { categoryLabel } from './category-label';
import { strings } from '../../../strings.he';
import { CATEGORY_SORTS, searchBooks, type CategorySort } from './category-filter';

const s = strings.category;
const sortLabels: Record<CategorySort, string> = {
  title: strings.sorts.title,
  price: strings.sorts.price,
  rating: strings.sorts.rating,
  sales: strings.sorts.sales,
};

/**
 * `/category/:category` — the books of one category with search and sort. Keyed by the category,
 * so moving to another category starts afresh: its own skeleton (never the previous category's
 * books under the new title), an empty search box and the default sort.
 */
export function CategoryPage() {
  const { category: slug = '' } = useParams();
  return <CategoryView key={slug} slug={slug} />;
}

function CategoryView({ slug }: { slug: string }) {
  const resolved = categoryLabel(slug);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CategorySort>('sales');
  const [pages, setPages] = useState(1);
  const searching = search.trim().length > 0;
  // The API sorts and pages; a search inside the category filters every book of it, so it loads
  // the remaining pages (a category holds tens of books, not thousands).
  const books = useBookPages(
    { category: resolved?.category, sort },
    searching ? 'all' : pages,
    Boolean(resolved),
  );
  const ids = { search: useId(), sort: useId() };
  const all = useMemo(() => books.data?.books ?? [], [books.data]);
  const shown = useMemo(() => searchBooks(all, search), [all, search]);
  const total = books.data?.total ?? 0;
  const remaining = total - all.length;
  const loadingMore = books.isFetching && books.isPlaceholderData;

  if (!resolved) {
    return (
      <div className="sf-page">
        <Breadcrumb items={[{ label: strings.common.home, to: '/' }, { label: s.unknown }]} />
        <EmptyState
          titleAs="h1"
          icon="🗂️"
          title={s.unknown}
          description={s.unknownText}
          action={
            <Link to="/" className="mb-button">
              {strings.common.backHome}
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="sf-page">
      <Breadcrumb items={[{ label: strings.common.home, to: '/' }, { label: resolved.label }]} />
      <h1 className="sf-page-title">{resolved.label}</h1>
      <p className="sf-lead" role="status">
        {books.isPending ? strings.common.loading : s.count(total)}
      </p>
      <div className="sf-toolbar" role="search">
        <div className="sf-field sf-field--grow">
          <label htmlFor={ids.search}>{s.searchLabel}</label>
          <input
            id={ids.search}
            type="search"
            className="sf-input"
            placeholder={s.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="sf-field">
          <label htmlFor={ids.sort}>{strings.common.sortBy}</label>
          <select
            id={ids.sort}
            className="sf-select"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as CategorySort);
              setPages(1);
            }}
          >
            {CATEGORY_SORTS.map((o) => (
              <option key={o} value={o}>
                {sortLabels[o]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {books.isPending ? (
        <BookGridSkeleton />
      ) : books.isError ? (
        <ErrorState
          title={s.loadError}
          message={books.error.message}
          onRetry={() => void books.refetch()}
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon="📚"
          title={all.length === 0 ? s.noBooksAvailable : s.noBooks}
          action={
            <Link to="/" className="mb-button">
              {strings.common.backHome}
            </Link>
          }
        />
      ) : (
        <>
          <BookGrid books={shown} priorityCount={4} />
          {!searching && remaining > 0 && (
            <div className="sf-more">
              <p className="sf-muted">{s.shown(all.length, total)}</p>
              <button
                type="button"
                className="mb-button"
                data-variant="secondary"
                disabled={loadingMore}
                onClick={() => setPages((n) => n + 1)}
              >
                {loadingMore ? strings.common.loading : s.loadMore}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
