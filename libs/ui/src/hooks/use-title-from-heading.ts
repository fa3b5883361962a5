import { useEffect } from 'react';

export interface SiteTitles {
  /** After a page's heading: `{heading} — {site}`. */
  site: string;
  /** The home page's title, and any page's while it has no heading. */
  home: string;
}

/**
 * Keeps the document's title on the page shown: `{heading} — {site}`, read from the first `h1`
 * inside `main` (every screen has one, the remotes' screens included, whichever remote drew it),
 * and the home title on `/` or where there is no heading. One place for the whole app instead of
 * a title call in every screen of three remotes; a screen whose heading changes as its data
 * arrives (a book's title after loading) is followed too.
 */
export function useTitleFromHeading({ site, home }: SiteTitles, pathname: string): void {
  useEffect(() => {
    const main = document.querySelector('main');
    if (!main) return;
    let frame = 0;
    const paint = () => {
      frame = 0;
      const heading = main.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
      const title = pathname !== '/' && heading ? `${heading} — ${site}` : home;
      if (document.title !== title) document.title = title;
    };
    paint();
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(paint);
    });
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [site, home, pathname]);
}
