import { useDeferredValue } from 'react';

/**
 * A list that arrives after its page is on screen (home's picks and authors, a book's reviews and
 * related books), for the section that shows it: `undefined` while it loads, then the list (`none`,
 * a constant empty list, when it failed). The section asks for its own list, so an arrival draws
 * that section again, not the page. And the list comes through a deferred value, so React draws
 * it in a transition, in slices between the browser's other work: a query's answer otherwise
 * re-renders at once, in one task (on a phone at Lighthouse's 4× slower CPU, 140–290 ms for each
 * of home's two lists, with the whole page drawn again each time).
 */
export function useArrivedList<T>(
  query: { isPending: boolean; data?: readonly T[] },
  none: readonly T[],
): readonly T[] | undefined {
  return useDeferredValue(query.isPending ? undefined : (query.data ?? none));
}
