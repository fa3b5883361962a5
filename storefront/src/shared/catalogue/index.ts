// What the storefront's features share to show the catalogue: the book grid, the store's book
// card, the sort control and the filtered grid of /books and the category pages. Their data comes
// from @mechabrim/api-client.
import './catalogue.css';

export { StoreBookCard } from './store-book-card';
export { BookGrid } from './book-grid';
export { SortSelect } from './sort-select';
export {
  CatalogueBrowser,
  SEARCH_DEBOUNCE_MS,
  type CatalogueBrowserProps,
} from './catalogue-browser';
export {
  filtersFromParams,
  paramsWithFilters,
  isFiltered,
  apiParams,
  DEFAULT_SORT,
  type CatalogueFilters,
} from './catalogue-filters';
