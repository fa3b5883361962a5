import { useEffect, useId, useMemo, useState } from 'react';
import { AuthorCard, Breadcrumb, EmptyState, ErrorState, Spinner } from '@mechabrim/ui';
import type { Author } from '@mechabrim/contracts';
import { useAuthors } from '@mechabrim/api-client';
import { strings } from '../../../strings.he';
import {
  AUTHOR_SORTS,
  INITIAL_ROWS,
  PER_ROW_DESKTOP,
  PER_ROW_MOBILE,
  ROWS_STEP,
  distinctGenres,
  featuredAuthor,
  filterAuthors,
  hasMoreRows,
  sortAuthors,
  visibleCount,
  type AuthorSort,
} from './authors-filter';
import { FeaturedAuthor } from './featured-author';
import './authors.css';

const s = strings.authors;
const sortLabels: Record<AuthorSort, string> = {
  name: s.sortName,
  books: s.sortBooks,
  rating: s.sortRating,
  sales: s.sortSales,
};

/** `/authors` — search, genre and sort, the featured author of the week, and the paged grid. */
export function AuthorsPage() {
  const authors = useAuthors();
  const [search, setSearch] = useState('');
  const [genre, setGenre] = useState('');
  const [sort, setSort] = useState<AuthorSort>('name');
  const [rows, setRows] = useState(INITIAL_ROWS);
  const ids = { search: useId(), genre: useId(), sort: useId() };

  const all = useMemo(() => authors.data ?? [], [authors.data]);
  const genres = useMemo(() => distinctGenres(all), [all]);
  const featured = useMemo(() => featuredAuthor(all), [all]);
  const shown = useMemo(
    () => sortAuthors(filterAuthors(all, search, genre), sort),
    [all, search, genre, sort],
  );

  // A new search starts again from two rows.
  useEffect(() => setRows(INITIAL_ROWS), [search, genre, sort]);

  const clear = () => {
    setSearch('');
    setGenre('');
  };

  return (
    <div className="sf-page authors-page">
      <Breadcrumb
        items={[{ label: strings.common.home, to: '/' }, { label: strings.common.authors }]}
      />
      <h1 className="sf-page-title">{s.title}</h1>
      <p className="sf-lead">{s.intro}</p>

      <AuthorsToolbar
        ids={ids}
        genres={genres}
        search={search}
        onSearch={setSearch}
        genre={genre}
        onGenre={setGenre}
        sort={sort}
        onSort={setSort}
      />

      {authors.isPending ? (
        <Spinner />
      ) : authors.isError && all.length === 0 ? (
        <ErrorState
          title={strings.common.loadingError}
          message={authors.error.message || s.fetchFailed}
          onRetry={() => void authors.refetch()}
        />
      ) : (
        <div className="authors-layout">
          {featured && <FeaturedAuthor author={featured} />}
          <AuthorsCommunity
            shown={shown}
            rows={rows}
            onShowMore={() => setRows((r) => r + ROWS_STEP)}
            onClear={clear}
          />
        </div>
      )}
    </div>
  );
}

type AuthorsToolbarProps = {
  /** The ids that tie each label to its control. */
  ids: { search: string; genre: string; sort: string };
  /** The genres the authors write in, for the genre filter. */
  genres: string[];
  search: string;
  onSearch: (search: string) => void;
  genre: string;
  onGenre: (genre: string) => void;
  sort: AuthorSort;
  onSort: (sort: AuthorSort) => void;
};

/** The search box, the genre filter and the order of the authors. */
function AuthorsToolbar(props: AuthorsToolbarProps) {
  const { ids, genres } = props;
  return (
    <div className="sf-toolbar" role="search" aria-label={s.controls}>
      <div className="sf-field sf-field--grow">
        <label htmlFor={ids.search}>{s.searchLabel}</label>
        <input
          id={ids.search}
          type="search"
          className="sf-input"
          placeholder={s.searchPlaceholder}
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
        />
      </div>
      <div className="sf-field">
        <label htmlFor={ids.genre}>{s.genreLabel}</label>
        <select
          id={ids.genre}
          className="sf-select"
          value={props.genre}
          onChange={(e) => props.onGenre(e.target.value)}
        >
          <option value="">{s.allGenres}</option>
          {genres.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </div>
      <div className="sf-field">
        <label htmlFor={ids.sort}>{s.sortLabel}</label>
        <select
          id={ids.sort}
          className="sf-select"
          value={props.sort}
          onChange={(e) => props.onSort(e.target.value as AuthorSort)}
        >
          {AUTHOR_SORTS.map((o) => (
            <option key={o} value={o}>
              {sortLabels[o]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

type AuthorsCommunityProps = {
  /** The authors that match the search, in the chosen order. */
  shown: Author[];
  /** How many rows of cards are open. */
  rows: number;
  onShowMore: () => void;
  onClear: () => void;
};

/** The community's grid of authors, opened a few rows at a time, or why it is empty. */
function AuthorsCommunity({ shown, rows, onShowMore, onClear }: AuthorsCommunityProps) {
  // The grid's markup is the same at every width, so the server draws what the browser draws:
  // it holds a wide screen's rows, and a narrow one hides the cards (and the 'see more') past
  // its own rows with CSS (authors.css).
  const narrowCount = visibleCount(rows, PER_ROW_MOBILE, shown.length);
  const moreWide = hasMoreRows(rows, PER_ROW_DESKTOP, shown.length);
  const moreNarrow = hasMoreRows(rows, PER_ROW_MOBILE, shown.length);

  return (
    <section aria-labelledby="community-title" className="authors-community">
      <div className="sf-section-head">
        <h2 id="community-title" className="sf-section-title">
          {s.communityTitle}
        </h2>
        <p className="sf-muted" role="status">
          {s.resultCount(shown.length, shown[0]?.gender)}
        </p>
      </div>
      {shown.length === 0 ? (
        <EmptyState
          icon="pen"
          title={s.noAuthors}
          description={s.noAuthorsHint}
          action={
            <button type="button" className="mb-button" onClick={onClear}>
              {strings.common.clearSearch}
            </button>
          }
        />
      ) : (
        <>
          <ul className="authors-grid sf-plain-list">
            {shown.slice(0, visibleCount(rows, PER_ROW_DESKTOP, shown.length)).map((a, i) => (
              <li
                key={a._id}
                className={`sf-grid-item${i >= narrowCount ? ' authors-grid__wide-only' : ''}`}
              >
                <AuthorCard author={a} />
              </li>
            ))}
          </ul>
          {moreNarrow && (
            <div className={`authors-more${moreWide ? '' : ' authors-more--narrow-only'}`}>
              <button
                type="button"
                className="mb-button"
                data-variant="secondary"
                onClick={onShowMore}
              >
                {s.seeMore}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
