import { bookListQuerySchema, searchQuerySchema } from './catalogue';
import { resolveCategory } from './terms';
import { contactRequestSchema, wishlistAddRequestSchema } from './community';

describe('catalogue queries', () => {
  it('defaults page and limit and reads numbers from strings', () => {
    expect(bookListQuerySchema.parse({})).toMatchObject({ page: 1, limit: 20 });
    expect(bookListQuerySchema.parse({ page: '3', limit: '6' })).toMatchObject({
      page: 3,
      limit: 6,
    });
  });

  it('rejects out-of-range and non-numeric paging and unknown keys', () => {
    expect(bookListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(bookListQuerySchema.safeParse({ limit: '1000' }).success).toBe(false);
    expect(bookListQuerySchema.safeParse({ page: '-1' }).success).toBe(false);
    expect(bookListQuerySchema.safeParse({ 'category[$ne]': 'x' }).success).toBe(false);
  });

  it('trims the search text and requires a character', () => {
    expect(searchQuerySchema.parse({ q: '  ספר ' })).toEqual({ q: 'ספר', limit: 10 });
    expect(searchQuerySchema.safeParse({ q: '   ' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: ['a', 'b'] }).success).toBe(false);
  });

  it('resolves Hebrew values, English keys and legacy slugs', () => {
    expect(resolveCategory('פנטזיה')).toBe('פנטזיה');
    expect(resolveCategory('Cooking')).toBe('בישול');
    expect(resolveCategory('romance')).toBe('רומן');
    expect(resolveCategory('nothing')).toBeNull();
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'CONSTRUCTOR'])(
    'does not resolve the Object.prototype name %s to a category',
    (name) => {
      expect(resolveCategory(name)).toBeNull();
    },
  );
});

describe('community bodies', () => {
  it('requires all four contact fields and a known subject', () => {
    const ok = { name: 'דנה', email: 'dana@x.co', subject: 'support', message: 'שלום' };
    expect(contactRequestSchema.safeParse(ok).success).toBe(true);
    expect(contactRequestSchema.safeParse({ ...ok, subject: 'spam' }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...ok, message: ' ' }).success).toBe(false);
  });

  it('requires a well-formed book id on the wishlist', () => {
    expect(wishlistAddRequestSchema.safeParse({ bookId: '0123456789abcdef01234567' }).success).toBe(
      true,
    );
    expect(wishlistAddRequestSchema.safeParse({ bookId: 'nope' }).success).toBe(false);
    expect(wishlistAddRequestSchema.safeParse({ bookId: { $ne: null } }).success).toBe(false);
  });
});
