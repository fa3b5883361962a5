/**
 * Book covers drawn locally as SVG: a category palette, a pattern chosen by the book's seed, the
 * title (wrapped, right-to-left) and the author's name. No network, no fonts shipped: the browser
 * renders the Hebrew text with its own fonts.
 */

export interface CoverSpec {
  title: string;
  author: string;
  categoryIndex: number;
  /** Any integer; chooses the pattern and its placement. */
  seed: number;
}

const PALETTES: ReadonlyArray<[string, string, string]> = [
  ['#3b1f5c', '#7b3fa0', '#f2c14e'], // fantasy
  ['#0b2545', '#13315c', '#8da9c4'], // science fiction
  ['#7a1e2c', '#c44536', '#f7e1d7'], // novel
  ['#4a3b2a', '#8c6e4a', '#efd9b4'], // history
  ['#1d6f72', '#2fb8ac', '#ffe66d'], // children
  ['#2d3142', '#4f5d75', '#ef8354'], // non-fiction
  ['#5e3c58', '#b0a1ba', '#fbf5f3'], // poetry
  ['#6b2d0e', '#d1603d', '#f9dbbd'], // cooking
  ['#0f4c3a', '#2e8b57', '#f1f7ed'], // sport
  ['#333333', '#777777', '#f4d35e'], // other
];

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/** Splits a title into lines of at most `max` characters, on spaces. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 5);
}

function pattern(seed: number, accent: string): string {
  const kind = seed % 4;
  const shapes: string[] = [];
  if (kind === 0) {
    for (let i = 0; i < 6; i += 1) {
      const r = 30 + ((seed >> i) % 5) * 18;
      shapes.push(
        `<circle cx="${60 + ((seed * (i + 3)) % 280)}" cy="${40 + ((seed * (i + 7)) % 180)}" r="${r}" fill="${accent}" opacity="0.12"/>`,
      );
    }
  } else if (kind === 1) {
    for (let i = 0; i < 8; i += 1) {
      shapes.push(
        `<rect x="${-40 + i * 55}" y="0" width="22" height="600" fill="${accent}" opacity="0.08" transform="rotate(${15 + (seed % 20)} 200 300)"/>`,
      );
    }
  } else if (kind === 2) {
    const points = Array.from(
      { length: 7 },
      (_, i) => `${i * 70},${200 + (((seed >> i) & 7) - 3) * 18}`,
    ).join(' ');
    shapes.push(
      `<polyline points="${points}" fill="none" stroke="${accent}" stroke-width="6" opacity="0.35"/>`,
    );
    shapes.push(
      `<polyline points="${points}" fill="none" stroke="${accent}" stroke-width="2" opacity="0.25" transform="translate(0 40)"/>`,
    );
  } else {
    for (let i = 0; i < 5; i += 1) {
      const size = 40 + i * 40;
      shapes.push(
        `<rect x="${200 - size / 2}" y="${150 - size / 2}" width="${size}" height="${size}" fill="none" stroke="${accent}" stroke-width="3" opacity="${0.4 - i * 0.06}" transform="rotate(45 200 150)"/>`,
      );
    }
  }
  return shapes.join('');
}

/** A 400×600 SVG cover. */
export function coverSvg({ title, author, categoryIndex, seed }: CoverSpec): string {
  const palette = PALETTES[categoryIndex % PALETTES.length];
  if (!palette) throw new Error('demo covers: the palette table is empty');
  const [dark, mid, accent] = palette;
  const lines = wrap(title, 14);
  const fontSize = lines.length > 3 ? 34 : 40;
  const startY = 330 - ((lines.length - 1) * fontSize * 1.2) / 2;
  const titleText = lines
    .map(
      (line, i) =>
        `<tspan x="200" y="${Math.round(startY + i * fontSize * 1.2)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 400 600" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="400" height="600" fill="url(#g)"/>
${pattern(seed, accent)}
<rect x="24" y="24" width="352" height="552" fill="none" stroke="${accent}" stroke-width="2" opacity="0.6"/>
<text direction="rtl" text-anchor="middle" font-family="Frank Ruhl Libre, David, Noto Serif Hebrew, serif" font-size="${fontSize}" font-weight="700" fill="#ffffff">${titleText}</text>
<line x1="140" y1="490" x2="260" y2="490" stroke="${accent}" stroke-width="2"/>
<text x="200" y="530" direction="rtl" text-anchor="middle" font-family="Heebo, Arial, sans-serif" font-size="22" fill="${accent}">${escapeXml(author)}</text>
</svg>
`;
}
