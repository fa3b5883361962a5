// Writes libs/ui/src/fonts/heebo-digits-<weight>-normal.woff2 (digit-faces.ts says why).
// Run after upgrading @fontsource/heebo: `npx nx run web-fonts:generate`.
import { writeFileSync } from 'node:fs';
import { DIGIT_FACE_WEIGHTS, digitFacePath, makeDigitFace } from './digit-faces';

async function main() {
  for (const weight of DIGIT_FACE_WEIGHTS) {
    const face = await makeDigitFace(weight);
    writeFileSync(digitFacePath(weight), face);
    console.log(`${digitFacePath(weight)}: ${face.length} bytes`);
  }
}

void main();
