import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@mechabrim/routing';
import { cartStore } from '@mechabrim/cart-store';
import { makeBook } from '@mechabrim/api-client/src/testing/render-with-api';
import { CART_FEEDBACK_MS, CartFeedback } from './cart-feedback';

describe('add-to-cart feedback', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    act(() => cartStore.getState().clear());
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('says which book was added and how many are in the cart, in a live region, then goes', () => {
    render(
      <MemoryRouter>
        <CartFeedback />
      </MemoryRouter>,
    );
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    act(() => cartStore.getState().add(makeBook(1, { title: 'ים של מילים' })));
    expect(region.textContent).toContain('"ים של מילים" נוסף לסל.');
    expect(region.textContent).toContain('בסל ספר אחד.');
    expect(within(region).getByRole('link', { name: 'מעבר לסל' }).getAttribute('href')).toBe(
      '/cart',
    );
    act(() => cartStore.getState().add(makeBook(1, { title: 'ים של מילים' })));
    expect(region.textContent).toContain('בסל 2 ספרים.');
    act(() => void jest.advanceTimersByTime(CART_FEEDBACK_MS));
    expect(region.textContent).toBe('');
  });

  it('says nothing on removal, and closes by its button', () => {
    render(
      <MemoryRouter>
        <CartFeedback />
      </MemoryRouter>,
    );
    const region = screen.getByRole('status');
    act(() => cartStore.getState().add(makeBook(2)));
    fireEvent.click(screen.getByRole('button', { name: 'סגירת ההודעה' }));
    expect(region.textContent).toBe('');
    act(() => cartStore.getState().remove(makeBook(2)._id));
    expect(region.textContent).toBe('');
  });
});
