// `npm run bench:build && node dist/bench/photo-fixtures.js`: makes test/fixtures/photos/ from Debian's mate-backgrounds and ukui-wallpapers (apt-get install mate-backgrounds
// ukui-wallpapers): small JPEGs, so the quality test runs anywhere without the packages. Run once; the files are
// committed. README.md there says what each is and its licence.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { packageRoot } from '../src/lib/package-root.js';

const SOURCE = '/usr/share/backgrounds';
const OUT = join(packageRoot, 'test/fixtures/photos');
const LONG_SIDE = 320;

// The twelve photographs of mate-backgrounds' nature set: each is an original, and so is each of its quarters
// (a 2× zoom on a part of it, a different picture to pHash), which gives 60 photographs.
const photos = [
  'Aqua',
  'Blinds',
  'Dune',
  'FreshFlower',
  'Garden',
  'GreenMeadow',
  'LadyBird',
  'RainDrops',
  'Storm',
  'TwoWings',
  'Wood',
  'YellowFlower',
].map((name) => join(SOURCE, 'mate/nature', `${name}.jpg`));

// Everything else in both packages is drawn (illustrations, a painting): distractors only, never searched for.
// Near-copies are left out (Elephants at three sizes, Ubuntu-Mate-* in four tints, MATE-Stripes dark and light).
const distractors = [
  '2004default.jpg',
  'calla.png',
  'city.png',
  'desert.png',
  'firstgeneration.jpg',
  'fluent-color.png',
  'focal-ubuntukylin.png',
  'goldfish.png',
  'rhythm.jpg',
  'rollpaper.png',
  'string.jpg',
  'the-mouse.jpg',
  'mate/abstract/Elephants.jpg',
  'mate/abstract/Flow.png',
  'mate/abstract/Gulp.png',
  'mate/abstract/Silk.png',
  'mate/abstract/Spring.png',
  'mate/abstract/Waves.png',
  'mate/desktop/Float-into-MATE.png',
  'mate/desktop/GreenTraditional.jpg',
  'mate/desktop/MATE-Stripes-Dark.png',
  'mate/desktop/Stripes.png',
  'mate/desktop/Ubuntu-Mate-Cold-no-logo.png',
].map((file) => join(SOURCE, file));

function slug(file: string): string {
  return basename(file, extname(file))
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

async function save(image: Sharp, name: string): Promise<void> {
  // Transparent wallpapers go on white, as a browser would show them.
  const bytes = await image
    .flatten({ background: '#ffffff' })
    .resize(LONG_SIDE, LONG_SIDE, { fit: 'inside' })
    .jpeg({ quality: 85 })
    .toBuffer();
  writeFileSync(join(OUT, name), bytes);
}

mkdirSync(join(OUT, 'originals'), { recursive: true });
mkdirSync(join(OUT, 'distractors'), { recursive: true });
for (const file of photos) {
  const { width, height } = await sharp(file).metadata();
  const halfWidth = Math.floor(width / 2);
  const halfHeight = Math.floor(height / 2);
  await save(sharp(file), `originals/${slug(file)}.jpg`);
  const quarters: [string, number, number][] = [
    ['nw', 0, 0],
    ['ne', halfWidth, 0],
    ['sw', 0, halfHeight],
    ['se', halfWidth, halfHeight],
  ];
  for (const [quarter, left, top] of quarters) {
    await save(
      sharp(file).extract({ left, top, width: halfWidth, height: halfHeight }),
      `originals/${slug(file)}-${quarter}.jpg`,
    );
  }
}
for (const file of distractors) await save(sharp(file), `distractors/${slug(file)}.jpg`);
console.log(`${photos.length * 5} originals and ${distractors.length} distractors in ${OUT}`);
