import { NavLink } from '@mechabrim/routing';
import { useCategories } from '../api/get-categories';
import { strings } from '../../../strings.he';

/** Up to ten categories as links; a loading line until they arrive (and if they never do, spec §8). */
export function CategoryLinks({
  className,
  onNavigate,
}: {
  className: string;
  onNavigate?: () => void;
}) {
  const categories = useCategories();
  const list = categories.data ?? [];
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

/** The desktop strip under the header. */
export function CategoryStrip() {
  return (
    <nav className="category-strip" aria-label={strings.header.categories.label}>
      <div className="mb-container">
        <CategoryLinks className="category-strip__list" />
      </div>
    </nav>
  );
}
