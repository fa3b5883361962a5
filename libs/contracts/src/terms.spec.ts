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
