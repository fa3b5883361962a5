/** What the reader does in answer to a key or a swipe. */
export type ReaderAction = 'next' | 'previous' | 'first' | 'last' | 'close';

/**
 * The reader's keys. A Hebrew book is read right to left: the next page lies to the left, so
 * ArrowLeft turns forward and ArrowRight back (as the on-screen buttons sit).
 */
export function actionForKey(key: string): ReaderAction | null {
  switch (key) {
    case 'ArrowLeft':
    case 'PageDown':
      return 'next';
    case 'ArrowRight':
    case 'PageUp':
      return 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'Escape':
      return 'close';
    default:
      return null;
  }
}

/** The smallest horizontal travel (px) read as a swipe rather than a tap. */
export const SWIPE_MIN_PX = 40;

/**
 * A finger's travel across the page as a page turn: dragging the page to the right brings in
 * the next one from the left (right to left reading), to the left goes back. A mostly vertical
 * or short move is not a swipe.
 */
export function actionForSwipe(dx: number, dy: number): ReaderAction | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx > 0 ? 'next' : 'previous';
}

/** The page an action leads to, kept within 1..total. */
export function pageAfter(action: ReaderAction, page: number, total: number): number {
  const last = Math.max(1, total);
  switch (action) {
    case 'next':
      return Math.min(last, page + 1);
    case 'previous':
      return Math.max(1, page - 1);
    case 'first':
      return 1;
    case 'last':
      return last;
    default:
      return page;
  }
}
