import { z } from 'zod';

/**
 * The longest title, description and picture description a head may carry: a renderer cuts its
 * text to them (a head over them is refused whole by {@link pageHeadSchema}).
 */
export const PAGE_HEAD_LIMITS = { title: 300, description: 1000, imageAlt: 300 } as const;

/**
 * What a server-drawn page says about itself in its <head>: its title and description, its
 * canonical address, the Open Graph and Twitter card tags a shared link's preview reads, and its
 * schema.org data (JSON-LD) for search engines. A landing renderer answers it as data beside the
 * page's markup (`LandingAnswer.head`); services/edge writes the tags with {@link renderPageHead},
 * the only place they are turned into HTML.
 */
export const pageHeadSchema = z.object({
  title: z.string().min(1).max(PAGE_HEAD_LIMITS.title),
  description: z.string().max(PAGE_HEAD_LIMITS.description),
  /** The page's one address, absolute, on the store's public origin. */
  canonical: z.url({ protocol: /^https?$/ }).optional(),
  /** A page search engines must not keep (the cart, the checkout, search results). */
  noindex: z.boolean().optional(),
  /** Open Graph's `og:type`. */
  type: z.enum(['website', 'book', 'profile']),
  /** The picture a shared link shows (a book's cover, an author's photo), absolute. */
  image: z
    .object({
      url: z.url({ protocol: /^https?$/ }),
      alt: z.string().max(PAGE_HEAD_LIMITS.imageAlt),
      width: z.number().int().positive().optional(),
      height: z.number().int().positive().optional(),
    })
    .optional(),
  siteName: z.string().min(1).max(100),
  /** Open Graph's locale (`he_IL`). */
  locale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/),
  /** schema.org objects, each written as its own `application/ld+json` script. */
  jsonLd: z.array(z.record(z.string(), z.unknown())).max(10),
});
export type PageHead = z.infer<typeof pageHeadSchema>;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or a quoted attribute value as HTML: the one escaper of the head's tags. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * JSON that can stand as the body of a <script> element whatever its strings hold: `<`, `>` and
 * `&` are written as JSON escapes, so no `</script>` or `<!--` can end or bend the element, and
 * the line separators JavaScript once refused are escaped too. It parses back to the same value.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

type Tag = { meta: 'name' | 'property'; key: string; content: string | number | undefined };

/**
 * The head's tags as HTML: <title>, the description, the canonical link, robots, Open Graph,
 * Twitter card and one JSON-LD script per object. Every value goes through {@link escapeHtml}
 * and every JSON-LD object through {@link scriptSafeJson}.
 */
export function renderPageHead(head: PageHead): string {
  const image = head.image;
  const tags: Tag[] = [
    { meta: 'name', key: 'description', content: head.description },
    { meta: 'name', key: 'robots', content: head.noindex ? 'noindex, follow' : undefined },
    { meta: 'property', key: 'og:site_name', content: head.siteName },
    { meta: 'property', key: 'og:locale', content: head.locale },
    { meta: 'property', key: 'og:type', content: head.type },
    { meta: 'property', key: 'og:title', content: head.title },
    { meta: 'property', key: 'og:description', content: head.description },
    { meta: 'property', key: 'og:url', content: head.canonical },
    { meta: 'property', key: 'og:image', content: image?.url },
    { meta: 'property', key: 'og:image:alt', content: image?.alt },
    { meta: 'property', key: 'og:image:width', content: image?.width },
    { meta: 'property', key: 'og:image:height', content: image?.height },
    // A portrait cover is shown whole by the small card; the large one would crop it to 2:1.
    { meta: 'name', key: 'twitter:card', content: 'summary' },
    { meta: 'name', key: 'twitter:title', content: head.title },
    { meta: 'name', key: 'twitter:description', content: head.description },
    { meta: 'name', key: 'twitter:image', content: image?.url },
    { meta: 'name', key: 'twitter:image:alt', content: image?.alt },
  ];
  const parts = [`<title>${escapeHtml(head.title)}</title>`];
  for (const { meta, key, content } of tags) {
    if (content === undefined || content === '') continue;
    parts.push(`<meta ${meta}="${escapeHtml(key)}" content="${escapeHtml(String(content))}">`);
  }
  if (head.canonical) parts.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  for (const data of head.jsonLd) {
    parts.push(`<script type="application/ld+json">${scriptSafeJson(data)}</script>`);
  }
  return parts.join('');
}

/**
 * Where index.html keeps its own title and description (shell/src/index.html), which a
 * server-drawn page's head replaces. Comments the shell's HTML minifier is told to keep.
 */
export const HEAD_SLOT_START = '<!--mb-head-->';
export const HEAD_SLOT_END = '<!--/mb-head-->';
