// Used by index.html's inline start-up script (src/early-start.ts), so it imports nothing.

/** How long the page waits for its fonts before it goes on anyway. */
const FONT_WAIT_MS = 150;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After the next frame has been painted. The first one waits for the page's stylesheet, which on
 * a slow network takes a while; a hidden tab paints none at all: at most a second.
 */
const nextFrame = () =>
  Promise.race([
    new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
    delay(1000),
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
