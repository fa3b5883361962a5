import { Link } from '@mechabrim/routing';
import { strings } from '../../strings.he';
import './footer.css';

/** Site footer (spec §2): logo, tagline, terms / authors' terms / contact, copyright with the year. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="footer__inner mb-container">
        <div className="footer__brand">
          <Link to="/" className="footer__logo">
            <span className="footer__logo-mark" aria-hidden="true">
              {strings.logoMark}
            </span>
            {strings.brand}
          </Link>
          <p className="footer__tagline">{strings.tagline}</p>
        </div>
        <nav className="footer__links" aria-label={strings.footer.label}>
          {/* The site terms open with a full page load (spec §2). */}
          <a href="/terms" className="mb-button" data-variant="secondary">
            {strings.footer.terms}
          </a>
          <Link to="/authors-terms" className="mb-button" data-variant="secondary">
            {strings.footer.authorsTerms}
          </Link>
          <Link to="/contact" className="mb-button" data-variant="secondary">
            {strings.footer.contact}
          </Link>
        </nav>
        <p className="footer__copyright">{strings.footer.copyright(year)}</p>
      </div>
    </footer>
  );
}
