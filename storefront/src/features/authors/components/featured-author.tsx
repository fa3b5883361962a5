import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from '@mechabrim/routing';
import type { Author, Book } from '@mechabrim/contracts';
import { formatLongDate } from '@mechabrim/hebrew';
import { Avatar, BookCover, Price, Stars } from '@mechabrim/ui';
import { useAuthorBooks } from '@mechabrim/api-client';
import { strings } from '../../../strings.he';

const s = strings.authors;
type Tab = 'books' | 'reviews';

/** 'Featured author of the week': a compact card with Books (n) and Reviews (0) tabs. */
export function FeaturedAuthor({ author }: { author: Author }) {
  const [tab, setTab] = useState<Tab>('books');
  const books = useAuthorBooks(author._id);
  const list = books.data ?? [];
  const base = useId();
  const tabs: Tab[] = ['books', 'reviews'];
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next = tab === 'books' ? 'reviews' : 'books';
    setTab(next);
    document.getElementById(`${base}-${next}-tab`)?.focus();
  };
  return (
    <section className="featured-author" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="featured-author__kicker">
        {s.featuredTitle(author.gender)}
      </h2>
      <FeaturedAuthorProfile author={author} />
      {author.bio && <p className="featured-author__bio">{author.bio}</p>}
      <div
        role="tablist"
        className="featured-author__tabs"
        aria-label={s.featuredTitle(author.gender)}
      >
        {tabs.map((t) => (
          <button
            key={t}
            id={`${base}-${t}-tab`}
            role="tab"
            type="button"
            aria-selected={tab === t}
            aria-controls={`${base}-${t}-panel`}
            tabIndex={tab === t ? 0 : -1}
            className="featured-author__tab"
            onClick={() => setTab(t)}
            onKeyDown={onKey}
          >
            {t === 'books'
              ? s.featuredBooksTab(books.data ? list.length : author.booksCount)
              : s.featuredReviewsTab}
          </button>
        ))}
      </div>
      <FeaturedAuthorBooksPanel author={author} books={list} base={base} hidden={tab !== 'books'} />
      <div
        id={`${base}-reviews-panel`}
        role="tabpanel"
        aria-labelledby={`${base}-reviews-tab`}
        hidden={tab !== 'reviews'}
        className="featured-author__panel"
      >
        <p className="sf-muted">{s.noReviews}</p>
      </div>
    </section>
  );
}

type FeaturedAuthorProfileProps = {
  author: Author;
};

/** The author's picture, name (a link to their page), rating and since when they write here. */
function FeaturedAuthorProfile({ author }: FeaturedAuthorProfileProps) {
  return (
    <div className="featured-author__profile">
      <Avatar src={author.avatar} name={author.name} size={72} />
      <div>
        <p className="featured-author__name">
          <Link to={`/author/${author._id}`}>{author.name}</Link>
        </p>
        <Stars rating={author.averageRating} showValue />
        {author.joinDate && (
          <p className="sf-muted featured-author__joined">
            {s.joined(formatLongDate(author.joinDate), author.gender)}
          </p>
        )}
      </div>
    </div>
  );
}

type FeaturedAuthorBooksPanelProps = {
  author: Author;
  books: Book[];
  /** The id prefix the card's tabs and panels share. */
  base: string;
  hidden: boolean;
};

/** The Books tab's panel: the author's first six books and the way to the rest. */
function FeaturedAuthorBooksPanel({ author, books, base, hidden }: FeaturedAuthorBooksPanelProps) {
  return (
    <div
      id={`${base}-books-panel`}
      role="tabpanel"
      aria-labelledby={`${base}-books-tab`}
      hidden={hidden}
      className="featured-author__panel"
    >
      <ul className="featured-author__books sf-plain-list">
        {books.slice(0, 6).map((b) => (
          <li key={b._id}>
            <Link to={`/book/${b._id}`} className="featured-author__book">
              <BookCover src={b.coverImage} title={b.title} width={72} />
              <span className="featured-author__book-title">{b.title}</span>
              <Price value={b.price} />
            </Link>
          </li>
        ))}
      </ul>
      <Link to={`/author/${author._id}`} className="sf-link">
        {s.toAuthorPage(author.gender)} ‹
      </Link>
    </div>
  );
}
