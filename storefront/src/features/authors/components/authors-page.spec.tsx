import { fireEvent, screen } from '@testing-library/react';
import type { Author } from '@mechabrim/contracts';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { AuthorsPage } from './authors-page';

function makeAuthor(n: number, genres: string[] = ['פנטזיה']): Author {
  return {
    _id: `a${n}`,
    name: `סופר ${String(n).padStart(2, '0')}`,
    bio: '',
    avatar: '',
    genres,
    booksCount: 1,
    averageRating: 4,
    totalSales: n,
    joinDate: `2024-01-${String((n % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
    email: `a${n}@example.com`,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
}

/** Makes `(min-width: 1024px)` match or not, like a desktop or a phone. */
function screenWidth(desktop: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: query === '(min-width: 1024px)' ? desktop : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

const gridItems = () => document.querySelectorAll('.authors-grid > li').length;
const seeMore = () => screen.queryByRole('button', { name: 'הצגת עוד' });

async function renderAuthors(count: number, poets = 0) {
  fakeApi((url) =>
    url.pathname === '/api/authors'
      ? {
          body: [
            ...Array.from({ length: count }, (_, i) => makeAuthor(i + 1)),
            ...Array.from({ length: poets }, (_, i) => makeAuthor(100 + i, ['שירה'])),
          ],
        }
      : undefined,
  );
  renderRoute(<AuthorsPage />, '/authors', '/authors');
  await screen.findByRole('heading', { level: 2, name: 'סופרים בקהילה' });
}

describe('authors page paging', () => {
  it('desktop: 5 per row, 2 rows first, then 2 more rows per "see more"', async () => {
    screenWidth(true);
    await renderAuthors(27);
    expect(document.querySelector('.authors-grid')?.getAttribute('data-per-row')).toBe('5');
    expect(gridItems()).toBe(10);
    fireEvent.click(seeMore()!);
    expect(gridItems()).toBe(20);
    fireEvent.click(seeMore()!);
    expect(gridItems()).toBe(27);
    expect(seeMore()).toBeNull();
  });

  it('mobile: 2 per row, 4 first, +4 per "see more"', async () => {
    screenWidth(false);
    await renderAuthors(9);
    expect(document.querySelector('.authors-grid')?.getAttribute('data-per-row')).toBe('2');
    expect(gridItems()).toBe(4);
    fireEvent.click(seeMore()!);
    expect(gridItems()).toBe(8);
    fireEvent.click(seeMore()!);
    expect(gridItems()).toBe(9);
    expect(seeMore()).toBeNull();
  });

  it('a new filter starts again from two rows; "clear search" resets search and genre', async () => {
    screenWidth(true);
    await renderAuthors(20, 12);
    fireEvent.click(seeMore()!);
    expect(gridItems()).toBe(20);
    fireEvent.change(screen.getByLabelText('ז׳אנר'), { target: { value: 'שירה' } });
    expect(gridItems()).toBe(10);
    expect(screen.getByText('12 סופרים')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('חיפוש סופרים'), { target: { value: 'אין כזה' } });
    expect(screen.getByText('לא נמצאו סופרים')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ניקוי החיפוש' }));
    expect(screen.getByLabelText<HTMLSelectElement>('ז׳אנר').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('חיפוש סופרים').value).toBe('');
    expect(gridItems()).toBe(10);
    expect(screen.getByText('32 סופרים')).toBeTruthy();
  });
});

describe('the featured author and the count, in the author’s gender', () => {
  async function renderFeatured(gender: Author['gender'], count = 3) {
    screenWidth(true);
    fakeApi((url) =>
      url.pathname === '/api/authors'
        ? {
            body: Array.from({ length: count }, (_, i) => ({
              ...makeAuthor(i + 1),
              // The newest one is featured.
              ...(i === count - 1 && gender && { gender }),
            })),
          }
        : undefined,
    );
    renderRoute(<AuthorsPage />, '/authors', '/authors');
    await screen.findByRole('heading', { level: 2, name: 'סופרים בקהילה' });
    return document.querySelector('.featured-author')!;
  }

  it.each([
    ['female', 'סופרת השבוע', /^הצטרפה ב־/, 'לעמוד הסופרת ‹'],
    ['male', 'סופר השבוע', /^הצטרף ב־/, 'לעמוד הסופר ‹'],
    [undefined, 'בזרקור השבוע', /^בקהילה מאז /, 'לעמוד האישי ‹'],
  ] as const)('%s', async (gender, title, joined, link) => {
    const featured = await renderFeatured(gender);
    expect(featured.querySelector('h2')?.textContent).toBe(title);
    expect(featured.querySelector('.featured-author__joined')?.textContent).toMatch(joined);
    expect(screen.getByRole('link', { name: link })).toBeTruthy();
    expect(featured.textContent).not.toContain('/');
  });

  it('one result is counted in its gender, many as סופרים', async () => {
    await renderFeatured('female', 1);
    expect(screen.getByText('סופרת אחת')).toBeTruthy();
  });
});

describe('authors page landmarks', () => {
  it("names its search landmark (the header's search is another one: axe landmark-unique)", async () => {
    screenWidth(true);
    await renderAuthors(3);
    expect(screen.getByRole('search', { name: 'חיפוש וסינון סופרים' })).toBeTruthy();
  });
});
