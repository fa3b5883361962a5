import { useState } from 'react';
import { Link } from '@mechabrim/routing';
import { AuthorCard, BookGridSkeleton, Breadcrumb, EmptyState, ErrorState } from '@mechabrim/ui';
import { BOOK_PAGE_SIZE, useAuthorSearch, useBookSearch } from '@mechabrim/api-client';
import { BookGrid } from '../../../shared/catalogue';
import { strings } from '../../../strings.he';

const s = strings.search;

/**
 * The most books the API's search answers (its `limit` is 1–50, ranked best match first, without
 * a total or pages): when it answers that many, there may be more, and the page says so.
 */
export const SEARCH_RESULTS_LIMIT = 50;

/**
 * `/books?search=` — the full results of the Hebrew-aware search as a grid, matching authors
 * first; a page of books at a time with 'load more'. Keyed by the query: a new search starts at
 * its first page.
 */
export function SearchResultsPage({ query }: { query: string }) {
  const q = query.trim();
  return <SearchResults key={q} q={q} />;
}

function SearchResults({ q }: { q: string }) {
  const books = useBookSearch(q, SEARCH_RESULTS_LIMIT);
  const authors = useAuthorSearch(q, 10);
  const [shownCount, setShownCount] = useState(BOOK_PAGE_SIZE);
  const foundAuthors = authors.data ?? [];
  const foundBooks = books.data ?? [];
  const capped = foundBooks.length >= SEARCH_RESULTS_LIMIT;
  const shownBooks = foundBooks.slice(0, shownCount);

  return (
    <div className="sf-page">
      <Breadcrumb items={[{ label: strings.common.home, to: '/' }, { label: s.title(q) }]} />
      <h1 className="sf-page-title">{s.title(q)}</h1>
      {books.isPending ? (
        <BookGridSkeleton />
      ) : books.isError ? (
        <ErrorState
          title={s.error}
          message={books.error.message}
          onRetry={() => void books.refetch()}
        />
      ) : foundBooks.length === 0 && foundAuthors.length === 0 ? (
        <EmptyState
          icon="🔍"
          title={s.noResults(q)}
          description={s.noResultsHint}
          action={
            <Link to="/books" className="mb-button">
              {s.browseAll}
            </Link>
          }
        />
      ) : (
        <>
          <p className="sf-lead" role="status">
            {capped ? s.countCapped(foundBooks.length) : s.count(foundBooks.length)}
          </p>
          {foundAuthors.length > 0 && (
            <section className="sf-section" aria-labelledby="search-authors">
              <h2 id="search-authors" className="sf-section-title">
                {s.authorsHeading}
              </h2>
              <ul className="sf-authors-grid sf-plain-list">
                {foundAuthors.map((a) => (
                  <li key={a._id} className="sf-grid-item">
                    <AuthorCard author={a} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          {foundBooks.length > 0 && (
            <section className="sf-section" aria-labelledby="search-books">
              <h2 id="search-books" className="sf-section-title">
                {s.booksHeading}
              </h2>
              <BookGrid books={shownBooks} priorityCount={4} />
              {shownBooks.length < foundBooks.length && (
                <div className="sf-more">
                  <p className="sf-muted">{s.shown(shownBooks.length, foundBooks.length)}</p>
                  <button
                    type="button"
                    className="mb-button"
                    data-variant="secondary"
                    onClick={() => setShownCount((n) => n + BOOK_PAGE_SIZE)}
                  >
                    {s.loadMore}
                  </button>
                </div>
              )}
              {capped && shownBooks.length >= foundBooks.length && (
                <p className="sf-muted sf-more">{s.refine}</p>
              )}
            </section>
          )}
        </>
      )}
    </div>
  );
}
