import { inPriceBand } from '@mechabrim/contracts/src/terms';
import { apiParams, filtersFromParams, isFiltered, paramsWithFilters } from './catalogue-filters';

describe('catalogue filters in the URL', () => {
  it('reads every filter, falling back to "all" for unknown values', () => {
    expect(
      filtersFromParams(
        new URLSearchParams('search=%20שיר%20&category=poetry&price=30-50&sort=price-desc'),
      ),
    ).toEqual({ search: 'שיר', category: 'שירה', price: '30-50', sort: 'price-desc' });
    expect(
      filtersFromParams(new URLSearchParams('category=nope&price=cheap&sort=__proto__')),
    ).toEqual({ search: '', category: undefined, price: undefined, sort: 'sales' });
    // A sort the page does not offer is the default.
    expect(filtersFromParams(new URLSearchParams('sort=newest'), ['title', 'sales']).sort).toBe(
      'sales',
    );
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const none = paramsWithFilters(new URLSearchParams('utm=x&search=old'), {
      search: ' ',
      sort: 'sales',
    });
    expect(none.toString()).toBe('utm=x');
    const all = paramsWithFilters(new URLSearchParams(), {
      search: 'ים',
      category: 'שירה',
      price: 'under-30',
      sort: 'rating',
    });
    expect(filtersFromParams(all)).toEqual({
      search: 'ים',
      category: 'שירה',
      price: 'under-30',
      sort: 'rating',
    });
  });

  it('tells filtered from sorted, and a fixed category from a chosen one', () => {
    expect(isFiltered({ search: '', sort: 'price' })).toBe(false);
    expect(isFiltered({ search: '', category: 'שירה', sort: 'sales' })).toBe(true);
    expect(isFiltered({ search: '', category: 'שירה', sort: 'sales' }, true)).toBe(false);
    expect(isFiltered({ search: '', price: 'over-50', sort: 'sales' }, true)).toBe(true);
  });

  it('asks the API with its own names, leaving out empty values', () => {
    expect(apiParams({ search: 'ים', price: 'over-50', sort: 'sales' })).toEqual({
      q: 'ים',
      price: 'over-50',
      sort: 'sales',
    });
  });

  it('draws the bands of spec §2 without gaps or overlaps', () => {
    const bands = (p: number) =>
      (['under-30', '30-50', 'over-50'] as const).filter((b) => inPriceBand(p, b));
    expect(bands(29.9)).toEqual(['under-30']);
    expect(bands(30)).toEqual(['30-50']);
    expect(bands(50)).toEqual(['30-50']);
    expect(bands(50.1)).toEqual(['over-50']);
  });
});
