import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  DIGIT_FACE_RANGES,
  DIGIT_FACE_WEIGHTS,
  codePointsOf,
  digitFacePath,
  latinFacePath,
  makeDigitFace,
} from './digit-faces';

// The webpack side (CommonJS, no types): the faces index.html preloads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PRELOADED_FACES } = require(
  path.resolve(__dirname, '../../../build-config/federation/web-fonts.cjs'),
) as {
  PRELOADED_FACES: string[];
};
const digitsCss = readFileSync(path.resolve(__dirname, '../../../libs/ui/src/digits.css'), 'utf8');

/** The @font-face rules of digits.css: weight, file and unicode-range. */
function declaredFaces() {
  return [...digitsCss.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => ({
    weight: Number(/font-weight:\s*(\d+)/.exec(body)?.[1]),
    file: /src:\s*url\('\.\/fonts\/([^']+)'\)/.exec(body)?.[1],
    ranges: /unicode-range:\s*([^;]+);/
      .exec(body)?.[1]
      ?.split(',')
      .map((r) => r.trim()),
    display: /font-display:\s*(\w+)/.exec(body)?.[1],
  }));
}

describe("Heebo's digit faces", () => {
  it.each(DIGIT_FACE_WEIGHTS)(
    'the committed %i face is what the tool cuts from the installed Latin face, at a third of its size',
    async (weight) => {
      const committed = readFileSync(digitFacePath(weight));
      expect((await makeDigitFace(weight)).equals(committed)).toBe(true);
      expect(committed.length).toBeLessThan(statSync(latinFacePath(weight)).size / 3);
    },
  );

  it('reads unicode-range entries as code points', () => {
    expect(codePointsOf(['U+0030-0039', 'U+00A0'])).toEqual([
      0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0xa0,
    ]);
    expect(() => codePointsOf(['0030'])).toThrow('not a unicode-range entry');
  });

  it('covers what a Hebrew line borrows from Latin, and leaves letters and marks out', () => {
    const covered = new Set(codePointsOf(DIGIT_FACE_RANGES));
    const has = (text: string) => [...text].filter((c) => covered.has(c.codePointAt(0) ?? 0));
    const borrowed = ' 0123456789.,:;-()%/\'"!?–—…«»©×‹›\u2212\u00a0';
    expect(has(borrowed)).toEqual([...borrowed]);
    // The direction marks are drawn from the Hebrew faces (shekel.css), ₪ too.
    expect(has('aZ\u200e\u200f₪')).toEqual([]);
  });

  it('digits.css declares each weight once, optional like the rest, over exactly these ranges', () => {
    expect(declaredFaces()).toEqual(
      DIGIT_FACE_WEIGHTS.map((weight) => ({
        weight,
        file: path.basename(digitFacePath(weight)),
        ranges: [...DIGIT_FACE_RANGES],
        display: 'optional',
      })),
    );
  });

  it("shekel.css draws Heebo's direction marks from the Hebrew files, so a price needs no Latin file", () => {
    const shekelCss = readFileSync(
      path.resolve(__dirname, '../../../libs/ui/src/shekel.css'),
      'utf8',
    );
    const heebo = [...shekelCss.matchAll(/@font-face\s*{([^}]*)}/g)]
      .map(([, body = '']) => body)
      .filter((body) => body.includes("font-family: 'Heebo'"));
    expect(heebo.map((body) => /font-weight:\s*(\d+)/.exec(body)?.[1])).toEqual([
      '400',
      '500',
      '700',
    ]);
    for (const body of heebo) {
      expect(body).toMatch(/heebo-hebrew-\d+-normal\.woff2/);
      expect(body).toMatch(/unicode-range:\s*U\+200E-200F, U\+20AA;/);
    }
  });

  it('index.html preloads the digit faces instead of the whole Latin faces', () => {
    for (const weight of DIGIT_FACE_WEIGHTS)
      expect(PRELOADED_FACES).toContain(path.basename(digitFacePath(weight), '.woff2'));
    expect(PRELOADED_FACES.filter((face) => face.includes('latin'))).toEqual([]);
  });
});
