/**
 * A page path of this site (`/books?price=under-30`) as a URL, for a server that draws pages;
 * `null` for anything else — `//host/…` would be another site's, and a path that cannot be read
 * as a URL is nobody's.
 */
export function parseSitePath(pagePath: string): URL | null {
  if (!pagePath.startsWith('/') || pagePath.startsWith('//')) return null;
  try {
    return new URL(pagePath, 'http://site.invalid');
  } catch {
    return null;
  }
}
