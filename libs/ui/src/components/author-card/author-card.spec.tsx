import '../../testing/jsdom-polyfills';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@mechabrim/routing';
import { AuthorCard, authorBioPreview } from './author-card';

describe('author card', () => {
  it('cuts the bio at 80 characters with an ellipsis', () => {
    const bio = 'א'.repeat(100);
    expect(authorBioPreview({ _id: 'a', name: 'x', bio })).toBe(`${'א'.repeat(80)}…`);
    expect(authorBioPreview({ _id: 'a', name: 'x', bio: 'קצר' })).toBe('קצר');
  });

  it('describes an author with no bio by their book count, in the author’s gender', () => {
    const author = { _id: 'a', name: 'x', bio: '', booksCount: 4 };
    expect(authorBioPreview({ ...author, gender: 'female' })).toBe('סופרת ותיקה עם 4 ספרים');
    expect(authorBioPreview({ ...author, gender: 'male' })).toBe('סופר ותיק עם 4 ספרים');
    expect(authorBioPreview(author)).toBe('4 ספרים בחנות');
    expect(authorBioPreview({ ...author, booksCount: 1, gender: 'male' })).toBe(
      'סופר ותיק עם ספר אחד',
    );
  });

  it('shows the default avatar and links genres to URL-encoded categories', () => {
    render(
      <MemoryRouter>
        <AuthorCard
          author={{
            _id: 'a1',
            name: 'דנה',
            genres: ['מדע בדיוני'],
            booksCount: 2,
            averageRating: 4.5,
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('avatar-default')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'דנה' }).getAttribute('href')).toBe('/author/a1');
    expect(screen.getByRole('link', { name: 'מדע בדיוני' }).getAttribute('href')).toBe(
      `/category/${encodeURIComponent('מדע בדיוני')}`,
    );
  });
});
