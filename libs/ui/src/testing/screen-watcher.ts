import { act } from '@testing-library/react';

/**
 * jsdom has no layout and no IntersectionObserver: this one records what it was asked to watch
 * and lets the test say how much of it is on screen, as the browser would.
 */
export class ScreenWatcher {
  static all: ScreenWatcher[] = [];

  /** Puts this in the place of the browser's IntersectionObserver. */
  static install() {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = ScreenWatcher;
  }

  /** Leaves the test's DOM without one again, as jsdom is. */
  static uninstall() {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    ScreenWatcher.all = [];
  }

  /** The one made last. */
  static last(): ScreenWatcher {
    const last = ScreenWatcher.all.at(-1);
    if (!last) throw new Error('nothing is watched');
    return last;
  }

  readonly watched: Element[] = [];
  disconnected = false;
  constructor(
    private readonly report: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    ScreenWatcher.all.push(this);
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The browser reports that `ratio` of each watched element is on screen. */
  show(ratio: number) {
    const entries = this.watched.map(
      (target) =>
        ({
          target,
          isIntersecting: ratio > 0,
          intersectionRatio: ratio,
        }) as IntersectionObserverEntry,
    );
    act(() => this.report(entries, this as unknown as IntersectionObserver));
  }
}
