import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from '@mechabrim/routing';
import { ScrollToTop } from './scroll-to-top';

describe('scroll to top', () => {
  it('scrolls smoothly to the top on every path change (spec §2)', () => {
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo;
    let navigate: NavigateFunction = () => undefined;
    function CaptureNavigate() {
      navigate = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/']}>
        <ScrollToTop />
        <CaptureNavigate />
      </MemoryRouter>,
    );
    // The first page keeps where the reader already is (it may have come drawn by the server).
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => void navigate('/books'));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    // Only the path counts: a new query on the same page does not jump.
    act(() => void navigate('/books?search=שיר'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => void navigate('/authors'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    // Back on the first path is a path change like any other.
    act(() => void navigate('/'));
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });
});
