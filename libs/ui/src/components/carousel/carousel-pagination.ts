/** The book carousel's custom pagination always has five dots. */
export const CAROUSEL_DOTS = 5;

/** The slide a dot jumps to: dot i → floor(i / 5 × number of slides). */
export function dotToSlide(dot: number, slideCount: number): number {
  if (slideCount <= 0) return 0;
  const i = Math.min(Math.max(Math.trunc(dot), 0), CAROUSEL_DOTS - 1);
  return Math.floor((i / CAROUSEL_DOTS) * slideCount);
}

/**
 * The dot that is active for a (real, loop-independent) slide index: the last dot whose target
 * slide has been reached, bounded 0–4, so a dot that was clicked is the one that lights up.
 */
export function slideToDot(slideIndex: number, slideCount: number): number {
  if (slideCount <= 0 || slideIndex <= 0) return 0;
  let dot = 0;
  for (let i = 1; i < CAROUSEL_DOTS; i++) {
    if (dotToSlide(i, slideCount) <= slideIndex) dot = i;
  }
  return dot;
}

/** Slides per view by minimum viewport width (spec §9). */
export const BOOK_BREAKPOINTS: Record<number, { slidesPerView: number; spaceBetween: number }> = {
  320: { slidesPerView: 2, spaceBetween: 8 },
  480: { slidesPerView: 2, spaceBetween: 12 },
  640: { slidesPerView: 3, spaceBetween: 16 },
  768: { slidesPerView: 3, spaceBetween: 20 },
  1024: { slidesPerView: 4, spaceBetween: 24 },
  1200: { slidesPerView: 5, spaceBetween: 28 },
  1400: { slidesPerView: 6, spaceBetween: 32 },
};

export const AUTHOR_BREAKPOINTS: Record<number, { slidesPerView: number; spaceBetween: number }> = {
  320: { slidesPerView: 1, spaceBetween: 8 },
  480: { slidesPerView: 2, spaceBetween: 12 },
  640: { slidesPerView: 2, spaceBetween: 16 },
  768: { slidesPerView: 3, spaceBetween: 20 },
  1024: { slidesPerView: 4, spaceBetween: 24 },
  1200: { slidesPerView: 5, spaceBetween: 28 },
};

/** Caps slides per view (related books show at most 4). */
export function capBreakpoints(
  breakpoints: Record<number, { slidesPerView: number; spaceBetween: number }>,
  maxPerView: number,
): Record<number, { slidesPerView: number; spaceBetween: number }> {
  return Object.fromEntries(
    Object.entries(breakpoints).map(([w, bp]) => [
      w,
      { ...bp, slidesPerView: Math.min(bp.slidesPerView, maxPerView) },
    ]),
  );
}

/** The largest slides-per-view a set of breakpoints reaches (loop needs more slides than that). */
export function maxSlidesPerView(
  breakpoints: Record<number, { slidesPerView: number; spaceBetween: number }>,
): number {
  return Math.max(...Object.values(breakpoints).map((b) => b.slidesPerView));
}
