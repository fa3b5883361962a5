import { Link } from '@mechabrim/routing';
import { uiStrings } from '../../strings.he';
import './breadcrumb.css';

export interface BreadcrumbItem {
  label: string;
  /** Omitted for the current page (the last item). */
  to?: string;
}

/** A breadcrumb trail read right to left, items separated by ‹. */
export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  return (
    <nav className="mb-breadcrumb" aria-label={uiStrings.breadcrumb}>
      <ol>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${item.label}-${i}`}>
              {item.to && !last ? (
                <Link to={item.to}>{item.label}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.label}</span>
              )}
              {!last && (
                <span className="mb-breadcrumb__sep" aria-hidden="true">
                  ‹
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
