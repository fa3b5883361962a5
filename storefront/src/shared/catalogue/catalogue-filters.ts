import { type BookCategory, type BookSort, type PriceBand } from '@mechabrim/contracts';
import { BOOK_SORTS, PRICE_BANDS, resolveCategory } from '@mechabrim/contracts/src/terms';

/**
 * The catalogue's filters (spec §2's home filter logic, made reachable): words over title, author
 * name and tags; a category; a price band; a sort. They live in the page's URL
 * (`/books?search=…&category=…&price=…&sort=…`) so a filtered view can be shared and the back
 * button returns to the previous one. The API does the filtering (`GET /api/books`), so the grid,
 * its count and its pages always agree; nothing filters books in the browser.
 */
export interface CatalogueFilters {
  search: string;
  category?: BookCategory;
  price?: PriceBand;
  sort: BookSort;
}

export const DEFAULT_SORT: BookSort = 'sales';
/** The URL's parameter names. `search` is also what the header's search box opens. */
export const FILTER_PARAMS = ['search', 'category', 'price', 'sort'] as const;

const isSort = (v: string | null): v is BookSort => BOOK_SORTS.includes(v as BookSort);
const isBand = (v: string | null): v is PriceBand => PRICE_BANDS.includes(v as PriceBand);

/** The filters a URL's query asks for; unknown values fall back to 'all' (never an error). */
export function filtersFromParams(
  params: URLSearchParams,
  sorts: readonly BookSort[] = BOOK_SORTS,
): CatalogueFilters {
  const sort = params.get('sort');
  const price = params.get('price');
  const category = params.get('category');
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    category: category ? (resolveCategory(category) ?? undefined) : undefined,
    price: isBand(price) ? price : undefined,
    sort: isSort(sort) && sorts.includes(sort) ? sort : DEFAULT_SORT,
  };
}

/**
 * `params` with the filters written in: defaults left out, so the plain catalogue stays `/books`
 * and equal views have equal URLs. Other parameters are kept.
 */
export function paramsWithFilters(
  params: URLSearchParams,
  filters: CatalogueFilters,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  if (filters.search.trim()) next.set('search', filters.search.trim());
  if (filters.category) next.set('category', filters.category);
  if (filters.price) next.set('price', filters.price);
  if (filters.sort !== DEFAULT_SORT) next.set('sort', filters.sort);
  return next;
}

/** Is anything narrowing the books down (words, category or price; the sort does not)? */
export function isFiltered(filters: CatalogueFilters, fixedCategory = false): boolean {
  return Boolean(filters.search || filters.price || (!fixedCategory && filters.category));
}

/** The API query of the filters (`GET /api/books`), without empty values. */
export function apiParams(filters: CatalogueFilters): {
  q?: string;
  category?: string;
  price?: PriceBand;
  sort: BookSort;
} {
  return {
    ...(filters.search ? { q: filters.search } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.price ? { price: filters.price } : {}),
    sort: filters.sort,
  };
}
