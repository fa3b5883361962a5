/**
 * Book covers drawn locally as small SVG files (400×600, about 1 KB): each book gets one of four
 * layouts (framed, two-tone band, large type, medallion), one of three drawings of its genre and
 * one of three colour schemes of its genre, chosen by its seed, so the same book always gets the
 * same cover and a shelf of one genre still looks varied. No network, no fonts shipped: the
 * browser renders the Hebrew text with its own fonts.
 */

export interface CoverSpec {
  title: string;
  author: string;
  categoryIndex: number;
  /** Any integer; chooses the layout, drawing and colours. */
  seed: number;
}

/** A colour scheme: background, drawing, second drawing colour, title ink, paper (light areas). */
type Scheme = readonly [bg: string, ink: string, accent: string, text: string, paper: string];

/**
 * Drawings in a 100×100 box; `A` and `B` stand for the scheme's two drawing colours. Three per
 * category, in the order of BOOK_CATEGORIES.
 */
const DRAWINGS: readonly (readonly string[])[] = [
  // fantasy: castle, crescent moon and star, crown
  [
    '<path d="M20 95V45h10v-8h8v8h8V30h8v15h8v-8h8v8h10v50z" fill="A"/><path d="M45 95V76a5 5 0 0 1 10 0v19zM50 30V10l13 5-13 5" fill="B"/>',
    '<path d="M60 12a40 40 0 1 0 28 62A32 32 0 1 1 60 12z" fill="A"/><path d="M26 18l3 8 8 1-6 5 2 8-7-4-7 4 2-8-6-5 8-1z" fill="B"/>',
    '<path d="M14 78L8 30l22 20 20-32 20 32 22-20-6 48z" fill="A"/><path d="M14 84h72v10H14z" fill="B"/><circle cx="50" cy="60" r="6" fill="B"/>',
  ],
  // science fiction: ringed planet, rocket, orbits
  [
    '<circle cx="50" cy="50" r="26" fill="A"/><ellipse cx="50" cy="50" rx="47" ry="12" fill="none" stroke="B" stroke-width="4" transform="rotate(-20 50 50)"/><circle cx="12" cy="15" r="3" fill="B"/><circle cx="88" cy="85" r="2" fill="B"/>',
    '<path d="M50 4c16 16 19 40 12 66H38C31 44 34 20 50 4z" fill="A"/><circle cx="50" cy="34" r="7" fill="B"/><path d="M38 52L24 76h16zm24 0l14 24H60zM42 74h16l-8 22z" fill="B"/>',
    '<g fill="none" stroke="B" stroke-width="2"><circle cx="50" cy="50" r="28"/><circle cx="50" cy="50" r="45"/></g><circle cx="50" cy="50" r="11" fill="A"/><circle cx="78" cy="50" r="5" fill="A"/><circle cx="18" cy="30" r="4" fill="A"/>',
  ],
  // novel: house, sea, arched window
  [
    '<path d="M12 50L50 16l38 34v46H12z" fill="A"/><path d="M26 58h17v17H26zm31 4h17v34H57z" fill="B"/>',
    '<circle cx="74" cy="18" r="11" fill="B"/><path d="M0 45q12-12 25 0t25 0 25 0 25 0M0 65q12-12 25 0t25 0 25 0 25 0M0 85q12-12 25 0t25 0 25 0 25 0" fill="none" stroke="A" stroke-width="6"/>',
    '<path d="M20 94V40a30 30 0 0 1 60 0v54z" fill="B"/><path d="M20 94V40a30 30 0 0 1 60 0v54zM20 52h60M50 10v84" fill="none" stroke="A" stroke-width="5"/>',
  ],
  // history: temple, city gate, scroll
  [
    '<path d="M8 36L50 10l42 26zm10 6h10v44H18zm18 0h10v44H36zm18 0h10v44H54zm18 0h10v44H72z" fill="A"/><path d="M6 88h88v8H6z" fill="B"/>',
    '<path d="M10 95V32h80v63H65V62a15 15 0 0 0-30 0v33z" fill="A"/><path d="M10 32V18h10v6h10v-6h10v6h10v-6h10v6h10v-6h10v14z" fill="B"/>',
    '<path d="M24 14h52v72H24z" fill="B"/><rect x="14" y="8" width="72" height="12" rx="6" fill="A"/><rect x="14" y="80" width="72" height="12" rx="6" fill="A"/><path d="M34 36h32M34 50h32M34 64h20" stroke="A" stroke-width="4"/>',
  ],
  // children: balloons, smiling sun, kite
  [
    '<path d="M45 68q-8 12 4 30M72 48q4 20-20 50" fill="none" stroke="B" stroke-width="2"/><ellipse cx="45" cy="38" rx="24" ry="30" fill="A"/><ellipse cx="74" cy="32" rx="14" ry="17" fill="B"/>',
    '<path d="M50 4v16m0 60v16M4 50h16m60 0h16M18 18l11 11m42 42l11 11M18 82l11-11m42-42l11-11" stroke="A" stroke-width="6" stroke-linecap="round"/><circle cx="50" cy="50" r="23" fill="A"/><path d="M40 55q10 10 20 0" fill="none" stroke="B" stroke-width="3"/><circle cx="42" cy="44" r="3" fill="B"/><circle cx="58" cy="44" r="3" fill="B"/>',
    '<path d="M50 4l30 36-30 44-30-44z" fill="A"/><path d="M50 4v80M20 40h60M50 84q-12 6 0 12" fill="none" stroke="B" stroke-width="2"/>',
  ],
  // non-fiction and essays: open book, light bulb, rings
  [
    '<path d="M50 25C38 15 20 15 8 20v60c12-5 30-5 42 5 12-10 30-10 42-5V20c-12-5-30-5-42 5z" fill="A"/><path d="M50 25v60" stroke="B" stroke-width="3"/>',
    '<path d="M50 8a28 28 0 0 0-16 51v13h32V59A28 28 0 0 0 50 8z" fill="A"/><path d="M36 77h28v6H36zm4 10h20v6H40z" fill="B"/>',
    '<circle cx="50" cy="50" r="46" fill="A"/><circle cx="50" cy="50" r="33" fill="B"/><circle cx="50" cy="50" r="20" fill="A"/><circle cx="50" cy="50" r="7" fill="B"/>',
  ],
  // poetry: branch, bird, feather
  [
    '<path d="M15 92Q50 60 86 8" fill="none" stroke="B" stroke-width="3"/><path d="M40 64q-26-4-29-31 26 3 29 31zm16-22q4-26 31-29-2 26-31 29zm-4 16q26 0 36 20-26 5-36-20z" fill="A"/>',
    '<path d="M8 58q22-30 46-10 16-26 42-20-21 6-26 26-6 26-36 26-16 0-26-22z" fill="A"/><circle cx="72" cy="36" r="3" fill="B"/><path d="M20 92h60" stroke="B" stroke-width="3"/>',
    '<path d="M82 8C40 20 18 50 22 90 52 80 78 54 82 8z" fill="A"/><path d="M80 12L16 96" stroke="B" stroke-width="2"/>',
  ],
  // cooking: steaming pot, lemon, coffee cup
  [
    '<path d="M15 46h70v30a15 15 0 0 1-15 15H30a15 15 0 0 1-15-15z" fill="A"/><rect x="10" y="38" width="80" height="9" rx="4" fill="B"/><path d="M38 28q-6-8 0-16m12 16q-6-8 0-16m12 16q-6-8 0-16" fill="none" stroke="B" stroke-width="3"/>',
    '<ellipse cx="48" cy="58" rx="38" ry="28" fill="A" transform="rotate(-25 48 58)"/><path d="M72 32q10-22 26-18-5 18-26 18z" fill="B"/>',
    '<path d="M18 40h52v26a26 26 0 0 1-52 0z" fill="A"/><path d="M70 46a11 11 0 0 1 0 22" fill="none" stroke="A" stroke-width="6"/><path d="M34 30q-5-8 0-16m15 16q-5-8 0-16" fill="none" stroke="B" stroke-width="3"/><rect x="8" y="90" width="74" height="5" rx="2" fill="B"/>',
  ],
  // sport: ball, running track, summit flag
  [
    '<circle cx="50" cy="50" r="43" fill="A"/><path d="M7 50h86M50 7v86M20 20q30 30 0 60M80 20q-30 30 0 60" fill="none" stroke="B" stroke-width="3"/>',
    '<circle cx="78" cy="20" r="10" fill="B"/><path d="M2 96Q50 36 98 96M22 96Q50 58 78 96M42 96Q50 80 58 96" fill="none" stroke="A" stroke-width="6"/>',
    '<path d="M4 92L40 30l15 25 10-15 32 52z" fill="A"/><path d="M40 30V8l16 6-16 6" fill="B"/>',
  ],
  // other: compass, mountains and sun, paper plane
  [
    '<circle cx="50" cy="50" r="42" fill="none" stroke="A" stroke-width="5"/><path d="M50 14l9 36-9 36-9-36z" fill="A"/><path d="M50 14l9 36H41z" fill="B"/>',
    '<circle cx="74" cy="24" r="11" fill="B"/><path d="M0 92l30-50 20 30 15-20 35 40z" fill="A"/>',
    '<path d="M8 50L92 14 66 86 50 60z" fill="A"/><path d="M50 60L92 14 40 56z" fill="B"/>',
  ],
];

/** Three colour schemes per category, in the order of BOOK_CATEGORIES. */
const SCHEMES: readonly (readonly Scheme[])[] = [
  [
    ['#3b1f5c', '#f2c14e', '#b583d6', '#fff', '#f4ecd8'],
    ['#102a43', '#d9a441', '#7fb3d5', '#fdf6e3', '#e9e2cf'],
    ['#4a1c1c', '#e8b04b', '#c96b4b', '#fff3e0', '#f3e6d3'],
  ],
  [
    ['#0b2545', '#8da9c4', '#f4d35e', '#fff', '#dfe7ef'],
    ['#111', '#2ec4b6', '#ff9f1c', '#f1f1f1', '#e8f6f5'],
    ['#2b2d42', '#ef476f', '#ffd166', '#fff', '#edf2f4'],
  ],
  [
    ['#7a1e2c', '#f7e1d7', '#e07a5f', '#fff', '#f7ede2'],
    ['#264653', '#e9c46a', '#f4a261', '#fff', '#f1ece0'],
    ['#5c4b51', '#f2d0a9', '#8cbeb2', '#fff', '#f6eee3'],
  ],
  [
    ['#4a3b2a', '#efd9b4', '#a67c52', '#fff8ec', '#efe4cf'],
    ['#2f3e46', '#cad2c5', '#b08968', '#fff', '#e9ede6'],
    ['#6b2737', '#e9d8a6', '#94a89a', '#fff', '#f2ead7'],
  ],
  [
    ['#1d6f72', '#ffe66d', '#ff6b6b', '#fff', '#fff8e1'],
    ['#ff8c42', '#fff275', '#3c91e6', '#fff', '#fff4e6'],
    ['#5b5f97', '#ffc145', '#ff6b6c', '#fff', '#fffffb'],
  ],
  [
    ['#2d3142', '#ef8354', '#bfc0c0', '#fff', '#eef0f2'],
    ['#f4f1de', '#3d405b', '#e07a5f', '#3d405b', '#3d405b'],
    ['#1b4332', '#95d5b2', '#d8f3dc', '#fff', '#e9f5ee'],
  ],
  [
    ['#5e3c58', '#fbf5f3', '#b0a1ba', '#fff', '#f4eef2'],
    ['#f1e9da', '#6d597a', '#b56576', '#4a3f55', '#6d597a'],
    ['#22333b', '#c6ac8f', '#eae0d5', '#fff', '#eae0d5'],
  ],
  [
    ['#6b2d0e', '#f9dbbd', '#d1603d', '#fff', '#fbeee0'],
    ['#fff1d6', '#e76f51', '#2a9d8f', '#5a2a12', '#e76f51'],
    ['#3a5a40', '#f4e285', '#f4a259', '#fff', '#f1f5e9'],
  ],
  [
    ['#0f4c3a', '#f1f7ed', '#f9c80e', '#fff', '#eaf4ec'],
    ['#003049', '#fcbf49', '#d62828', '#fff', '#eaf2f6'],
    ['#d62828', '#fff', '#003049', '#fff', '#fdecea'],
  ],
  [
    ['#333', '#f4d35e', '#9aa5b1', '#fff', '#f2f2f2'],
    ['#084c61', '#ffc857', '#db3a34', '#fff', '#e6f0f3'],
    ['#e3d5ca', '#6b705c', '#a5a58d', '#3f4238', '#6b705c'],
  ],
];

const SERIF = 'Frank Ruhl Libre,David,Noto Serif Hebrew,serif';

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
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

/** A few well-mixed numbers in [0, n) from the seed (the seed itself may be any size). */
function choices(seed: number): (n: number) => number {
  let h = Math.imul((seed % 2147483647) ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  return (n) => {
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    h ^= h >>> 16;
    return (h >>> 0) % n;
  };
}

/** The title as centred (or right-aligned) lines starting at `y`. */
function titleText(
  lines: readonly string[],
  x: number,
  y: number,
  size: number,
  fill: string,
  anchor: 'middle' | 'start',
): string {
  const spans = lines
    .map((l, i) => `<tspan x="${x}" y="${Math.round(y + i * size * 1.2)}">${escapeXml(l)}</tspan>`)
    .join('');
  return `<text text-anchor="${anchor}" font-family="${SERIF}" font-size="${size}" font-weight="700" fill="${fill}">${spans}</text>`;
}

/** The drawing scaled to `size` pixels with its top-left corner at (x, y). */
function drawing(art: string, x: number, y: number, size: number, a: string, b: string): string {
  const coloured = art.replaceAll('"A"', `"${a}"`).replaceAll('"B"', `"${b}"`);
  return `<g transform="translate(${x} ${y}) scale(${size / 100})">${coloured}</g>`;
}

/** A 400×600 SVG cover. */
export function coverSvg({ title, author, categoryIndex, seed }: CoverSpec): string {
  const pick = choices(seed);
  const genre = ((categoryIndex % DRAWINGS.length) + DRAWINGS.length) % DRAWINGS.length;
  const arts = DRAWINGS[genre] ?? [];
  const schemes = SCHEMES[genre] ?? [];
  const art = arts[pick(arts.length)] ?? '';
  const scheme = schemes[pick(schemes.length)];
  if (!scheme) throw new Error('demo covers: the scheme table is empty');
  const [bg, ink, accent, text, paper] = scheme;
  const name = escapeXml(author);
  let body: string;
  switch (pick(4)) {
    case 0: {
      // Framed: drawing above, title below, the author at the foot.
      const lines = wrap(title, 14);
      const size = lines.length > 2 ? 34 : 40;
      body =
        `<rect x="20" y="20" width="360" height="560" fill="none" stroke="${ink}" stroke-width="3"/>` +
        drawing(art, 120, 70, 160, ink, accent) +
        titleText(lines, 200, 310 + (3 - lines.length) * 18, size, text, 'middle') +
        `<path d="M150 490h100" stroke="${accent}" stroke-width="2"/>` +
        `<text x="200" y="535" text-anchor="middle" font-size="22" fill="${ink}">${name}</text>`;
      break;
    }
    case 1: {
      // Two-tone: the drawing on the colour, the title on a paper band.
      const lines = wrap(title, 16);
      const size = lines.length > 2 ? 30 : 36;
      body =
        drawing(art, 95, 50, 210, ink, accent) +
        `<rect y="330" width="400" height="270" fill="${paper}"/>` +
        `<rect y="330" width="400" height="8" fill="${accent}"/>` +
        titleText(lines, 200, 400, size, bg, 'middle') +
        `<text x="200" y="555" text-anchor="middle" font-size="22" fill="${bg}">${name}</text>`;
      break;
    }
    case 2: {
      // Large type: the title set right, a bar beside it, a small drawing at the foot.
      const lines = wrap(title, 10);
      const size = lines.length > 3 ? 42 : 52;
      body =
        `<rect x="358" y="50" width="10" height="${Math.round(lines.length * size * 1.2 + 20)}" fill="${accent}"/>` +
        titleText(lines, 340, 50 + size, size, text, 'start') +
        `<text x="340" y="550" text-anchor="start" font-size="22" fill="${ink}">${name}</text>` +
        drawing(art, 36, 400, 150, ink, accent);
      break;
    }
    default: {
      // Medallion: the drawing in a disc, the title under it.
      const lines = wrap(title, 15);
      const size = lines.length > 2 ? 30 : 36;
      body =
        `<circle cx="200" cy="210" r="140" fill="${paper}" opacity=".18"/>` +
        `<circle cx="200" cy="210" r="150" fill="none" stroke="${accent}" stroke-width="2"/>` +
        drawing(art, 125, 135, 150, ink, accent) +
        titleText(lines, 200, 420, size, text, 'middle') +
        `<text x="200" y="560" text-anchor="middle" font-size="20" fill="${accent}">${name}</text>`;
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 400 600" role="img" aria-label="${escapeXml(title)}" direction="rtl" font-family="Heebo,Arial,sans-serif">
<rect width="400" height="600" fill="${bg}"/>${body}</svg>
`;
}
