/**
 * Author pictures drawn locally as small square SVG files (well under 1 KB): most authors get a
 * flat drawn portrait (skin tone, hair style and colour, clothes, sometimes glasses or a beard,
 * long or short hair matching nothing but the seed and, for a few styles, the author's gender),
 * the others a monogram in one of two designs. The same author always gets the same picture.
 */
import type { Gender } from './bios.he';

export interface PortraitSpec {
  name: string;
  gender: Gender;
  /** Any integer; chooses the style and colours. */
  seed: number;
}

const BACKGROUNDS = ['#f4d35e', '#9ad1d4', '#f6bd60', '#cdb4db', '#a7c957', '#f28482', '#8ecae6'];
const SKIN = ['#f6d5bd', '#f1c7a5', '#e0ac83', '#c68863', '#8d5a3b'];
const HAIR = ['#2b1d14', '#4a2f1f', '#7a4a25', '#b5813e', '#d9b26f', '#8c8c8c', '#cfcfcf'];
const CLOTHES = ['#264653', '#e76f51', '#2a9d8f', '#6d597a', '#1d3557', '#bc4749', '#3a5a40'];
const MONOGRAM = [
  ['#1d3557', '#f1faee'],
  ['#5e3c58', '#fbf5f3'],
  ['#0f4c3a', '#f1f7ed'],
  ['#7a1e2c', '#f7e1d7'],
  ['#f4f1de', '#3d405b'],
] as const;

/** Hair in front of and behind the head, by style; `H` stands for the hair colour. */
const HAIR_STYLES: Readonly<Record<string, { back?: string; front: string; genders: Gender[] }>> = {
  short: {
    front: '<path d="M32 46q0-24 18-24t18 24q-5-13-18-13t-18 13z" fill="H"/>',
    genders: ['m', 'f'],
  },
  sidePart: {
    front: '<path d="M32 48q-3-26 19-26 19 0 17 24-9-15-28-11z" fill="H"/>',
    genders: ['m', 'f'],
  },
  long: {
    back: '<path d="M28 52q0-32 22-32t22 32v34H28z" fill="H"/>',
    front: '<path d="M32 48q0-26 18-26t18 26q-8-16-24-12z" fill="H"/>',
    genders: ['f'],
  },
  bun: {
    back: '<circle cx="50" cy="22" r="9" fill="H"/>',
    front: '<path d="M32 46q0-23 18-23t18 23q-5-12-18-12t-18 12z" fill="H"/>',
    genders: ['f'],
  },
  curly: {
    front:
      '<g fill="H"><circle cx="36" cy="36" r="8"/><circle cx="46" cy="28" r="8"/><circle cx="57" cy="29" r="8"/><circle cx="65" cy="38" r="7"/></g>',
    genders: ['m', 'f'],
  },
  bob: {
    back: '<path d="M29 62V44q0-24 21-24t21 24v18z" fill="H"/>',
    front: '<path d="M32 46q2-22 18-22t18 22q-10-4-18-14-8 10-18 14z" fill="H"/>',
    genders: ['f'],
  },
  bald: {
    front: '<path d="M33 44q1-5 4-7m26 7q-1-5-4-7" stroke="H" stroke-width="4"/>',
    genders: ['m'],
  },
};

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function chooser(seed: number): <T>(list: readonly T[]) => T {
  let h = Math.imul((seed % 2147483647) ^ 0x27d4eb2d, 0x165667b1) >>> 0;
  return <T>(list: readonly T[]): T => {
    h = Math.imul(h ^ (h >>> 15), 0x85ebca77) >>> 0;
    h ^= h >>> 13;
    const item = list[(h >>> 0) % list.length];
    if (item === undefined) throw new Error('demo portraits: an empty table');
    return item;
  };
}

const open = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 100 100" role="img" aria-label="${escapeXml(label)}">`;

/** A 200×200 SVG picture of the author: a drawn portrait or a monogram. */
export function portraitSvg({ name, gender, seed }: PortraitSpec): string {
  const pick = chooser(seed);
  const style = pick([0, 0, 0, 0, 1, 2]);
  const words = name.trim().split(/\s+/);
  const initials = words.map((w) => w.charAt(0)).slice(0, 2);
  if (style === 1) {
    // Monogram: both initials in a ring, the first on the right (placed apart, so no bidi).
    const [bg, ink] = pick(MONOGRAM);
    const [first = '?', second] = initials.map(escapeXml);
    const letters = second
      ? `<text x="64" y="61">${first}</text><circle cx="50" cy="58" r="1.8" fill="${ink}"/><text x="36" y="61">${second}</text>`
      : `<text x="50" y="61">${first}</text>`;
    return `${open(name)}<rect width="100" height="100" fill="${bg}"/><g fill="none" stroke="${ink}"><circle cx="50" cy="50" r="38" stroke-width="1.5"/><circle cx="50" cy="50" r="34" stroke-width=".6"/></g><g text-anchor="middle" font-family="Frank Ruhl Libre,David,serif" font-size="30" font-weight="700" fill="${ink}">${letters}</g></svg>\n`;
  }
  if (style === 2) {
    // Monogram: the first initial large over diagonal stripes.
    const bg = pick(BACKGROUNDS);
    const ink = pick(CLOTHES);
    return `${open(name)}<rect width="100" height="100" fill="${bg}"/><path d="M-10 30L30-10M-10 60L60-10M-10 90L90-10M10 110L110 10M40 110l70-70M70 110l40-40" stroke="#fff" stroke-width="6" opacity=".35"/><text x="50" y="70" text-anchor="middle" font-family="Heebo,Arial,sans-serif" font-size="56" font-weight="800" fill="${ink}">${escapeXml(initials[0] ?? '?')}</text></svg>\n`;
  }
  const hairStyle = pick(Object.values(HAIR_STYLES).filter((h) => h.genders.includes(gender)));
  const hair = pick(HAIR);
  const skin = pick(SKIN);
  const cloth = pick(CLOTHES);
  const extras = pick(['', '', 'glasses', gender === 'm' ? 'beard' : 'earrings']);
  const paint = (s = '') => s.replaceAll('"H"', `"${hair}"`);
  const extra =
    extras === 'glasses'
      ? '<g fill="none" stroke="#222" stroke-width="1.4"><circle cx="43" cy="47" r="5"/><circle cx="57" cy="47" r="5"/><path d="M48 47h4"/></g>'
      : extras === 'beard'
        ? `<path d="M33 50q2 22 17 22t17-22q-5 10-17 10t-17-10z" fill="${hair}"/>`
        : extras === 'earrings'
          ? `<circle cx="33" cy="55" r="2" fill="${pick(BACKGROUNDS)}"/><circle cx="67" cy="55" r="2" fill="${pick(BACKGROUNDS)}"/>`
          : '';
  return `${open(name)}<rect width="100" height="100" fill="${pick(BACKGROUNDS)}"/>${paint(hairStyle.back)}<path d="M14 100q0-26 36-26t36 26z" fill="${cloth}"/><path d="M43 58h14v18H43z" fill="${skin}"/><ellipse cx="50" cy="46" rx="17" ry="20" fill="${skin}"/><g fill="#2b2b2b"><circle cx="44" cy="47" r="1.6"/><circle cx="56" cy="47" r="1.6"/></g><path d="M45 56q5 4 10 0" fill="none" stroke="#2b2b2b" stroke-width="1.3"/>${paint(hairStyle.front)}${extra}</svg>\n`;
}
