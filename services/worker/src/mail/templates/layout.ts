import { formatPrice, toShekels, type Agorot } from '@mechabrim/money';
import { workerStringsHe } from '../../strings.he';

/** An amount in agorot as every screen shows it (`formatPrice`: `‏12.50 ‏₪`, `‏178 ‏₪`). */
export function formatMoneyHe(amount: Agorot): string {
  return formatPrice(toShekels(amount));
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** HTML that is already escaped (built from `escapeHtml` and literals). */
export type SafeHtml = string & { readonly __safe: true };
export const safe = (html: string): SafeHtml => html as SafeHtml;

const FONT = "font-family: Heebo, Arial, 'Segoe UI', sans-serif;";

export const paragraph = (text: string): SafeHtml =>
  safe(
    `<p style="margin: 0 0 12px; ${FONT} font-size: 16px; line-height: 1.6; color: #1f2937;">${escapeHtml(text)}</p>`,
  );

export const link = (href: string, text: string): SafeHtml =>
  safe(
    `<p style="margin: 16px 0;"><a href="${escapeHtml(href)}" style="${FONT} display: inline-block; padding: 10px 18px; background: #7c2d12; color: #ffffff; border-radius: 6px; text-decoration: none;">${escapeHtml(text)}</a></p>`,
  );

/** A two-column table (label, value), right to left. */
export function table(rows: [string, string][]): SafeHtml {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="${FONT} padding: 6px 0 6px 16px; text-align: right;">${escapeHtml(label)}</td><td style="${FONT} padding: 6px 0; text-align: left; white-space: nowrap;">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return safe(
    `<table role="presentation" dir="rtl" style="width: 100%; border-collapse: collapse; margin: 0 0 16px; font-size: 15px; color: #1f2937;">${cells}</table>`,
  );
}

/** A list whose items each have a bold lead (e.g. a check's title) and a line of detail. */
export function detailList(items: { lead: string; detail: string }[]): SafeHtml {
  const rows = items
    .map(
      ({ lead, detail }) =>
        `<li style="${FONT} margin: 0 0 8px; font-size: 15px; line-height: 1.6; color: #1f2937;"><strong>${escapeHtml(lead)}</strong>${detail ? ` · ${escapeHtml(detail)}` : ''}</li>`,
    )
    .join('');
  return safe(`<ul dir="rtl" style="margin: 0 0 16px; padding: 0 20px 0 0;">${rows}</ul>`);
}

export function detailListText(items: { lead: string; detail: string }[]): string {
  return items.map(({ lead, detail }) => `- ${lead}${detail ? ` · ${detail}` : ''}`).join('\n');
}

/** The whole message: `dir="rtl" lang="he"`, inline styles only (mail clients drop <style>). */
export function htmlDocument(subject: string, greeting: string, blocks: SafeHtml[]): string {
  const m = workerStringsHe.mail;
  return `<!doctype html>
<html dir="rtl" lang="he">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body dir="rtl" style="margin: 0; padding: 24px; background: #faf7f2; text-align: right; direction: rtl;">
<div style="max-width: 600px; margin: 0 auto; background: #ffffff; padding: 24px; border-radius: 8px;">
${paragraph(greeting)}
${blocks.join('\n')}
${paragraph(m.signature)}
<p style="margin: 24px 0 0; ${FONT} font-size: 12px; color: #6b7280;">${escapeHtml(m.footer)}</p>
</div>
</body>
</html>`;
}

/** The plain-text part: the same content, one block per paragraph. */
export function textDocument(greeting: string, blocks: string[]): string {
  const m = workerStringsHe.mail;
  return [greeting, ...blocks, m.signature, '', m.footer].join('\n\n') + '\n';
}

export function tableText(rows: [string, string][]): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}
