/**
 * `terms.ts` is what a front end's first screen may import from the contracts: it must never
 * bring zod (or any schema) with it. zod is replaced here by a module that fails when loaded.
 */
jest.mock('zod', () => {
  throw new Error('terms.ts loaded zod');
});

describe('the contracts’ plain values', () => {
  it('load without zod', () => {
    const terms = jest.requireActual<typeof import('./terms')>('./terms');
    expect(terms.resolveCategory('fantasy')).toBe('פנטזיה');
    expect(terms.REVIEW_LIMITS.titleMax).toBeGreaterThan(0);
  });

  it('are all exported by the barrel too', () => {
    const terms = jest.requireActual<Record<string, unknown>>('./terms');
    jest.resetModules();
    jest.unmock('zod');
    const barrel = jest.requireActual<Record<string, unknown>>('./index');
    // Module instances differ after the reset: compare what they hold (functions by name).
    const shape = (values: Record<string, unknown>, name: string) =>
      typeof values[name] === 'function'
        ? (values[name] as { name: string }).name
        : JSON.stringify(values[name]);
    for (const name of Object.keys(terms)) expect(shape(barrel, name)).toBe(shape(terms, name));
  });
});

describe('an uploaded cover’s web sizes', () => {
  const { bookCoverSrcSet } = jest.requireActual<typeof import('./terms')>('./terms');
  const id = '65a1b2c3d4e5f60718293a4b';

  it('lists all three, with their widths, from any one of its addresses', () => {
    const expected =
      `https://api.mechabrim.co.il/api/books/${id}/cover/thumb?v=1a2b3c4d 200w, ` +
      `https://api.mechabrim.co.il/api/books/${id}/cover/web?v=1a2b3c4d 600w, ` +
      `https://api.mechabrim.co.il/api/books/${id}/cover/large?v=1a2b3c4d 1200w`;
    for (const size of ['thumb', 'web', 'large'])
      expect(
        bookCoverSrcSet(`https://api.mechabrim.co.il/api/books/${id}/cover/${size}?v=1a2b3c4d`),
      ).toBe(expected);
    expect(bookCoverSrcSet(`/api/books/${id}/cover/web`)).toBe(
      `/api/books/${id}/cover/thumb 200w, /api/books/${id}/cover/web 600w, /api/books/${id}/cover/large 1200w`,
    );
  });

  it('has none for any other picture', () => {
    for (const src of [
      `/api/covers/${id}.svg`,
      'https://example.com/cover.jpg',
      `/api/books/${id}/cover/huge?v=1`,
      `/api/books/not-an-id/cover/web`,
      `/api/books/${id}/cover/webby`,
      '',
    ])
      expect({ src, srcSet: bookCoverSrcSet(src) }).toEqual({ src, srcSet: undefined });
  });
});
