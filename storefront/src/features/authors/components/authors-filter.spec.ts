import type { Author } from '@mechabrim/contracts';
import {
  INITIAL_ROWS,
  PER_ROW_DESKTOP,
  PER_ROW_MOBILE,
  ROWS_STEP,
  distinctGenres,
  featuredAuthor,
  filterAuthors,
  hasMoreRows,
  sortAuthors,
  visibleCount,
} from './authors-filter';

const author = (over: Partial<Author>): Author => ({
  _id: over.name ?? 'x',
  name: 'x',
  bio: '',
  avatar: '',
  genres: [],
  booksCount: 1,
  averageRating: 0,
  totalSales: 0,
  joinDate: '2024-01-01T00:00:00.000Z',
  email: '',
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('authors grid paging', () => {
  it('shows two rows first: 10 cards on desktop, 4 on mobile', () => {
    expect(visibleCount(INITIAL_ROWS, PER_ROW_DESKTOP, 23)).toBe(10);
    expect(visibleCount(INITIAL_ROWS, PER_ROW_MOBILE, 23)).toBe(4);
  });

  it('adds two rows per "see more" until none remain', () => {
    let rows = INITIAL_ROWS;
    const seen: number[] = [];
    while (hasMoreRows(rows, PER_ROW_DESKTOP, 23)) {
      rows += ROWS_STEP;
      seen.push(visibleCount(rows, PER_ROW_DESKTOP, 23));
    }
    expect(seen).toEqual([20, 23]);
    expect(hasMoreRows(rows, PER_ROW_DESKTOP, 23)).toBe(false);
  });

  it('has nothing more when everything fits in the first rows', () => {
    expect(hasMoreRows(INITIAL_ROWS, PER_ROW_MOBILE, 4)).toBe(false);
    expect(hasMoreRows(INITIAL_ROWS, PER_ROW_MOBILE, 5)).toBe(true);
  });
});

describe('authors filters', () => {
  const list = [
    author({
      name: 'דנה כהן',
      bio: 'כותבת שירה',
      genres: ['שירה'],
      booksCount: 3,
      averageRating: 4.5,
      totalSales: 10,
      joinDate: '2024-03-01T00:00:00Z',
    }),
    author({
      name: 'אבי לוי',
      bio: 'Fantasy writer',
      genres: ['פנטזיה', 'מדע בדיוני'],
      booksCount: 5,
      averageRating: 3.9,
      totalSales: 40,
      joinDate: '2025-01-01T00:00:00Z',
    }),
    author({
      name: 'גלית',
      bio: '',
      genres: ['רומן'],
      booksCount: 0,
      joinDate: '2026-01-01T00:00:00Z',
    }),
  ];

  it('searches name, bio and genres case-insensitively', () => {
    expect(filterAuthors(list, 'דנה', '').map((a) => a.name)).toEqual(['דנה כהן']);
    expect(filterAuthors(list, 'fantasy', '').map((a) => a.name)).toEqual(['אבי לוי']);
    expect(filterAuthors(list, 'בדיוני', '').map((a) => a.name)).toEqual(['אבי לוי']);
  });

  it('filters by exact genre membership', () => {
    expect(filterAuthors(list, '', 'שירה').map((a) => a.name)).toEqual(['דנה כהן']);
    expect(filterAuthors(list, '', 'שיר')).toEqual([]);
  });

  it('sorts by name, books, rating and sales', () => {
    expect(sortAuthors(list, 'name').map((a) => a.name)).toEqual(['אבי לוי', 'גלית', 'דנה כהן']);
    expect(sortAuthors(list, 'books')[0]?.name).toBe('אבי לוי');
    expect(sortAuthors(list, 'rating')[0]?.name).toBe('דנה כהן');
    expect(sortAuthors(list, 'sales')[0]?.name).toBe('אבי לוי');
  });

  it('lists distinct genres sorted', () => {
    expect(distinctGenres(list)).toEqual(['מדע בדיוני', 'פנטזיה', 'רומן', 'שירה']);
  });

  it('features the newest author who has a book', () => {
    expect(featuredAuthor(list)?.name).toBe('אבי לוי');
  });
});
