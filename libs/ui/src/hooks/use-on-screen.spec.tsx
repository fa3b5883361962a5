import { act, fireEvent, render, screen } from '@testing-library/react';
import { useOnScreen } from './use-on-screen';

/**
 * jsdom has no layout and no IntersectionObserver: this one records what it was asked to watch
 * and lets the test say how much of it is on screen, as the browser would.
 */
class ScreenWatcher {
  static all: ScreenWatcher[] = [];
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

function Section() {
  const [ref, onScreen] = useOnScreen<HTMLElement>();
  return (
    <section ref={ref} data-testid="section">
      {onScreen ? 'on screen' : 'not yet'}
      <button type="button">inside</button>
    </section>
  );
}

const state = () => screen.getByTestId('section').firstChild?.textContent;
const watcher = () => {
  const last = ScreenWatcher.all.at(-1);
  if (!last) throw new Error('nothing is watched');
  return last;
};

describe('useOnScreen', () => {
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    ScreenWatcher.all = [];
  });

  it('is true at once where the browser cannot tell what is on screen', () => {
    render(<Section />);
    expect(state()).toBe('on screen');
  });

  describe('with IntersectionObserver', () => {
    beforeEach(() => {
      (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = ScreenWatcher;
    });

    it('turns true once a quarter of the element is on screen, and then stops watching', () => {
      render(<Section />);
      expect(state()).toBe('not yet');
      expect(watcher().watched).toEqual([screen.getByTestId('section')]);
      expect(watcher().options.threshold).toBe(0.25);
      watcher().show(0.1);
      expect(state()).toBe('not yet');
      watcher().show(0.25);
      expect(state()).toBe('on screen');
      expect(watcher().disconnected).toBe(true);
      // Once on screen, scrolling it away changes nothing.
      watcher().show(0);
      expect(state()).toBe('on screen');
    });

    it('turns true when the reader reaches into it by keyboard or pointer before it is in view', () => {
      const { unmount } = render(<Section />);
      fireEvent.focusIn(screen.getByRole('button', { name: 'inside' }));
      expect(state()).toBe('on screen');
      unmount();
      render(<Section />);
      expect(state()).toBe('not yet');
      fireEvent.pointerOver(screen.getByTestId('section'));
      expect(state()).toBe('on screen');
    });
  });
});
