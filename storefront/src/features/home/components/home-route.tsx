import { useSearchParams } from '@mechabrim/routing';
import { SearchResultsPage } from '../../search/components/search-results-page';
import { HomePage } from './home-page';

/** `/` and `/books`: the home page, or with `?search=` the full search results. */
export function HomeRoute() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  return search ? <SearchResultsPage query={search} /> : <HomePage />;
}
