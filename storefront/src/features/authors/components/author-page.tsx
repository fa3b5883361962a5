import { useNavigate, useParams } from '@mechabrim/routing';
import { Link } from '@mechabrim/routing';
import type { Author } from '@mechabrim/contracts';
import {
  AuthorPageSkeleton,
  Avatar,
  BookGridSkeleton,
  Breadcrumb,
  EmptyState,
  ErrorState,
  Stars,
} from '@mechabrim/ui';
import { isNotFound, useAuthor, useAuthorBooks } from '@mechabrim/api-client';
import { BookGrid } from '../../../shared/catalogue';
import { strings } from '../../../strings.he';
import { AuthorLinks } from './author-links';
import { AuthorReviews } from './author-reviews';
import { FollowButton } from './follow-button';
import './authors.css';

const s = strings.author;
const numberFormat = new Intl.NumberFormat('he-IL');

/** `/author/:id` — the author's profile and books. */
export function AuthorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const author = useAuthor(id);
  const books = useAuthorBooks(id);
  const back = (
    <button
      type="button"
      className="mb-button"
      data-variant="secondary"
      onClick={() => void (window.history.length > 1 ? navigate(-1) : navigate('/authors'))}
    >
      {strings.common.back}
    </button>
  );

  if (!id) {
    return (
      <div className="sf-page">
        <ErrorState titleAs="h1" title={s.notProvided}>
          {back}
        </ErrorState>
      </div>
    );
  }
  if (author.isPending) {
    return (
      <div className="sf-page">
        <AuthorPageSkeleton />
      </div>
    );
  }
  if (author.isError) {
    const notFound = isNotFound(author.error);
    return (
      <div className="sf-page">
        <ErrorState
          titleAs="h1"
          title={notFound ? s.notFound : strings.common.loadingError}
          message={notFound ? undefined : author.error.message}
          onRetry={notFound ? undefined : () => void author.refetch()}
        >
          {back}
        </ErrorState>
      </div>
    );
  }
  return <AuthorProfile author={author.data} books={books} />;
}

type AuthorBooksQuery = ReturnType<typeof useAuthorBooks>;

type AuthorProfileProps = {
  author: Author;
  books: AuthorBooksQuery;
};

/** The loaded author: the path to them, their profile, their books and the reviews of them. */
function AuthorProfile({ author: a, books }: AuthorProfileProps) {
  const list = books.data ?? [];
  return (
    <div className="sf-page author-page">
      <Breadcrumb
        items={[
          { label: strings.common.home, to: '/' },
          { label: strings.common.authors, to: '/authors' },
          { label: a.name },
        ]}
      />
      <AuthorHero author={a} booksShown={list.length} />
      <section className="sf-section" aria-labelledby="author-books">
        <h2 id="author-books" className="sf-section-title">
          {s.booksTitle(a.name)}
        </h2>
        {books.isPending ? (
          <BookGridSkeleton count={4} />
        ) : books.isError ? (
          <ErrorState title={strings.category.loadError} onRetry={() => void books.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon="books" title={s.noBooks(a.gender)} />
        ) : (
          <BookGrid books={list} priorityCount={2} />
        )}
      </section>
      <AuthorReviews authorId={a._id} />
    </div>
  );
}

type AuthorHeroProps = {
  author: Author;
  /** How many of their books the page has loaded: the count when the author has none stored. */
  booksShown: number;
};

/** The author's picture, name, rating, bio, genres, follow button, links and figures. */
function AuthorHero({ author: a, booksShown }: AuthorHeroProps) {
  return (
    <section className="author-hero" aria-label={a.name}>
      <Avatar src={a.avatar} name={a.name} size={128} />
      <div className="author-hero__text">
        <h1 className="sf-page-title">{a.name}</h1>
        <Stars rating={a.averageRating} showValue size="md" />
        <p className="author-hero__bio">{a.bio?.trim() || s.noBio(a.gender)}</p>
        {a.genres?.length > 0 && (
          <ul className="mb-author-card__genres author-hero__genres" aria-label={s.genres}>
            {a.genres.map((g) => (
              <li key={g}>
                <Link className="mb-badge" to={`/category/${encodeURIComponent(g)}`}>
                  {g}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <FollowButton authorId={a._id} />
        <AuthorLinks author={a} />
        <dl className="author-stats">
          <div>
            <dt>{s.statsBooks}</dt>
            <dd>{numberFormat.format(a.booksCount ?? booksShown)}</dd>
          </div>
          <div>
            <dt>{s.statsRating}</dt>
            <dd>{(a.averageRating ?? 0).toFixed(1)}</dd>
          </div>
          <div>
            <dt>{s.statsSales}</dt>
            <dd>{numberFormat.format(a.totalSales ?? 0)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
