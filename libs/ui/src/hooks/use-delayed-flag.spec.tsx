import { act, render, screen } from '@testing-library/react';
import { useDelayedFlag } from './use-delayed-flag';

function Entrance() {
  const on = useDelayedFlag(100);
  return <p data-testid="entrance">{on ? 'on' : 'off'}</p>;
}

describe('useDelayedFlag', () => {
  afterEach(() => {
    jest.useRealTimers();
    document.body.innerHTML = '';
  });

  it('is off, then on after the delay, when the app draws a page itself', () => {
    jest.useFakeTimers();
    render(<Entrance />);
    expect(screen.getByTestId('entrance').textContent).toBe('off');
    act(() => jest.advanceTimersByTime(99));
    expect(screen.getByTestId('entrance').textContent).toBe('off');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('entrance').textContent).toBe('on');
  });

  it('is on from the start while the server-drawn page is on screen, so the draw over it matches', () => {
    const landing = document.createElement('div');
    landing.className = 'shell-landing';
    landing.setAttribute('data-landing-path', '/about');
    document.body.append(landing);
    render(<Entrance />);
    expect(screen.getByTestId('entrance').textContent).toBe('on');
  });
});
