import { useCallback, useState } from 'react';

/**
 * Whether at least `share` of an element has been on screen, or the reader has reached into it
 * (focus, a pointer): work that only matters once the reader is at the element, such as setting
 * up a carousel, waits for it instead of running in the page's first seconds. Once true it stays
 * true. Where IntersectionObserver does not exist (a test's DOM, an old browser) it is true at once.
 *
 * Returns a callback ref for the element and the flag. The ref starts watching as React attaches
 * the element and stops as it detaches it (React 19's ref clean-up), with no state of its own: a
 * state set while React attaches refs would draw the component again at once, in the same task.
 */
export function useOnScreen<T extends Element>(
  share = 0.25,
): [(element: T | null) => (() => void) | undefined, boolean] {
  const [onScreen, setOnScreen] = useState(() => typeof IntersectionObserver === 'undefined');
  const watch = useCallback(
    (element: T | null) => {
      if (onScreen || !element) return undefined;
      const arrive = () => setOnScreen(true);
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= share))
            arrive();
        },
        { threshold: share },
      );
      observer.observe(element);
      element.addEventListener('focusin', arrive);
      element.addEventListener('pointerover', arrive);
      return () => {
        observer.disconnect();
        element.removeEventListener('focusin', arrive);
        element.removeEventListener('pointerover', arrive);
      };
    },
    [share, onScreen],
  );
  return [watch, onScreen];
}
