import { fireEvent, render, screen } from '@testing-library/react';
import { ScreenWatcher } from '../testing/screen-watcher';
import { useOnScreen } from './use-on-screen';

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
const watcher = () => ScreenWatcher.last();

describe('useOnScreen', () => {
  afterEach(() => ScreenWatcher.uninstall());

  it('is true at once where the browser cannot tell what is on screen', () => {
    render(<Section />);
    expect(state()).toBe('on screen');
  });

  describe('with IntersectionObserver', () => {
    beforeEach(() => ScreenWatcher.install());

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
