// A landing page (home, a book) can arrive drawn by the server: the shell's server put the
// storefront's markup into the page inside the shell's frame (services/edge/src/landing.ts),
// with the data it was drawn from. The shell takes it over without redrawing it:
//  - the data goes into the query cache before the first render, so the storefront's first render
//    of the page has it (no skeleton where the book already was);
//  - the markup's very nodes become the storefront area's loading state, moved (not copied) into
//    it in the commit that replaces the server's frame, so nothing on screen changes, repaints or
//    moves until the storefront draws the same page;
//  - once the storefront has drawn, or the reader has gone elsewhere, it is never shown again.
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { DehydratedState } from '@mechabrim/query';
import { useLocation } from '@mechabrim/routing';

export interface Landing {
  /** The path and query the markup was drawn for. */
  path: string;
  /** The element holding the markup (`.shell-landing`). */
  node: Element;
  /** The query-cache state the markup was drawn from. */
  state: DehydratedState | null;
  /** Set once the markup has left the screen (the storefront drew, or the reader moved on). */
  spent: boolean;
}

const STATE_ID = 'mb-landing-state';

function readState(doc: Document): DehydratedState | null {
  const text = doc.getElementById(STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as DehydratedState | null;
    return state && Array.isArray(state.queries) ? state : null;
  } catch {
    return null;
  }
}

/** The server's landing markup in the page, if any, for the shell to take over. */
export function takeLanding(doc: Document = document): Landing | null {
  const node = doc.querySelector('.shell-landing[data-landing-path]');
  const path = node?.getAttribute('data-landing-path');
  if (!node || !path) return null;
  return { path, node, state: readState(doc), spent: false };
}

const LandingContext = createContext<Landing | null>(null);

export function LandingProvider({
  landing,
  children,
}: {
  landing: Landing | null;
  children: ReactNode;
}) {
  return <LandingContext.Provider value={landing}>{children}</LandingContext.Provider>;
}

/**
 * A remote area's loading state: the server's markup while it is still the page on screen,
 * otherwise `fallback`.
 */
export function LandingOr({ fallback }: { fallback: ReactNode }) {
  const landing = useContext(LandingContext);
  const { pathname, search } = useLocation();
  // Stable, so React calls it on mount and unmount only; leaving the screen spends the markup.
  const host = useCallback(
    (element: HTMLDivElement | null) => {
      if (!landing || !element) return;
      if (landing.node.parentNode !== element) element.append(landing.node);
      return () => {
        landing.spent = true;
      };
    },
    [landing],
  );
  if (!landing || landing.spent || landing.path !== `${pathname}${search}`) return <>{fallback}</>;
  return <div className="shell-landing-host" ref={host} />;
}
