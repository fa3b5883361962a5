import { screen, within } from '@testing-library/react';
import type { Author } from '@mechabrim/contracts';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { AuthorPage } from './author-page';

const author: Author = {
  _id: 'a1',
  name: 'נועה לוי',
  bio: 'משוררת מחיפה',
  avatar: '',
  genres: ['שירה'],
  booksCount: 1,
  averageRating: 4.5,
  totalSales: 3,
  joinDate: '2024-01-01T00:00:00.000Z',
  email: '',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  website: 'https://noa.example.com',
  socialMedia: {
    facebook: 'https://facebook.com/noa',
    twitter: 'javascript:alert(1)',
    instagram: '',
    linkedin: 'https://linkedin.com/in/noa',
  },
  gender: 'female',
};

const open = (answer: Author) => {
  fakeApi((url) => (url.pathname === '/api/authors/a1' ? { body: answer } : { body: [] }));
  return renderRoute(<AuthorPage />, '/author/:id', '/author/a1');
};

describe('/author/:id', () => {
  it('shows the website and social links the author saved, http(s) only, opening in a new tab (issue 27)', async () => {
    open(author);
    const list = await screen.findByRole('list', { name: 'הקישורים של נועה לוי' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.dataset.link, link.getAttribute('href')])).toEqual([
      ['website', 'https://noa.example.com'],
      ['facebook', 'https://facebook.com/noa'],
      ['linkedin', 'https://linkedin.com/in/noa'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('shows no links list when the author saved none', async () => {
    open({ ...author, website: '', socialMedia: undefined });
    await screen.findByRole('heading', { level: 1, name: 'נועה לוי' });
    expect(screen.queryByRole('list', { name: /הקישורים של/ })).toBeNull();
  });
});

describe('/author/:id reviews (issue 24)', () => {
  it("shows the approved reviews of the author's books, each linking to its book", async () => {
    fakeApi((url) => {
      if (url.pathname === '/api/authors/a1') return { body: author };
      if (url.pathname === '/api/authors/a1/comments') {
        return {
          body: [
            {
              _id: 'r1',
              bookId: 'b7',
              bookTitle: 'שירי הים',
              authorName: 'דנה',
              title: 'מרגש',
              content: 'שירים יפים מאוד',
              rating: 4.5,
              createdAt: '2026-01-01T00:00:00.000Z',
              isApproved: true,
              verifiedPurchase: true,
              helpfulCount: 0,
            },
          ],
        };
      }
      return { body: [] };
    });
    renderRoute(<AuthorPage />, '/author/:id', '/author/a1');
    const section = (
      await screen.findByRole('heading', { name: 'ביקורות קוראים על הספרים' })
    ).closest('section') as HTMLElement;
    expect(within(section).getByText('שירים יפים מאוד')).toBeTruthy();
    expect(within(section).getByText('רכישה מאומתת')).toBeTruthy();
    expect(
      within(section).getByRole('link', { name: 'על הספר "שירי הים"' }).getAttribute('href'),
    ).toBe('/book/b7');
  });
});
