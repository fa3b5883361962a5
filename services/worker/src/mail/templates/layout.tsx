// The mail's HTML as React components, rendered to static markup: React escapes every text and
// attribute, so no template writes HTML by hand or escapes anything itself.
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatPrice, toShekels, type Agorot } from '@mechabrim/money';
import { workerStringsHe } from '../../strings.he';

/** An amount in agorot as every screen shows it (`formatPrice`: `‏12.50 ‏₪`, `‏178 ‏₪`). */
export function formatMoneyHe(amount: Agorot): string {
  return formatPrice(toShekels(amount));
}

/** Inline styles only: mail clients drop <style>. */
const FONT: CSSProperties = { fontFamily: "Heebo, Arial, 'Segoe UI', sans-serif" };
const INK = '#1f2937';

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <p style={{ margin: '0 0 12px', ...FONT, fontSize: 16, lineHeight: 1.6, color: INK }}>
      {children}
    </p>
  );
}

/** A link drawn as a button, in a paragraph of its own. */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '16px 0' }}>
      <a
        href={href}
        style={{
          ...FONT,
          display: 'inline-block',
          padding: '10px 18px',
          background: '#7c2d12',
          color: '#ffffff',
          borderRadius: 6,
          textDecoration: 'none',
        }}
      >
        {children}
      </a>
    </p>
  );
}

/** A two-column table (label, value), right to left. */
export function Table({ rows }: { rows: [string, string][] }) {
  return (
    <table
      role="presentation"
      dir="rtl"
      style={{
        width: '100%',
        borderCollapse: 'collapse',
        margin: '0 0 16px',
        fontSize: 15,
        color: INK,
      }}
    >
      <tbody>
        {rows.map(([label, value], index) => (
          <tr key={index}>
            <td style={{ ...FONT, padding: '6px 0 6px 16px', textAlign: 'right' }}>{label}</td>
            <td style={{ ...FONT, padding: '6px 0', textAlign: 'left', whiteSpace: 'nowrap' }}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface DetailItem {
  lead: string;
  detail: string;
}

/** A list whose items each have a bold lead (e.g. a check's title) and a line of detail. */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <ul dir="rtl" style={{ margin: '0 0 16px', padding: '0 20px 0 0' }}>
      {items.map(({ lead, detail }, index) => (
        <li
          key={index}
          style={{ ...FONT, margin: '0 0 8px', fontSize: 15, lineHeight: 1.6, color: INK }}
        >
          <strong>{lead}</strong>
          {detail ? ` · ${detail}` : ''}
        </li>
      ))}
    </ul>
  );
}

export function detailListText(items: DetailItem[]): string {
  return items.map(({ lead, detail }) => `- ${lead}${detail ? ` · ${detail}` : ''}`).join('\n');
}

/** The whole message: `dir="rtl" lang="he"`, the greeting, the blocks, the signature. */
function MailDocument(props: { subject: string; greeting: string; blocks: ReactNode[] }) {
  const m = workerStringsHe.mail;
  return (
    <html dir="rtl" lang="he">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.subject}</title>
      </head>
      <body
        dir="rtl"
        style={{
          margin: 0,
          padding: 24,
          background: '#faf7f2',
          textAlign: 'right',
          direction: 'rtl',
        }}
      >
        <div
          style={{
            maxWidth: 600,
            margin: '0 auto',
            background: '#ffffff',
            padding: 24,
            borderRadius: 8,
          }}
        >
          <Paragraph>{props.greeting}</Paragraph>
          {props.blocks.map((block, index) => (
            // The blocks of one mail are fixed in number and order: their place is their key.
            <Fragment key={index}>{block}</Fragment>
          ))}
          <Paragraph>{m.signature}</Paragraph>
          <p style={{ margin: '24px 0 0', ...FONT, fontSize: 12, color: '#6b7280' }}>{m.footer}</p>
        </div>
      </body>
    </html>
  );
}

/** The HTML part: the message's blocks (components above) in the mail's frame. */
export function htmlDocument(subject: string, greeting: string, blocks: ReactNode[]): string {
  return `<!doctype html>\n${renderToStaticMarkup(
    <MailDocument subject={subject} greeting={greeting} blocks={blocks} />,
  )}`;
}

/** The plain-text part: the same content, one block per paragraph. */
export function textDocument(greeting: string, blocks: string[]): string {
  const m = workerStringsHe.mail;
  return [greeting, ...blocks, m.signature, '', m.footer].join('\n\n') + '\n';
}

export function tableText(rows: [string, string][]): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}
