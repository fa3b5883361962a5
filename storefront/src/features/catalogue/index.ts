// The catalogue's data layer and book-card bindings, used by the storefront's screens.
import './components/catalogue.css';

export * from './api/normalize';
export * from './api/query-keys';
export * from './api/get-books';
export * from './api/get-book-pages';
export * from './api/get-book';
export * from './api/get-book-reviews';
export * from './api/get-related-books';
export * from './api/search-books';
export * from './api/search-authors';
export * from './api/get-authors';
export * from './api/get-author';
export * from './api/get-author-books';
export * from './api/get-categories';
export * from './api/get-stats';
export { StoreBookCard } from './components/store-book-card';
export { BookGrid } from './components/book-grid';
export { SortSelect } from './components/sort-select';
