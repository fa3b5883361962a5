import { useEffect, useRef } from 'react';
import { selectCount, useCart } from '@mechabrim/cart-store';
import { Link, NavLink } from '@mechabrim/routing';
import { strings } from '../../../strings.he';
import { CategoryStrip } from './category-strip';
import { MobileMenu } from './mobile-menu';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';
import './header.css';

/**
 * The cart button: links to /cart, with the number of copies when above zero. Its name is the
 * hidden text ('סל הקניות, ספר אחד'), not an `aria-label`: the badge shows a bare figure, and a
 * label that words it differently would not contain the visible text (axe's
 * label-content-name-mismatch).
 */
export function CartButton() {
  const count = useCart(selectCount);
  return (
    <Link to="/cart" className="header-icon-button header-cart">
      <span className="mb-visually-hidden">
        {count > 0 ? strings.header.cartWithCount(count) : strings.header.cart}
      </span>
      <svg className="header-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="20" r="1.4" fill="currentColor" />
        <circle cx="17" cy="20" r="1.4" fill="currentColor" />
      </svg>
      {count > 0 ? (
        <span className="header-cart__badge" data-testid="cart-count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}

function WishlistButton() {
  return (
    <Link to="/wishlist" className="header-icon-button" aria-label={strings.header.wishlist}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="header-icon">
        <path
          d="M12 20s-7-4.3-9-8.7C1.7 8.2 3.6 5 6.8 5c1.9 0 3.3 1 4.1 2.3h2.2C13.9 6 15.3 5 17.2 5c3.2 0 5.1 3.2 3.8 6.3C19 15.7 12 20 12 20z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </Link>
  );
}

/** The CSS variable that holds the sticky header's height, for whatever scrolls content below it. */
export const STICKY_HEADER_SIZE_VAR = '--mb-sticky-header-size';

/**
 * Keeps the header's drawn height (two rows on a phone, more with the menu open) in
 * `--mb-sticky-header-size` on the document: the remotes' `scroll-margin` uses it so that what
 * they scroll into view is not left under the sticky header.
 */
function useStickyHeaderSize(ref: { readonly current: HTMLElement | null }) {
  useEffect(() => {
    const header = ref.current;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(
        STICKY_HEADER_SIZE_VAR,
        `${Math.ceil(header.getBoundingClientRect().height)}px`,
      );
    });
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty(STICKY_HEADER_SIZE_VAR);
    };
  }, [ref]);
}

/**
 * The site header (spec §2): logo home, the search box, links to authors / about / contact, the
 * account menu, the wishlist heart, the cart with its badge; the category strip on wide screens
 * and a collapsible menu on small ones.
 */
export function Header() {
  const ref = useRef<HTMLElement>(null);
  useStickyHeaderSize(ref);
  return (
    <header className="header" ref={ref}>
      <div className="header__bar mb-container">
        <MobileMenu />
        <Link to="/" className="header__logo">
          <span className="header__logo-mark" aria-hidden="true">
            {strings.logoMark}
          </span>
          <span className="header__logo-text">{strings.brand}</span>
          <span className="mb-visually-hidden">{strings.header.toHome}</span>
        </Link>
        <SearchBox className="header__search" />
        <nav className="header__nav" aria-label={strings.header.mainNav}>
          <NavLink to="/authors">{strings.header.authors}</NavLink>
          <NavLink to="/about">{strings.header.about}</NavLink>
          <NavLink to="/contact">{strings.header.contact}</NavLink>
        </nav>
        <div className="header__actions">
          <UserMenu />
          <WishlistButton />
          <CartButton />
        </div>
      </div>
      <CategoryStrip />
    </header>
  );
}
