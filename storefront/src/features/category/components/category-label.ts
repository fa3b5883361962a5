import { BOOK_CATEGORIES, resolveCategory } from '@mechabrim/contracts';
import { strings } from '../../../strings.he';

/**
 * The Hebrew label of a category route value: a stored Hebrew category, an English key, or one of
 * the legacy English slugs of spec §3 (romance, fiction, … religion). Null when unknown.
 */
export function categoryLabel(slug: string): { label: string; category: string } | null {
  const decoded = safeDecode(slug).trim();
  const category = resolveCategory(decoded);
  const legacy = strings.categorySlugs[decoded.toLowerCase()];
  if (category) {
    const known = BOOK_CATEGORIES.find((c) => c.value === category);
    return { label: legacy ?? known?.name ?? category, category };
  }
  if (legacy) return { label: legacy, category: decoded };
  return null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
