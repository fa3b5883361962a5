/** @jest-environment node */
// The heads the storefront's server draws must pass the shell's check (pageHeadSchema) whatever
// the lengths of the book's title, the author's name or a search: a head over a limit is dropped
// whole by the edge.
import { makeBook } from '@mechabrim/api-client/src/testing/render-with-api';
import { PAGE_HEAD_LIMITS, pageHeadSchema, type Author } from '@mechabrim/contracts';
import { strings } from '../strings.he';
import { authorHead, bookHead, catalogueHead, clip } from './page-head';

const SITE = 'https://mechabrim.test/';
/** 300 characters of words, the longest title a book may have. */
const LONG_TITLE = 'מסע ארוך אל '.repeat(25).slice(0, 300);

function author(overrides: Partial<Author> = {}): Author {
  return {
    _id: 'a1',
    name: 'נועה לוי',
    bio: '',
    avatar: 'https://api.mechabrim.test/api/avatars/noa.jpg',
    genres: [],
    booksCount: 1,
    averageRating: 0,
    totalSales: 0,
    joinDate: '2025-01-01',
    email: '',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('page heads at the limits', () => {
  it("a book with a 300-character title: the head passes, its title cut at a word, the author and the store's name kept", () => {
    expect(LONG_TITLE).toHaveLength(300);
    const head = bookHead(
      makeBook(1, {
        title: LONG_TITLE,
        coverImage: 'https://api.mechabrim.test/api/covers/b1.jpg',
      }),
      SITE,
    );
    expect(pageHeadSchema.safeParse(head).success).toBe(true);
    expect(head.title.length).toBeLessThanOrEqual(PAGE_HEAD_LIMITS.title);
    expect(head.title).toMatch(/^מסע ארוך אל .*… מאת נועה לוי \| מחברים$/);
    expect(head.title).toMatch(/\S… מאת/);
    expect(head.image?.alt.length).toBeLessThanOrEqual(PAGE_HEAD_LIMITS.imageAlt);
    expect(head.image?.alt).toMatch(/^כריכת הספר מסע ארוך .*\S…$/);
    // The book itself keeps its whole name in its schema.org data.
    expect(head.jsonLd[0]).toMatchObject({ '@type': 'Book', name: LONG_TITLE });
  });

  it('a short title is left whole', () => {
    const head = bookHead(makeBook(1, { title: 'הים' }), SITE);
    expect(head.title).toBe(strings.seo.titleOf(strings.seo.bookTitle('הים', 'נועה לוי')));
  });

  it("an author's name and a search too long for the limits still make heads that pass", () => {
    const longName = 'שם '.repeat(200);
    const person = authorHead(author({ name: longName, bio: 'מילה '.repeat(500) }), SITE);
    expect(pageHeadSchema.safeParse(person).success).toBe(true);
    expect(person.title).toMatch(/…\s?\| מחברים$/);
    const book = bookHead(
      makeBook(1, {
        title: LONG_TITLE,
        authorName: longName,
        author: { _id: 'a1', name: longName },
      }),
      SITE,
    );
    expect(pageHeadSchema.safeParse(book).success).toBe(true);
    const search = catalogueHead(SITE, new URLSearchParams({ search: 'א'.repeat(2000) }));
    expect(pageHeadSchema.safeParse(search).success).toBe(true);
    expect(search.title.length).toBeLessThanOrEqual(PAGE_HEAD_LIMITS.title);
  });

  it('clip cuts at a word, or mid-word when no word ends past the middle, never mid-character', () => {
    expect(clip('אחת שתיים שלוש ארבע', 12)).toBe('אחת שתיים…');
    expect(clip('א'.repeat(20), 10)).toBe(`${'א'.repeat(9)}…`);
    expect(clip('  אחת\n\nשתיים  ', 50)).toBe('אחת שתיים');
    const emoji = clip(`${'א'.repeat(8)}📚📚`, 10);
    expect(emoji).toBe(`${'א'.repeat(8)}…`);
  });
});
