import { NavLink } from '@mechabrim/routing';
import { useCategories } from '@mechabrim/api-client';
import { strings } from '../../../strings.he';

/**
 * Up to ten categories as links; a loading line until they arrive, and kept if they never do
 * (a failure, spec §8). A successful empty answer (no category has books) shows nothing.
 */
export function CategoryLinks({
  className,
  onNavigate,
}: {
  className: string;
  onNavigate?: () => void;
}) {
  const categories = useCategories();
  const list = categories.data ?? [];
  if (categories.isSuccess && list.length === 0) return null;
  if (list.length === 0) {
    return (
      <p className={`${className} ${className}--loading`} role="status">
        {strings.header.categories.loading}
      </p>
    );
  }
  return (
    <ul className={className}>
      {list.map((c) => (
        <li key={c.category}>
          <NavLink to={`/category/${encodeURIComponent(c.category)}`} onClick={onNavigate}>
            {c.name}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The desktop strip under the header; absent when there are no categories to show. */
export function CategoryStrip() {
  const categories = useCategories();
  if (categories.isSuccess && categories.data.length === 0) return null;
  return (
    <nav className="category-strip" aria-label={strings.header.categories.label}>
      <div className="mb-container">
        <CategoryLinks className="category-strip__list" />
      </div>
    </nav>
  );
}
