import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@mechabrim/routing';
import type { Author, Book, BookSort } from '@mechabrim/contracts';
import {
  clientLogger,
  AuthorCard,
  AuthorCarousel,
  BookCarousel,
  CarouselSkeleton,
  useDelayedFlag,
} from '@mechabrim/ui';
import { useAuthors, useBooks, useStats } from '@mechabrim/api-client';
import { useArrivedList } from '../../../shared/arrived-list/use-arrived-list';
import { SortSelect, StoreBookCard } from '../../../shared/catalogue';
import { strings } from '../../../strings.he';
import { communityFirst85_10_5, type SplitShares } from '@mechabrim/money';
import './home.css';

const s = strings.home;
/** The split the home page explains (spec §1: 85/10/5), from the money module's policy. */
const SPLIT = communityFirst85_10_5.shares('physical');
type SplitPart = keyof SplitShares;
const SPLIT_PARTS: readonly SplitPart[] = ['author', 'community', 'platform'];
const splitLabels: Record<SplitPart, string> = {
  author: s.splitAuthor,
  community: s.splitCommunity,
  platform: s.splitPlatform,
};
/** Picks of the month: at most ten, best sellers first; the other sorts of spec §2. */
export const PICKS_LIMIT = 10;
export const PICK_SORTS: readonly BookSort[] = ['sales', 'price', 'price-desc', 'rating', 'newest'];

const numberFormat = new Intl.NumberFormat('he-IL');

function Stat({ value, label, tone }: { value: string; label: string; tone?: 'community' }) {
  return (
    <div className={`home-stat${tone ? ` home-stat--${tone}` : ''}`}>
      <dt className="home-stat__label">{label}</dt>
      <dd className="home-stat__value">
        <bdi>{value}</bdi>
      </dd>
    </div>
  );
}

/** The site's title, its two ways in, and its figures (donated, authors, books). */
function HomeHero() {
  const stats = useStats();
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="home-hero__inner sf-page">
        <h1 id="home-hero-title" className="home-hero__title">
          {s.heroTitle}
        </h1>
        <p className="home-hero__text">{s.heroText}</p>
        <div className="home-hero__actions">
          <a href="#picks" className="mb-button">
            {s.heroCta}
          </a>
          <Link to="/authors" className="mb-button home-hero__secondary" data-variant="secondary">
            {s.heroAuthorsCta}
          </Link>
        </div>
        <dl className="home-stats">
          <Stat
            value={numberFormat.format(Math.round(stats.data?.donated ?? Number(s.donatedAmount)))}
            label={s.statDonated}
            tone="community"
          />
          <Stat
            value={stats.isPending ? '…' : numberFormat.format(stats.data?.authors ?? 0)}
            label={s.statAuthors}
          />
          <Stat value={s.booksAvailable} label={s.statBooks} />
        </dl>
      </div>
    </section>
  );
}

/** How the price of a book is split, as a bar and its legend. */
function HomeSplit({ className }: { className: string }) {
  return (
    <section className={className} aria-labelledby="split-title">
      <h2 id="split-title" className="sf-section-title">
        {s.splitTitle}
      </h2>
      <p className="sf-section-subtitle">{s.splitText}</p>
      <div
        className="home-split__bar"
        role="img"
        aria-label={`${s.progressLabel}: ${SPLIT_PARTS.map((part) => `${s.percent(SPLIT[part])} ${splitLabels[part]}`).join(', ')}`}
      >
        {SPLIT_PARTS.map((part) => (
          <span
            key={part}
            className={`home-split__part home-split__part--${part}`}
            style={{ inlineSize: s.percent(SPLIT[part]) }}
          >
            {/* The author's part is wide enough to name itself; the legend names the rest. */}
            {s.percent(SPLIT[part])}
            {part === 'author' && ` ${splitLabels.author}`}
          </span>
        ))}
      </div>
      <ul className="home-split__legend sf-plain-list" aria-hidden="true">
        {SPLIT_PARTS.map((part) => (
          <li key={part} className={`home-split__key home-split__key--${part}`}>
            {s.percent(SPLIT[part])} {splitLabels[part]}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The authors of the month: ten with books, best sellers first, then the best rated. */
function authorsOfTheMonth(authors: readonly Author[]): Author[] {
  return [...authors]
    .filter((a) => a.booksCount > 0)
    .sort((a, b) => b.totalSales - a.totalSales || b.averageRating - a.averageRating)
    .slice(0, 10);
}

/** Spec §8: on the home page failures are logged and the lists show as empty. */
function useLoggedFailure(error: unknown, message: string) {
  useEffect(() => {
    if (error) clientLogger.warn(message, error, 'home');
  }, [error, message]);
}

/** A section's heading, the line below it, and what the section offers beside them. */
function SectionHead({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="sf-section-head">
      <div>
        <h2 id={id} className="sf-section-title">
          {title}
        </h2>
        <p className="sf-section-subtitle">{subtitle}</p>
      </div>
      {children}
    </div>
  );
}

const NO_BOOKS: Book[] = [];
const NO_AUTHORS: Author[] = [];

/** The authors of the month's carousel, and the way to all the authors. */
function MonthAuthorsSection({ className }: { className: string }) {
  const query = useAuthors();
  useLoggedFailure(query.error, 'Loading authors of the month failed');
  const authors = useArrivedList(query, NO_AUTHORS);
  return (
    <section className={className} aria-labelledby="month-authors-title">
      <SectionHead id="month-authors-title" title={s.authorsTitle} subtitle={s.authorsSubtitle}>
        <Link to="/authors" className="mb-button" data-variant="secondary">
          {s.seeAllAuthors}
        </Link>
      </SectionHead>
      {authors === undefined ? (
        <CarouselSkeleton count={5} />
      ) : (
        <AuthorCarousel
          items={authorsOfTheMonth(authors)}
          getKey={(a) => a._id}
          label={s.authorsCarousel}
          emptyText={s.noAuthors}
          renderItem={(author) => <AuthorCard author={author} />}
        />
      )}
    </section>
  );
}

/** Picks of the month: a sort and the carousel of at most ten books. */
function PicksSection({ className }: { className: string }) {
  const [sort, setSort] = useState<BookSort>('sales');
  const query = useBooks({ sort, limit: PICKS_LIMIT });
  useLoggedFailure(query.error, 'Loading picks of the month failed');
  const books = useArrivedList({ isPending: query.isPending, data: query.data?.books }, NO_BOOKS);
  return (
    <section id="picks" className={className} aria-labelledby="picks-title">
      <SectionHead id="picks-title" title={s.picksTitle} subtitle={s.picksSubtitle}>
        <SortSelect value={sort} onChange={setSort} options={PICK_SORTS} />
      </SectionHead>
      {books === undefined ? (
        <CarouselSkeleton />
      ) : (
        <BookCarousel
          items={books.slice(0, PICKS_LIMIT)}
          getKey={(b) => b._id}
          label={s.picksCarousel}
          emptyText={s.noBooks}
          renderItem={(book, i) => <StoreBookCard book={book} priority={i < 2} />}
        />
      )}
    </section>
  );
}

/** The home page (`/` and `/books`): hero, figures, picks of the month, authors of the month. */
export function HomePage() {
  const entered = useDelayedFlag(100);
  const fade = (extra = '') =>
    `sf-fade-in${entered ? ' sf-fade-in--on' : ''}${extra ? ` ${extra}` : ''}`;
  return (
    <div className="home">
      <HomeHero />

      <div className="sf-page home-body">
        <PicksSection className={fade('sf-section')} />

        <HomeSplit className={fade('sf-section home-split')} />

        <MonthAuthorsSection className={fade('sf-section')} />

        <p className={fade('home-vision')}>
          <Link to="/about" className="sf-link">
            {s.visionLink} ‹
          </Link>
        </p>
      </div>
    </div>
  );
}
