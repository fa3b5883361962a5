import { act, fireEvent, screen, within } from '@testing-library/react';
import { cartStore } from '@mechabrim/cart-store';
import { sessionStore, type SessionUser } from '@mechabrim/session';
import { fakeApi, makeBook, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { WishlistPage } from './wishlist-page';

const reader: SessionUser = {
  _id: 'u1',
  id: 'u1',
  name: 'דנה',
  email: 'dana@example.com',
  role: 'user',
  bio: '',
  avatar: '',
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('wishlist page', () => {
  beforeEach(() => {
    act(() => {
      sessionStore.setState({ user: reader, token: 't', loading: false });
      cartStore.getState().clear();
    });
  });
  afterAll(() => act(() => sessionStore.setState({ user: null, token: null, loading: false })));

  it('adds a wished book to the cart from its card; a book off sale shows sold out, disabled', async () => {
    const onSale = makeBook(1, { _id: 'b1', title: 'ספר בחנות' });
    const soldOut = makeBook(2, { _id: 'b2', title: 'ספר שאזל', isAvailable: false });
    fakeApi((url) =>
      url.pathname === '/api/users/wishlist' ? { body: [onSale, soldOut] } : undefined,
    );
    renderRoute(<WishlistPage />, '/wishlist', '/wishlist');
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    fireEvent.click(within(first).getByRole('button', { name: 'הוספה לסל: ספר בחנות' }));
    expect(cartStore.getState().quantityOf('b1')).toBe(1);
    expect(within(first).getByRole('button', { name: 'הסרה מהסל: ספר בחנות' })).toBeTruthy();

    const disabled = within(second).getByRole('button', { name: 'לא זמין כרגע: ספר שאזל' });
    expect(disabled.hasAttribute('disabled')).toBe(true);
    expect(within(second).getByText('לא זמין')).toBeTruthy();
    expect(second.getAttribute('data-sold-out')).toBe('true');
    // Still removable from the wishlist.
    expect(
      within(second).getByRole('button', { name: 'הסרה של ספר שאזל מרשימת המשאלות' }),
    ).toBeTruthy();
  });
});
