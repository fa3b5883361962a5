export { UploadBookPage } from './components/upload-book-page';
