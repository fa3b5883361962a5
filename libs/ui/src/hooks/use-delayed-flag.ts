import { useEffect, useState } from 'react';

/**
 * The page the shell's server drew, while the shell still shows it and a remote is drawing the
 * same page over it (shell/src/app/landing.tsx takes it from the document).
 */
const SERVER_DRAWN_PAGE = '.shell-landing[data-landing-path]';

/**
 * Whether what is drawn now is the server's markup or the app's first draw over it: then it is
 * drawn in its final state. Content the server drew must show without script (an entrance
 * animation starting hidden would leave it hidden until the app runs, and longer if it fails),
 * and the app's draw over it must match it, or the page would blink.
 */
function drawingServerPage(): boolean {
  return typeof document === 'undefined' || document.querySelector(SERVER_DRAWN_PAGE) !== null;
}

/**
 * False, then true after `delayMs` (entrance animations start after 100 ms); true from the start
 * on a page the server drew.
 */
export function useDelayedFlag(delayMs: number): boolean {
  const [on, setOn] = useState(drawingServerPage);
  useEffect(() => {
    if (on) return undefined;
    const t = setTimeout(() => setOn(true), delayMs);
    return () => clearTimeout(t);
  }, [delayMs, on]);
  return on;
}
