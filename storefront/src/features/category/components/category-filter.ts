import type { BookSort } from '@mechabrim/contracts';

/** The category page's sorts (spec §2, §9), done by the API: title A–Z, price low to high,
 * rating and sales high to low. Its search and price band are the catalogue's
 * (`shared/catalogue`), done by the API too. */
export type CategorySort = Extract<BookSort, 'title' | 'price' | 'rating' | 'sales'>;
export const CATEGORY_SORTS: readonly CategorySort[] = ['title', 'price', 'rating', 'sales'];
