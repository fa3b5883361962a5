import { uiStrings } from '../../strings.he';
import './stars.css';

export type StarKind = 'full' | 'half' | 'empty';

/**
 * How five stars are drawn for a rating: whole points are full stars, a remainder of at least
 * half a point draws a half star (a remainder of .75 or more rounds up to a full star), the rest
 * are empty. Values are clamped to 0–5; a missing or invalid rating draws five empty stars.
 */
export function starKinds(rating: number | null | undefined, max = 5): StarKind[] {
  const value = Number.isFinite(rating) ? Math.min(Math.max(rating as number, 0), max) : 0;
  let full = Math.floor(value);
  const rest = value - full;
  let half = false;
  if (rest >= 0.75) full += 1;
  else if (rest >= 0.25) half = true;
  return Array.from({ length: max }, (_, i) =>
    i < full ? 'full' : i === full && half ? 'half' : 'empty',
  );
}

/** A rating formatted to one decimal in he-IL (4.5, 3.0). */
export function formatRating(rating: number | null | undefined): string {
  const value = Number.isFinite(rating) ? (rating as number) : 0;
  return new Intl.NumberFormat('he-IL', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}

const STAR_PATH =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96z';

export interface StarsProps {
  rating: number | null | undefined;
  /** Show the value (one decimal) after the stars. */
  showValue?: boolean;
  /** Optional count shown in brackets, e.g. number of ratings. */
  count?: number;
  /**
   * How many ratings the value is the average of, when known: with none, 'no ratings yet' is
   * shown instead of five empty stars and a 0.0 that reads like a bad score.
   */
  ratings?: number | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** Five stars with halves; the accessible name states the rating to one decimal. */
export function Stars({
  rating,
  showValue = false,
  count,
  ratings,
  size = 'sm',
  className,
}: StarsProps) {
  const value = formatRating(rating);
  if (ratings === 0)
    return (
      <span
        className={`mb-stars mb-stars--none mb-stars--${size}${className ? ` ${className}` : ''}`}
      >
        {uiStrings.noRatings}
      </span>
    );
  return (
    <span
      className={`mb-stars mb-stars--${size}${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={uiStrings.rating(value)}
    >
      <span className="mb-stars__icons" aria-hidden="true">
        {starKinds(rating).map((kind, i) => (
          <span key={i} className={`mb-star mb-star--${kind}`} data-kind={kind}>
            <svg viewBox="0 0 24 24" className="mb-star__empty" focusable="false">
              <path d={STAR_PATH} />
            </svg>
            {kind !== 'empty' && (
              <svg viewBox="0 0 24 24" className="mb-star__fill" focusable="false">
                <path d={STAR_PATH} />
              </svg>
            )}
          </span>
        ))}
      </span>
      {showValue && (
        <span className="mb-stars__value" aria-hidden="true">
          {value}
        </span>
      )}
      {count !== undefined && (
        <span className="mb-stars__count" aria-hidden="true">
          ({count})
        </span>
      )}
    </span>
  );
}
