export { BookPage } from './components/book-page';
