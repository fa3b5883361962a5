// The page's global styles, imported once by each host page (the shell, and the author portal's
// standalone page): the Hebrew web font from npm (no CDN), the design tokens and the base styles.
// Heebo 400/500 for text, 700 for headings; Frank Ruhl Libre 700 for book titles. Each face is
// declared per subset with unicode-range, so the browser downloads only the files a page uses.
// The order matters: where two faces cover a character, the one declared last is tried first.
// The shekel sign (U+20AA) is in both the Hebrew and the Latin Extended files; with Hebrew
// declared last it comes from the Hebrew file every page loads anyway, and a price no longer
// costs a phone three more font downloads. (Heebo's math and symbol subsets are left out: the
// system fonts draw those.)
import '@fontsource/heebo/latin-ext-400.css';
import '@fontsource/heebo/latin-ext-500.css';
import '@fontsource/heebo/latin-ext-700.css';
import '@fontsource/frank-ruhl-libre/latin-ext-700.css';
import '@fontsource/heebo/latin-400.css';
import '@fontsource/heebo/latin-500.css';
import '@fontsource/heebo/latin-700.css';
import '@fontsource/frank-ruhl-libre/latin-700.css';
import '@fontsource/heebo/hebrew-400.css';
import '@fontsource/heebo/hebrew-500.css';
import '@fontsource/heebo/hebrew-700.css';
import '@fontsource/frank-ruhl-libre/hebrew-700.css';
import './tokens.css';
import './base.css';
