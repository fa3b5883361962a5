export { AuthorsPage } from './components/authors-page';
export { AuthorPage } from './components/author-page';
