import { BOOK_CATEGORIES, resolveCategory } from '@mechabrim/contracts/src/terms';

/**
 * The category a route value lists and its Hebrew name: a stored Hebrew category, an English key,
 * or one of the legacy English slugs of spec §3 (romance, fiction, … religion), each mapped onto
 * the upload category whose books the page shows. The heading is always the name of that
 * category (`/category/science` lists science fiction and says so). Null when unknown.
 */
export function categoryLabel(routeValue: string): { label: string; category: string } | null {
  const category = resolveCategory(safeDecode(routeValue));
  if (!category) return null;
  const known = BOOK_CATEGORIES.find((c) => c.value === category);
  return { label: known?.name ?? category, category };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
