import { useSearchParams } from '@mechabrim/routing';
import { AuthorCard, Breadcrumb } from '@mechabrim/ui';
import { useAuthorSearch } from '@mechabrim/api-client';
import { CatalogueBrowser, filtersFromParams } from '../../../shared/catalogue';
import { strings } from '../../../strings.he';

const s = strings.catalogue;

/**
 * `/books` — the whole catalogue (spec §2: the catalogue, the target of 'continue shopping' and of
 * the header's search, `/books?search=`): the grid with search, category, price band and sort in
 * the URL; with a search, the matching authors above the books.
 */
export function CataloguePage() {
  const [params] = useSearchParams();
  const { search } = filtersFromParams(params);
  const title = search ? s.searchTitle(search) : s.title;
  return (
    <div className="sf-page">
      <Breadcrumb items={[{ label: strings.common.home, to: '/' }, { label: s.title }]} />
      <h1 className="sf-page-title">{title}</h1>
      <CatalogueBrowser>{search && <MatchingAuthors q={search} />}</CatalogueBrowser>
    </div>
  );
}

function MatchingAuthors({ q }: { q: string }) {
  const authors = useAuthorSearch(q, 5);
  const found = authors.data ?? [];
  if (!found.length) return null;
  return (
    <section className="sf-section" aria-labelledby="catalogue-authors">
      <h2 id="catalogue-authors" className="sf-section-title">
        {s.authorsHeading}
      </h2>
      <ul className="sf-authors-grid sf-plain-list">
        {found.map((a) => (
          <li key={a._id} className="sf-grid-item">
            <AuthorCard author={a} />
          </li>
        ))}
      </ul>
    </section>
  );
}
