import { selectCount, useCart } from '@mechabrim/cart-store';
import { Link, NavLink } from 'react-router-dom';
import { strings } from '../../strings.he';
import './header.css';

/** The cart button: links to /cart, with the number of copies when above zero. */
export function CartButton() {
  const count = useCart(selectCount);
  return (
    <Link
      to="/cart"
      className="header-cart"
      aria-label={count > 0 ? strings.header.cartWithCount(count) : strings.header.cart}
    >
      <svg className="header-cart__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
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

/** Site header (spec §2): logo home, main links, cart with its badge. */
export function Header() {
  return (
    <header className="header">
      <div className="header__bar mb-container">
        <Link to="/" className="header__logo" aria-label={strings.header.home}>
          {strings.brand}
        </Link>
        <nav className="header__nav" aria-label={strings.header.mainNav}>
          <NavLink to="/authors">{strings.header.authors}</NavLink>
          <NavLink to="/about">{strings.header.about}</NavLink>
          <NavLink to="/contact">{strings.header.contact}</NavLink>
        </nav>
        <div className="header__actions">
          <CartButton />
        </div>
      </div>
    </header>
  );
}
