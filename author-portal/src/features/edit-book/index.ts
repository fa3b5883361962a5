export { EditBookPage } from './components/edit-book-page';
