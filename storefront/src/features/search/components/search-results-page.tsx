import { Link } from '@mechabrim/routing';
import { AuthorCard, BookGridSkeleton, Breadcrumb, EmptyState, ErrorState } from '@mechabrim/ui';
import { BookGrid, useAuthorSearch, useBookSearch } from '../../catalogue';
import { strings } from '../../../strings.he';

const s = strings.search;

/** `/books?search=` — the full results of the Hebrew-aware search as a grid, matching authors first. */
export function SearchResultsPage({ query }: { query: string }) {
  const q = query.trim();
  const books = useBookSearch(q, 50);
  const authors = useAuthorSearch(q, 10);
  const foundAuthors = authors.data ?? [];
  const foundBooks = books.data ?? [];

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
            {s.count(foundBooks.length)}
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
              <BookGrid books={foundBooks} priorityCount={4} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
