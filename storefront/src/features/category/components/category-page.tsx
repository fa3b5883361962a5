import { Link, useParams } from '@mechabrim/routing';
import { Breadcrumb, EmptyState } from '@mechabrim/ui';
import { CatalogueBrowser } from '../../../shared/catalogue';
import { categoryLabel } from './category-label';
import { strings } from '../../../strings.he';
import { CATEGORY_SORTS } from './category-filter';

const s = strings.category;

/**
 * `/category/:category` — the books of one category with the catalogue's search, price band and
 * sort (in the URL, as on `/books`) and a count that follows them. Keyed by the category, so
 * moving to another category starts afresh: its own skeleton (never the previous category's books
 * under the new title), an empty search box and the default sort.
 */
export function CategoryPage() {
  const { category: slug = '' } = useParams();
  return <CategoryView key={slug} slug={slug} />;
}

function CategoryView({ slug }: { slug: string }) {
  const resolved = categoryLabel(slug);
  if (!resolved) {
    return (
      <div className="sf-page">
        <Breadcrumb items={[{ label: strings.common.home, to: '/' }, { label: s.unknown }]} />
        <EmptyState
          titleAs="h1"
          icon="folder"
          title={s.unknown}
          description={s.unknownText}
          action={
            <Link to="/" className="mb-button">
              {strings.common.backHome}
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="sf-page">
      <Breadcrumb items={[{ label: strings.common.home, to: '/' }, { label: resolved.label }]} />
      <h1 className="sf-page-title">{resolved.label}</h1>
      <CatalogueBrowser
        category={resolved.category}
        sorts={CATEGORY_SORTS}
        searchLabel={s.searchLabel}
        countText={s.count}
        emptyText={s.noBooksAvailable}
      />
    </div>
  );
}
