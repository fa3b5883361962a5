import { Link } from '@mechabrim/routing';
import { uiStrings } from '../../strings.he';
import { Avatar } from '../avatar/avatar';
import { Stars } from '../stars/stars';
import './author-card.css';

/** The fields of an author the card shows (a subset of the catalogue's Author). */
export interface AuthorCardAuthor {
  _id: string;
  name: string;
  bio?: string | null;
  avatar?: string | null;
  genres?: string[];
  booksCount?: number;
  averageRating?: number | null;
  /** The author's grammatical gender, when the author gave it. */
  gender?: 'female' | 'male' | undefined;
}

/** Bio cut at `max` characters with an ellipsis, or the 'established author with n books' line. */
export function authorBioPreview(author: AuthorCardAuthor, max = 80): string {
  const bio = author.bio?.trim();
  if (!bio) return uiStrings.establishedAuthor(author.booksCount ?? 0, author.gender);
  return bio.length > max ? `${bio.slice(0, max).trimEnd()}…` : bio;
}

export interface AuthorCardProps {
  author: AuthorCardAuthor;
  headingLevel?: 2 | 3 | 4;
  /** Category link for a genre badge; genre badges are plain text without it. */
  genreHref?: (genre: string) => string;
}

/** An author: avatar (default when none), name, bio preview, stars, book count, genre badges. */
export function AuthorCard({
  author,
  headingLevel = 3,
  genreHref = (g) => `/category/${encodeURIComponent(g)}`,
}: AuthorCardProps) {
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <article className="mb-author-card" data-testid="author-card">
      <Avatar src={author.avatar} name={author.name} size={80} />
      <Heading className="mb-author-card__name">
        <Link to={`/author/${author._id}`}>{author.name}</Link>
      </Heading>
      <div className="mb-author-card__meta">
        <Stars rating={author.averageRating} showValue />
        <span>{uiStrings.booksCount(author.booksCount ?? 0)}</span>
      </div>
      <p className="mb-author-card__bio">{authorBioPreview(author)}</p>
      {author.genres && author.genres.length > 0 && (
        <ul className="mb-author-card__genres">
          {author.genres.map((g) => (
            <li key={g}>
              <Link className="mb-badge" to={genreHref(g)}>
                {g}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
