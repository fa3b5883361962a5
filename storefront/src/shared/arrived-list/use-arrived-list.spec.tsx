import { renderHook, waitFor } from '@testing-library/react';
import { useArrivedList } from './use-arrived-list';

const NONE: readonly string[] = [];

interface Query {
  isPending: boolean;
  data?: readonly string[];
}

const renderList = (initialProps: Query) =>
  renderHook((query: Query) => useArrivedList(query, NONE), { initialProps });

describe('useArrivedList', () => {
  it('is undefined while the list loads, then the list as it arrived', async () => {
    const { result, rerender } = renderList({ isPending: true });
    expect(result.current).toBeUndefined();
    const list = ['ספר א', 'ספר ב'];
    rerender({ isPending: false, data: list });
    // Deferred: drawn in a transition after the urgent render, with the very list.
    await waitFor(() => expect(result.current).toBe(list));
  });

  it('is the empty list given when the list could not be loaded', async () => {
    const { result, rerender } = renderList({ isPending: true });
    rerender({ isPending: false });
    await waitFor(() => expect(result.current).toBe(NONE));
  });

  it('goes back to loading when a new list is asked for (another sort)', async () => {
    const first = ['ספר א'];
    const { result, rerender } = renderList({ isPending: false, data: first });
    expect(result.current).toBe(first);
    rerender({ isPending: true });
    await waitFor(() => expect(result.current).toBeUndefined());
  });
});
