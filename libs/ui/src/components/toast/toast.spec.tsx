import { act, render, screen } from '@testing-library/react';
import { Toast } from './toast';

it('closes by itself after its duration', () => {
  jest.useFakeTimers();
  const onClose = jest.fn();
  render(<Toast tone="success" message="נשלח" durationMs={3000} onClose={onClose} />);
  expect(screen.getByRole('status').textContent).toContain('נשלח');
  act(() => jest.advanceTimersByTime(2999));
  expect(onClose).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(onClose).toHaveBeenCalledTimes(1);
  jest.useRealTimers();
});
