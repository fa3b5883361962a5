import { useState } from 'react';
import { bookCoverSrcSet } from '@mechabrim/contracts/src/terms';
import { uiStrings } from '../../strings.he';
import './book-cover.css';

export interface BookCoverProps {
  src?: string | null;
  title: string;
  /** Rendered width in CSS pixels, used for the width/height attributes (2:3). */
  width?: number;
  /**
   * How wide the cover is drawn (the `<img sizes>`), when the layout sets its width rather than
   * `width` (a card in a grid); default `width` pixels. With an uploaded cover's web sizes, the
   * browser takes the smallest that is sharp at that width on its screen.
   */
  sizes?: string;
  /** Above-the-fold covers load eagerly with high priority (LCP); the rest lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A 2:3 book cover. The frame has its size before the image arrives, and a placeholder of the
 * same size replaces a missing or broken image, so nothing shifts.
 */
export function BookCover({
  src,
  title,
  width = 200,
  sizes,
  priority = false,
  className,
}: BookCoverProps) {
  const [failed, setFailed] = useState(false);
  const height = Math.round((width * 3) / 2);
  const showImage = Boolean(src) && !failed;
  const srcSet = src ? bookCoverSrcSet(src) : undefined;
  return (
    <div className={`mb-cover${className ? ` ${className}` : ''}`}>
      {showImage ? (
        <img
          className="mb-cover__img"
          src={src as string}
          {...(srcSet ? { srcSet, sizes: sizes ?? `${width}px` } : {})}
          alt={uiStrings.coverAlt(title)}
          width={width}
          height={height}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority ? { fetchPriority: 'high' as const } : {})}
          onError={() => setFailed(true)}
        />
      ) : (
        <div
          className="mb-cover__placeholder"
          role="img"
          aria-label={uiStrings.coverAlt(title)}
          data-testid="cover-placeholder"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="mb-cover__icon">
            <path d="M6 3h11a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm1 2v14h10V5H7zm2 2h6v2H9V7z" />
          </svg>
          <span className="mb-cover__title">{title}</span>
        </div>
      )}
    </div>
  );
}
