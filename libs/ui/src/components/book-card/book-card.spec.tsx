import '../../testing/jsdom-polyfills';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@mechabrim/routing';
import { BookCard, type BookCardBook } from './book-card';

const book: BookCardBook = {
  _id: 'b1',
  title: 'הים שבפנים',
  price: 59.9,
  summary: 'סיפור על ים',
  coverImage: '/c.jpg',
};

function renderCard(props: Partial<Parameters<typeof BookCard>[0]> = {}) {
  const onAdd = jest.fn();
  const onRemove = jest.fn();
  render(
    <MemoryRouter>
      <BookCard
        book={book}
        authorName="נועה לוי"
        inCart={false}
        quantity={0}
        onAdd={onAdd}
        onRemove={onRemove}
        {...props}
      />
    </MemoryRouter>,
  );
  return { onAdd, onRemove };
}

describe('book card', () => {
  it('shows title, author, whole-shekel price and summary', () => {
    renderCard();
    expect(screen.getByRole('link', { name: 'הים שבפנים' }).getAttribute('href')).toBe('/book/b1');
    expect(screen.getByText('מאת נועה לוי')).toBeTruthy();
    expect(screen.getByText(/60/)).toBeTruthy();
    expect(screen.getByText('סיפור על ים')).toBeTruthy();
  });

  it('names an unknown author and falls back to a no-description text', () => {
    renderCard({ authorName: undefined, book: { ...book, summary: '', description: undefined } });
    expect(screen.getByText('מאת מחבר/ת לא ידוע/ה')).toBeTruthy();
    expect(screen.getByText('אין תיאור זמין לספר זה')).toBeTruthy();
  });

  it('adds to the cart when not in it', async () => {
    const { onAdd } = renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'הוספת הים שבפנים לסל' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('offers removal and a quantity badge above one when in the cart', async () => {
    const { onRemove } = renderCard({ inCart: true, quantity: 3 });
    expect(screen.getByLabelText('3 עותקים בסל').textContent).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: 'הסרת הים שבפנים מהסל' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('hides the badge for a single copy', () => {
    renderCard({ inCart: true, quantity: 1 });
    expect(screen.queryByLabelText('1 עותקים בסל')).toBeNull();
  });

  it('replaces a broken cover with a same-size placeholder', () => {
    renderCard();
    const img = screen.getByAltText('כריכת הספר הים שבפנים');
    fireEvent.error(img);
    expect(screen.getByTestId('cover-placeholder')).toBeTruthy();
  });
});
