import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from '@mechabrim/routing';
import { strings } from '../../../strings.he';
import { CategoryLinks } from './category-strip';

const s = strings.header;

/** Three bars while the menu is closed, a cross while it is open. */
function MenuToggleIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="header-icon">
      {open ? (
        <path d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z" />
      ) : (
        <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
      )}
    </svg>
  );
}

type MobileMenuLinksProps = {
  /** The id of the collapsible categories list, which its toggle controls. */
  categoriesId: string;
  categoriesOpen: boolean;
  onToggleCategories: () => void;
};

/** The main links, then the categories behind their own toggle. */
function MobileMenuLinks({
  categoriesId,
  categoriesOpen,
  onToggleCategories,
}: MobileMenuLinksProps) {
  return (
    <ul className="mobile-menu__links">
      <li>
        <NavLink to="/" end>
          {s.homeLink}
        </NavLink>
      </li>
      <li>
        <NavLink to="/authors">{s.authors}</NavLink>
      </li>
      <li>
        <NavLink to="/about">{s.about}</NavLink>
      </li>
      <li>
        <NavLink to="/contact">{s.contact}</NavLink>
      </li>
      <li>
        <button
          type="button"
          className="mobile-menu__categories-toggle"
          aria-expanded={categoriesOpen}
          aria-controls={categoriesId}
          onClick={onToggleCategories}
        >
          {s.categories.label}
          <span
            aria-hidden="true"
            className={`mobile-menu__chevron${categoriesOpen ? ' mobile-menu__chevron--open' : ''}`}
          >
            ‹
          </span>
        </button>
        <div id={categoriesId} hidden={!categoriesOpen}>
          <CategoryLinks className="mobile-menu__categories" />
        </div>
      </li>
    </ul>
  );
}

/**
 * The small-screen menu: the main links and a collapsible categories list; closes on every route
 * change, and on Escape with the focus back on its toggle (as the account menu does).
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const location = useLocation();
  const id = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setOpen(false);
    setCategoriesOpen(false);
  }, [location.pathname, location.search]);

  return (
    // Escape pressed on any control inside the open menu closes it: the wrapper only listens to
    // keys that bubble up from the real controls, it is not a control itself.
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions
    <div
      className="mobile-menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="header-icon-button mobile-menu__toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={open ? s.mobileMenu.close : s.mobileMenu.open}
        onClick={() => setOpen((o) => !o)}
      >
        <MenuToggleIcon open={open} />
      </button>
      <nav
        id={`${id}-panel`}
        className="mobile-menu__panel"
        hidden={!open}
        aria-label={s.mobileMenu.label}
      >
        <MobileMenuLinks
          categoriesId={`${id}-categories`}
          categoriesOpen={categoriesOpen}
          onToggleCategories={() => setCategoriesOpen((o) => !o)}
        />
      </nav>
    </div>
  );
}
