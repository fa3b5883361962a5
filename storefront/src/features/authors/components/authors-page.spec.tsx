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

/**
 * The cards a screen shows: a wide one every card in the grid, a narrow one those not kept for
 * wide screens (`.authors-grid__wide-only` is hidden below 1024px, authors.css).
 */
function gridItems(width: 'wide' | 'narrow'): number {
  const items = [...document.querySelectorAll('.authors-grid > li')];
  return width === 'wide'
    ? items.length
    : items.filter((li) => !li.classList.contains('authors-grid__wide-only')).length;
}

/** 'See more' as a screen shows it (`.authors-more--narrow-only` is hidden from 1024px). */
function seeMore(width: 'wide' | 'narrow'): HTMLElement | null {
  const button = screen.queryByRole('button', { name: 'הצגת עוד' });
  if (!button) return null;
  const narrowOnly = button
    .closest('.authors-more')
    ?.classList.contains('authors-more--narrow-only');
  return width === 'wide' && narrowOnly ? null : button;
}

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
  it('wide screens: 5 per row, 2 rows first, then 2 more rows per "see more"', async () => {
    await renderAuthors(27);
    expect(gridItems('wide')).toBe(10);
    fireEvent.click(seeMore('wide')!);
    expect(gridItems('wide')).toBe(20);
    fireEvent.click(seeMore('wide')!);
    expect(gridItems('wide')).toBe(27);
    expect(seeMore('wide')).toBeNull();
  });

  it('narrow screens: 2 per row, 4 first, +4 per "see more"', async () => {
    await renderAuthors(9);
    expect(gridItems('narrow')).toBe(4);
    // A wide screen has all 9 in its two rows: no 'see more' for it.
    expect(gridItems('wide')).toBe(9);
    expect(seeMore('wide')).toBeNull();
    fireEvent.click(seeMore('narrow')!);
    expect(gridItems('narrow')).toBe(8);
    fireEvent.click(seeMore('narrow')!);
    expect(gridItems('narrow')).toBe(9);
    expect(seeMore('narrow')).toBeNull();
  });

  it('a new filter starts again from two rows; "clear search" resets search and genre', async () => {
    await renderAuthors(20, 12);
    fireEvent.click(seeMore('wide')!);
    expect(gridItems('wide')).toBe(20);
    fireEvent.change(screen.getByLabelText('ז׳אנר'), { target: { value: 'שירה' } });
    expect(gridItems('wide')).toBe(10);
    expect(screen.getByText('12 סופרים')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('חיפוש סופרים'), { target: { value: 'אין כזה' } });
    expect(screen.getByText('לא נמצאו סופרים')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ניקוי החיפוש' }));
    expect(screen.getByLabelText<HTMLSelectElement>('ז׳אנר').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('חיפוש סופרים').value).toBe('');
    expect(gridItems('wide')).toBe(10);
    expect(screen.getByText('32 סופרים')).toBeTruthy();
  });
});

describe('the featured author and the count, in the author’s gender', () => {
  async function renderFeatured(gender: Author['gender'], count = 3) {
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
    await renderAuthors(3);
    expect(screen.getByRole('search', { name: 'חיפוש וסינון סופרים' })).toBeTruthy();
  });
});
