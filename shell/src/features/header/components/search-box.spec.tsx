import '@mechabrim/ui/src/testing/jsdom-polyfills';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@mechabrim/query';
import { MemoryRouter, Route, Routes, useLocation } from '@mechabrim/routing';
import type { Author, Book } from '@mechabrim/contracts';
import { SearchBox } from './search-box';

const book = (id: string, title: string): Book => ({
  _id: id,
  title,
  coverImage: '',
  author: { _id: 'a1', name: 'נועה לוי' },
  authorName: 'נועה לוי',
  category: 'רומן',
  price: 59.9,
  description: '',
  summary: '',
  rating: 4.25,
  totalRatings: 3,
  isAvailable: true,
  tags: [],
  publishedDate: null,
  salesCount: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
});
const author: Author = {
  _id: 'a1',
  name: 'נועה לוי',
  bio: 'סופרת ומשוררת מחיפה שכותבת על הים, על משפחה ועל זיכרון, ומלמדת כתיבה יוצרת בסדנאות',
  avatar: '',
  genres: ['רומן'],
  booksCount: 2,
  averageRating: 4,
  totalSales: 9,
  joinDate: '2024-01-01T00:00:00.000Z',
  email: '',
  createdAt: '',
  updatedAt: '',
};

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}

function setup() {
  jest.useFakeTimers();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The answers the API gives for these queries, already in the one cache (no network in a unit test).
  client.setQueryData(
    ['books', 'search', 'ים', 10],
    [book('b1', 'הים שבפנים'), book('b2', 'ימים של אור')],
  );
  client.setQueryData(['authors', 'search', 'ים', 10], [author]);
  client.setQueryData(['books', 'search', 'זזז', 10], []);
  client.setQueryData(['authors', 'search', 'זזז', 10], []);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <SearchBox />
        <button type="button">מחוץ לחיפוש</button>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const input = screen.getByRole('combobox');
  return { user, input };
}

async function typeAndWait(
  user: ReturnType<typeof userEvent.setup>,
  input: HTMLElement,
  text: string,
) {
  await user.type(input, text);
  act(() => jest.advanceTimersByTime(300));
}

describe('header search box', () => {
  afterEach(() => jest.useRealTimers());

  it('asks only 300 ms after typing stops', async () => {
    const { user, input } = setup();
    await user.type(input, 'ים');
    act(() => jest.advanceTimersByTime(299));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows book rows with author, one-decimal rating and price, and author rows with a 60-character bio', async () => {
    const { user, input } = setup();
    await typeAndWait(user, input, 'ים');
    const [first, , authorRow] = screen.getAllByRole('option');
    expect(first?.textContent).toContain('הים שבפנים');
    expect(first?.textContent).toContain('מאת נועה לוי');
    expect(first?.textContent).toContain('4.3');
    // The price as charged: 59.90 ₪, not rounded to 60.
    expect(first?.textContent?.replace(/[\u200e\u200f]/g, '')).toContain('59.90\u00a0₪');
    expect(authorRow?.textContent).toContain('2 ספרים');
    expect(authorRow?.textContent).toContain(`${author.bio.slice(0, 60).trimEnd()}…`);
    expect(screen.getByTestId('avatar-default')).toBeTruthy();
  });

  it('moves the highlight with the arrow keys, wrapping at both ends', async () => {
    const { user, input } = setup();
    await typeAndWait(user, input, 'ים');
    const options = screen.getAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
  });

  it('opens the highlighted item on Enter and clears the box', async () => {
    const { user, input } = setup();
    await typeAndWait(user, input, 'ים');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/book/b2');
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens an author from its row', async () => {
    const { user, input } = setup();
    await typeAndWait(user, input, 'ים');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/author/a1');
  });

  it('goes to the full results on Enter with nothing highlighted', async () => {
    const { user, input } = setup();
    await typeAndWait(user, input, 'ים');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe(
      `/books?search=${encodeURIComponent('ים')}`,
    );
  });

  it('closes on Escape and on a click outside', async () => {
    const { user, input } = setup();
    await typeAndWait(user, input, 'ים');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'מחוץ לחיפוש' }));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('names the query when nothing is found', async () => {
    const { user, input } = setup();
    await typeAndWait(user, input, 'זזז');
    expect(screen.getByRole('status').textContent).toBe('לא נמצאו תוצאות עבור "זזז"');
  });
});
