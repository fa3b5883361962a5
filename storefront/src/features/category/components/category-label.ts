import { BOOK_CATEGORIES, resolveCategory } from '@mechabrim/contracts';
import { strings } from '../../../strings.he';

/**
 * The Hebrew label of a category route value: a stored Hebrew category, an English key, or one of
 * the legacy English slugs of spec §3 (romance, fiction, … religion). Null when unknown.
 */
export function categoryLabel(routeValue: string): { label: string; category: string } | null {
  const decoded = safeDecode(routeValue).trim();
  const category = resolveCategory(decoded);
  // Own keys only: `/category/constructor` must not find Object.prototype's members.
  const slug = decoded.toLowerCase();
  const legacy = Object.hasOwn(strings.categorySlugs, slug)
    ? strings.categorySlugs[slug]
    : undefined;
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
