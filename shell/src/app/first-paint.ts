// Used by index.html's inline start-up script (src/early-start.ts), so it imports nothing but
// next-task.ts, which imports nothing.
import { delay } from './next-task';

/** How long the page waits for its fonts before it goes on anyway. */
const FONT_WAIT_MS = 150;

/**
 * How long a visible page waits for a frame before it goes on anyway. The first frame waits for
 * the page's stylesheet and preloaded fonts, which on a phone's slow network take a second or
 * more; going on before it would start the app's scripts (well over 100 KB) on the bandwidth the
 * first picture is waiting for. A browser short of CPU can also hold its first frame back for
 * a couple of seconds (seen with headless Chromium on a busy machine).
 */
const FRAME_WAIT_MS = 3000;

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * After the next frame has been painted, or at once in a hidden tab (it paints none: there is no
 * picture to wait for, and its app should be ready when the reader switches to it).
 */
const nextFrame = () =>
  hidden()
    ? Promise.resolve()
    : Promise.race([
        new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
        delay(FRAME_WAIT_MS),
        new Promise<void>((resolve) => {
          // Sent to the background while waiting: no frame comes until it is shown again.
          document.addEventListener('visibilitychange', () => hidden() && resolve(), {
            once: true,
          });
        }),
      ]);

/**
 * Resolves once a server-drawn page is on screen as it will stay: laid out (so the fonts it uses
 * have been asked for), its fonts settled (they are `optional`, so they never change after that;
 * see build-config/federation/web-fonts.cjs) and a frame painted. Bounded throughout.
 */
export async function firstPictureSettled(): Promise<void> {
  await nextFrame();
  await Promise.race([document.fonts?.ready, delay(FONT_WAIT_MS)]);
  await nextFrame();
}
