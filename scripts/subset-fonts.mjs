// Makes the site's web fonts (apps/web/src/shared/styles/fonts/), committed with the code:
// Inter as one variable file for weights 400–600 and Cormorant Garamond 600 (normal and italic),
// each cut down to the characters Russian and English text uses (see RANGES). One file per face
// instead of a Latin and a Cyrillic file per weight: a page needs two font files, not eight, and
// both arrive in time for the first layout (docs/decisions/011-first-visit-main-thread.md).
//
// The sources are not project dependencies; to run it:
//   npm install --no-save subset-font inter-ui @expo-google-fonts/cormorant-garamond
//   node scripts/subset-fonts.mjs
// Both families are under the SIL Open Font License; their licence texts are copied alongside.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import subsetFont from 'subset-font';

const root = path.resolve(import.meta.dirname, '..');
const modules = path.join(root, 'node_modules');
const out = path.join(root, 'apps/web/src/shared/styles/fonts');

/** Must match the unicode-range of the @font-face rules in fonts.css. */
const RANGES = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1: no-break space, «», °, ×, accented letters
  [0x131, 0x131],
  [0x152, 0x153],
  [0x400, 0x45f], // Cyrillic, Ё and the Belarusian і, ў included
  [0x490, 0x491],
  [0x2010, 0x2027], // dashes, quotes „“ ‘’, bullet, ellipsis
  [0x2030, 0x203a],
  [0x20ac, 0x20ac],
  [0x20bd, 0x20bd],
  [0x2116, 0x2116], // №
  [0x2122, 0x2122],
  [0x2190, 0x2193], // arrows
  [0x2212, 0x2212],
];

const text = RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('');

const fonts = [
  {
    file: 'inter-variable.woff2',
    source: 'inter-ui/variable/InterVariable.woff2',
    // The weights the site uses; the optical size of text, fixed.
    variationAxes: { wght: { min: 400, max: 600 }, opsz: 14 },
  },
  { file: 'cormorant-garamond-600.woff2', source: '@expo-google-fonts/cormorant-garamond/600SemiBold/CormorantGaramond_600SemiBold.ttf' },
  {
    file: 'cormorant-garamond-italic-600.woff2',
    source: '@expo-google-fonts/cormorant-garamond/600SemiBold_Italic/CormorantGaramond_600SemiBold_Italic.ttf',
  },
];

await mkdir(out, { recursive: true });
for (const font of fonts) {
  // No layout closure: alternates and ligatures reachable only through OpenType features are
  // left out (kerning stays); it halves the files.
  const subset = await subsetFont(await readFile(path.join(modules, font.source)), text, {
    targetFormat: 'woff2',
    noLayoutClosure: true,
    variationAxes: font.variationAxes,
  });
  await writeFile(path.join(out, font.file), subset);
  console.log(`${font.file.padEnd(38)} ${(subset.length / 1024).toFixed(1)} KB`);
}
await copyFile(path.join(modules, 'inter-ui/LICENSE.txt'), path.join(out, 'LICENSE-Inter.txt'));
await copyFile(path.join(modules, '@expo-google-fonts/cormorant-garamond/LICENSE_FONT'), path.join(out, 'LICENSE-CormorantGaramond.txt'));
