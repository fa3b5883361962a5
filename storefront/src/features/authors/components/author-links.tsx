import type { Author } from '@mechabrim/contracts';
import { safeHttpUrl } from '@mechabrim/contracts/src/terms';
import { Icon } from '@mechabrim/ui';
import { strings } from '../../../strings.he';

const s = strings.author;

const NETWORKS = ['facebook', 'instagram', 'twitter', 'linkedin'] as const;

/** The author's links that are safe to render (http(s) only), in the order the page shows them. */
export function authorLinks(author: Pick<Author, 'website' | 'socialMedia'>) {
  const links: Array<{ key: string; label: string; href: string }> = [];
  const website = safeHttpUrl(author.website);
  if (website) links.push({ key: 'website', label: s.links.website, href: website });
  for (const network of NETWORKS) {
    const href = safeHttpUrl(author.socialMedia?.[network]);
    if (href) links.push({ key: network, label: s.links[network], href });
  }
  return links;
}

/**
 * The website and social profiles the author saved in the portal's profile editor (issue 27
 * item 17). They open in a new tab, and search engines are not told the shop vouches for them.
 */
export function AuthorLinks({
  author,
}: {
  author: Pick<Author, 'name' | 'website' | 'socialMedia'>;
}) {
  const links = authorLinks(author);
  if (!links.length) return null;
  return (
    <ul className="author-links" aria-label={s.links.label(author.name)}>
      {links.map((link) => (
        <li key={link.key}>
          <a
            className="mb-button"
            data-variant="secondary"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            data-link={link.key}
          >
            {link.label}
            <Icon name="external" />
            <span className="mb-visually-hidden"> {s.links.newTab}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
