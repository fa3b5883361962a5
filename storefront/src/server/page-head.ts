// What the storefront's server-drawn pages say about themselves in their <head>: title,
// description, canonical address, the picture a shared link shows, and schema.org data (JSON-LD)
// — as data (`PageHead`), which the edge server writes as tags (renderPageHead of
// @mechabrim/contracts). Every address is absolute on the store's public origin (`siteUrl`).
import {
  type Author,
  type Book,
  PAGE_HEAD_LIMITS,
  type PageHead,
  sitemapPagePath,
} from '@mechabrim/contracts';
import { BOOK_CATEGORIES } from '@mechabrim/contracts/src/terms';
import { formatPriceDecimal } from '@mechabrim/money';
import { strings } from '../strings.he';

const SCHEMA = 'https://schema.org';
/** The longest description previews and result pages show whole. */
const DESCRIPTION_MAX = 200;

type JsonLd = Record<string, unknown>;

/** A page's absolute address on the store's origin. */
export function siteAddress(siteUrl: string, path: string): string {
  return new URL(path, siteUrl).href;
}

/** The page of a book, an author or a category, as the sitemap lists it. */
const pagePath = sitemapPagePath;

/**
 * Text on one line cut to at most `max` characters (UTF-16 units, as the head's schema counts
 * them), at a word when one ends past the middle, with an ellipsis when cut.
 */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  if (max < 1) return '';
  let cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  if (space > max / 2) cut = cut.slice(0, space);
  // Not half a character (an emoji) before the ellipsis.
  else if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** A page's title with the store's name after it, the page's part cut so the whole fits. */
function titled(page: string): string {
  return strings.seo.titleOf(clip(page, PAGE_HEAD_LIMITS.title - strings.seo.titleOf('').length));
}

/**
 * A book's page title (`<title> מאת <author>`): a long book title is cut so its author still
 * shows; only an author's name too long for any room left is cut with it.
 */
function bookPageTitle(title: string, author: string): string {
  const room =
    PAGE_HEAD_LIMITS.title -
    strings.seo.titleOf('').length -
    strings.seo.bookTitle('', clip(author, PAGE_HEAD_LIMITS.title)).length;
  return titled(
    room >= 40
      ? strings.seo.bookTitle(clip(title, room), clip(author, PAGE_HEAD_LIMITS.title))
      : strings.seo.bookTitle(title, author),
  );
}

/**
 * An image address a link preview can show: absolute http(s), and not SVG, which Facebook,
 * WhatsApp and X do not draw. `undefined` otherwise.
 */
function previewImage(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return /\.svg$/i.test(parsed.pathname) ? undefined : parsed.href;
  } catch {
    return undefined;
  }
}

/** The store as a schema.org Organization; the other objects refer to it by its `@id`. */
export function organizationJsonLd(siteUrl: string): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    '@id': `${siteAddress(siteUrl, '/')}#organization`,
    name: strings.seo.siteName,
    url: siteAddress(siteUrl, '/'),
    description: strings.seo.organizationDescription,
  };
}

/** A schema.org BreadcrumbList of `[name, path]` pairs, the home page first. */
function breadcrumbs(siteUrl: string, trail: readonly (readonly [string, string])[]): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: [[strings.common.home, '/'] as const, ...trail].map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: siteAddress(siteUrl, path),
    })),
  };
}

/**
 * A head with the store's name and locale; its title, description and picture description are
 * cut to the schema's limits, so a long book title cannot make the shell refuse the whole head.
 */
function pageHead(
  fields: Pick<PageHead, 'title' | 'description' | 'type'> & Partial<PageHead>,
): PageHead {
  const { image } = fields;
  return {
    siteName: strings.seo.siteName,
    locale: strings.seo.locale,
    jsonLd: [],
    ...fields,
    title: clip(fields.title, PAGE_HEAD_LIMITS.title),
    description: clip(fields.description, PAGE_HEAD_LIMITS.description),
    ...(image ? { image: { ...image, alt: clip(image.alt, PAGE_HEAD_LIMITS.imageAlt) } } : {}),
  };
}

/** The home page: the store and what it is. */
export function homeHead(siteUrl: string): PageHead {
  return pageHead({
    title: strings.seo.homeTitle,
    description: strings.seo.homeDescription,
    canonical: siteAddress(siteUrl, '/'),
    type: 'website',
    jsonLd: [
      organizationJsonLd(siteUrl),
      {
        '@context': SCHEMA,
        '@type': 'WebSite',
        name: strings.seo.siteName,
        url: siteAddress(siteUrl, '/'),
        inLanguage: 'he',
        publisher: { '@id': `${siteAddress(siteUrl, '/')}#organization` },
      },
    ],
  });
}

/**
 * The catalogue. Its filtered and sorted views are one page to a search engine (the canonical
 * `/books`); a search's results are not kept at all.
 */
export function catalogueHead(siteUrl: string, search: URLSearchParams): PageHead {
  const query = search.get('search')?.trim();
  return pageHead({
    title: titled(query ? strings.catalogue.searchTitle(query) : strings.catalogue.title),
    description: strings.catalogue.lead,
    canonical: siteAddress(siteUrl, '/books'),
    ...(query ? { noindex: true } : {}),
    type: 'website',
    jsonLd: [
      breadcrumbs(siteUrl, [[strings.catalogue.title, '/books']]),
      organizationJsonLd(siteUrl),
    ],
  });
}

/** A book's page: the book with its offer (ILS, in stock or not), its author, its category. */
export function bookHead(book: Book, siteUrl: string): PageHead {
  const url = siteAddress(siteUrl, pagePath('books', book._id));
  const authorUrl = siteAddress(siteUrl, pagePath('authors', book.author._id));
  const authorName = book.author.name || book.authorName;
  const description = clip(
    book.summary || book.description || strings.seo.bookDescription(book.title, authorName),
  );
  const image = previewImage(book.coverImage);
  const category = BOOK_CATEGORIES.find((c) => c.value === book.category);
  const organization = { '@id': `${siteAddress(siteUrl, '/')}#organization` };
  const bookJsonLd: JsonLd = {
    '@context': SCHEMA,
    '@type': 'Book',
    '@id': `${url}#book`,
    name: book.title,
    url,
    ...(image ? { image } : {}),
    description,
    inLanguage: 'he',
    genre: category?.name ?? book.category,
    ...(book.tags.length > 0 ? { keywords: book.tags.join(', ') } : {}),
    author: { '@type': 'Person', name: authorName, url: authorUrl },
    publisher: organization,
    bookFormat: `${SCHEMA}/Paperback`,
    ...(book.printSpec?.pages ? { numberOfPages: book.printSpec.pages } : {}),
    ...(book.publishedDate ? { datePublished: book.publishedDate.slice(0, 10) } : {}),
    ...(book.totalRatings > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: book.rating,
            ratingCount: book.totalRatings,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: formatPriceDecimal(book.price),
      priceCurrency: 'ILS',
      availability: `${SCHEMA}/${book.isAvailable ? 'InStock' : 'OutOfStock'}`,
      itemCondition: `${SCHEMA}/NewCondition`,
      seller: organization,
    },
  };
  const trail: [string, string][] = [[strings.catalogue.title, '/books']];
  if (category) trail.push([category.name, pagePath('categories', category.value)]);
  trail.push([book.title, pagePath('books', book._id)]);
  return pageHead({
    title: bookPageTitle(book.title, authorName),
    description,
    canonical: url,
    type: 'book',
    ...(image ? { image: { url: image, alt: strings.seo.coverAlt(book.title) } } : {}),
    jsonLd: [bookJsonLd, breadcrumbs(siteUrl, trail), organizationJsonLd(siteUrl)],
  });
}

/** An author's page: the author as a schema.org Person, with their photo and links. */
export function authorHead(author: Author, siteUrl: string): PageHead {
  const url = siteAddress(siteUrl, pagePath('authors', author._id));
  const description = clip(author.bio || strings.seo.authorDescription(author.name));
  const image = previewImage(author.avatar);
  const links = [author.website, ...Object.values(author.socialMedia ?? {})].filter(
    (link): link is string => !!link && /^https?:\/\//i.test(link),
  );
  return pageHead({
    title: titled(author.name),
    description,
    canonical: url,
    type: 'profile',
    ...(image ? { image: { url: image, alt: strings.seo.authorPhotoAlt(author.name) } } : {}),
    jsonLd: [
      {
        '@context': SCHEMA,
        '@type': 'Person',
        '@id': `${url}#person`,
        name: author.name,
        url,
        ...(image ? { image } : {}),
        description,
        ...(links.length > 0 ? { sameAs: links } : {}),
      },
      breadcrumbs(siteUrl, [
        [strings.common.authors, '/authors'],
        [author.name, pagePath('authors', author._id)],
      ]),
      organizationJsonLd(siteUrl),
    ],
  });
}

/** The authors' page: who writes here, with the trail to it. */
export function authorsHead(siteUrl: string): PageHead {
  return pageHead({
    title: titled(strings.authors.title),
    description: strings.authors.intro,
    canonical: siteAddress(siteUrl, '/authors'),
    type: 'website',
    jsonLd: [
      breadcrumbs(siteUrl, [[strings.common.authors, '/authors']]),
      organizationJsonLd(siteUrl),
    ],
  });
}

/**
 * A category's page, by its stored name (`category`) and the name it shows (`label`). Its sorted
 * views are one page at the category's own address; a search in it is not kept.
 */
export function categoryHead(
  category: { category: string; label: string },
  siteUrl: string,
  search: URLSearchParams,
): PageHead {
  const path = pagePath('categories', category.category);
  return pageHead({
    title: titled(category.label),
    description: strings.seo.categoryDescription(category.label),
    canonical: siteAddress(siteUrl, path),
    ...(search.get('search')?.trim() ? { noindex: true } : {}),
    type: 'website',
    jsonLd: [breadcrumbs(siteUrl, [[category.label, path]]), organizationJsonLd(siteUrl)],
  });
}

/**
 * A page of text about the store (about, its policies and terms) at `path`: its title and its
 * introduction as the description.
 */
export function textPageHead(
  page: { path: string; title: string; description: string },
  siteUrl: string,
): PageHead {
  return pageHead({
    title: titled(page.title),
    description: clip(page.description),
    canonical: siteAddress(siteUrl, page.path),
    type: 'website',
    jsonLd: [breadcrumbs(siteUrl, [[page.title, page.path]]), organizationJsonLd(siteUrl)],
  });
}
