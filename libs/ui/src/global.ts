// The page's global styles, imported once by each host page (the shell, and the author portal's
// standalone page): the Hebrew web font from npm (no CDN), the design tokens and the base styles.
// Heebo 400/500 for text, 700 for headings; Frank Ruhl Libre 700 for book titles. Each
// @fontsource file declares per-subset faces with unicode-range, so the browser downloads only
// the Hebrew and Latin files a page actually uses.
import '@fontsource/heebo/400.css';
import '@fontsource/heebo/500.css';
import '@fontsource/heebo/700.css';
import '@fontsource/frank-ruhl-libre/700.css';
// After them: the shekel sign from the Hebrew files (shekel.css says why), and the digits and
// punctuation from small faces of their own (digits.css says why).
import './shekel.css';
import './digits.css';
import './tokens.css';
import './base.css';
