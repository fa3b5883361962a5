import { useSearchParams } from '@mechabrim/routing';
import { HomePage } from '../features/home';
import { SearchResultsPage } from '../features/search';

/** `/` and `/books`: the home page, or with `?search=` the full search results. */
export function HomeRoute() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  return search ? <SearchResultsPage query={search} /> : <HomePage />;
}
