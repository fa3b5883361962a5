import { Link } from 'react-router-dom';
import { strings } from '../../strings.he';
import './footer.css';

/** Site footer (spec §2): logo, tagline, terms / authors' terms / contact, copyright with the year. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="footer__inner mb-container">
        <p className="footer__logo">{strings.brand}</p>
        <p className="footer__tagline">{strings.tagline}</p>
        <nav className="footer__links">
          {/* The site terms open with a full page load (spec §2). */}
          <a href="/terms">{strings.footer.terms}</a>
          <Link to="/authors-terms">{strings.footer.authorsTerms}</Link>
          <Link to="/contact">{strings.footer.contact}</Link>
        </nav>
        <p className="footer__copyright">{strings.footer.copyright(year)}</p>
      </div>
    </footer>
  );
}
