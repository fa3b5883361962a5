import '../../testing/jsdom-polyfills';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@mechabrim/routing';
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
  const { container } = render(
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
  return { onAdd, onRemove, container };
}

describe('book card', () => {
  it('shows title, author, the price as charged (59.90 ₪, not 60) and summary', () => {
    const { container } = renderCard();
    expect(screen.getByRole('link', { name: 'הים שבפנים' }).getAttribute('href')).toBe('/book/b1');
    expect(screen.getByText('מאת נועה לוי')).toBeTruthy();
    const price = container.querySelector('.mb-book-card__price')?.textContent ?? '';
    expect(price.replace(/[\u200e\u200f]/g, '').replace(/\s+/g, ' ')).toBe('59.90 ₪');
    expect(screen.getByText('סיפור על ים')).toBeTruthy();
  });

  it('names an unknown author and falls back to a no-description text', () => {
    renderCard({ authorName: undefined, book: { ...book, summary: '', description: undefined } });
    expect(screen.getByText('שם הסופר לא ידוע')).toBeTruthy();
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

describe('book card overlay', () => {
  const setHover = (canHover: boolean) => {
    window.matchMedia = ((query: string) => ({
      matches: query === '(hover: none)' ? !canHover : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  };

  it('is reached by keyboard: Tab focuses the view link, which shows the overlay', async () => {
    setHover(true);
    renderCard();
    const overlay = screen.getByTestId('book-card-overlay');
    expect(overlay.getAttribute('data-open')).toBe('false');
    const view = screen.getByRole('link', { name: 'לצפייה בספר הים שבפנים' });
    // The cover link is skipped (tabIndex -1); the view link is the first stop.
    await userEvent.tab();
    expect(document.activeElement).toBe(view);
    expect(overlay.getAttribute('data-open')).toBe('true');
    expect(overlay.contains(screen.getByText('סיפור על ים'))).toBe(true);
    await userEvent.tab();
    expect(overlay.getAttribute('data-open')).toBe('false');
  });

  it('opens on a first tap of the cover on a touch screen instead of navigating', () => {
    setHover(false);
    renderCard();
    const overlay = screen.getByTestId('book-card-overlay');
    const cover = screen.getByAltText('כריכת הספר הים שבפנים').closest('a')!;
    const firstTap = fireEvent.click(cover);
    expect(firstTap).toBe(false); // default prevented: no navigation on the first tap
    expect(overlay.getAttribute('data-open')).toBe('true');
    fireEvent.click(screen.getByText('סיפור על ים'));
    expect(overlay.getAttribute('data-open')).toBe('false');
  });

  it('opens the book on a mouse click anywhere on the hovered cover, the summary included', () => {
    setHover(true);
    render(
      <MemoryRouter initialEntries={['/books']}>
        <Routes>
          <Route
            path="/books"
            element={
              <BookCard
                book={book}
                inCart={false}
                quantity={0}
                onAdd={jest.fn()}
                onRemove={jest.fn()}
              />
            }
          />
          <Route path="/book/:id" element={<h1>עמוד הספר</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    // With a mouse over the cover the overlay lies on top of it and takes the click.
    fireEvent.click(screen.getByText('סיפור על ים'));
    expect(screen.getByRole('heading', { name: 'עמוד הספר' })).toBeTruthy();
  });

  it('lets a mouse click on the cover navigate as before', () => {
    setHover(true);
    renderCard();
    const cover = screen.getByAltText('כריכת הספר הים שבפנים').closest('a')!;
    fireEvent.click(cover);
    expect(screen.getByTestId('book-card-overlay').getAttribute('data-open')).toBe('false');
  });
});
