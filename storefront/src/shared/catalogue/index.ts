// What the storefront's features share to show the catalogue: the book grid, the store's book
// card and the sort control. Their data comes from @mechabrim/api-client.
import './catalogue.css';

export { StoreBookCard } from './store-book-card';
export { BookGrid } from './book-grid';
export { SortSelect } from './sort-select';
