export { BooksPage } from './components/books-page';
