import { useId, useMemo, useState } from 'react';
import { Link, useParams } from '@mechabrim/routing';
import { BookGridSkeleton, Breadcrumb, EmptyState, ErrorState } from '@mechabrim/ui';
import { BookGrid, useBooks } from '../../catalogue';
import { categoryLabel } from './category-label';
import { strings } from '../../../strings.he';
import { CATEGORY_SORTS, searchBooks, sortBooks, type CategorySort } from './category-filter';

const s = strings.category;
const sortLabels: Record<CategorySort, string> = {
  title: strings.sorts.title,
  price: strings.sorts.price,
  rating: strings.sorts.rating,
  sales: strings.sorts.sales,
};

/** `/category/:category` — the books of one category with search and sort. */
export function CategoryPage() {
  const { category: slug = '' } = useParams();
  const resolved = categoryLabel(slug);
  const books = useBooks({ category: resolved?.category, limit: 100 }, Boolean(resolved));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CategorySort>('sales');
  const ids = { search: useId(), sort: useId() };
  const all = useMemo(() => books.data?.books ?? [], [books.data]);
  const shown = useMemo(() => sortBooks(searchBooks(all, search), sort), [all, search, sort]);
  const available = all.filter((b) => b.isAvailable).length;

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
        {books.isPending ? strings.common.loading : s.count(available)}
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
            onChange={(e) => setSort(e.target.value as CategorySort)}
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
        <BookGrid books={shown} priorityCount={4} />
      )}
    </div>
  );
}
