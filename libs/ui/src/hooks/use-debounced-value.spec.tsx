import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './use-debounced-value';

it('passes the value on only after it has been still for the delay', () => {
  jest.useFakeTimers();
  const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 300), {
    initialProps: { v: 'א' },
  });
  rerender({ v: 'אב' });
  act(() => jest.advanceTimersByTime(200));
  rerender({ v: 'אבג' });
  act(() => jest.advanceTimersByTime(299));
  expect(result.current).toBe('א');
  act(() => jest.advanceTimersByTime(1));
  expect(result.current).toBe('אבג');
  jest.useRealTimers();
});
