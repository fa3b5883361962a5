export { SearchResultsPage } from './components/search-results-page';
