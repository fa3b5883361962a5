import { useSearchParams } from '@mechabrim/routing';
import { HomePage } from '../features/home';
import { CataloguePage } from '../features/catalogue';

/** `/`: the home page, or with `?search=` the catalogue's search results (as `/books?search=`). */
export function HomeRoute() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  return search ? <CataloguePage /> : <HomePage />;
}
