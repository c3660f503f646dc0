// A synthetic phone photograph of a real photograph (#51 item 4): the work seen at an angle (perspective up to 20 %
// of a corner), rotated ±15°, scaled 0.6–1.6×, cut by the frame up to 15 %, under other light (gamma, white
// balance), on a wall, with sensor noise, a little blur and JPEG 60–80. Deterministic for a seed.
import sharp from 'sharp';
import { seededRandom } from './seeded-random.js';

type Point = [number, number];

/** The homography taking each `from` point to its `to` point (8 unknowns, solved by Gaussian elimination). */
function homography(from: Point[], to: Point[]): number[] {
  const rows = from.flatMap(([x, y], i) => {
    const [u, v] = to[i]!;
    return [
      [x, y, 1, 0, 0, 0, -u * x, -u * y, u],
      [0, 0, 0, x, y, 1, -v * x, -v * y, v],
    ];
  });
  for (let column = 0; column < 8; column++) {
    let pivot = column;
    for (let r = column + 1; r < 8; r++)
      if (Math.abs(rows[r]![column]!) > Math.abs(rows[pivot]![column]!)) pivot = r;
    [rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!];
    for (let r = 0; r < 8; r++) {
      if (r === column) continue;
      const factor = rows[r]![column]! / rows[column]![column]!;
      for (let c = column; c < 9; c++) rows[r]![c]! -= factor * rows[column]![c]!;
    }
  }
  return [...rows.map((row, i) => row[8]! / row[i]!), 1];
}

export async function phonePhoto(original: Buffer, seed: number): Promise<Buffer> {
  const random = seededRandom(seed);
  const between = (low: number, high: number): number => low + (high - low) * random();
  const meta = await sharp(original).metadata();
  const scale = between(0.6, 1.6);
  const width = Math.round(meta.width * scale);
  const height = Math.round(meta.height * scale);
  const source = await sharp(original)
    .resize(width, height)
    .removeAlpha()
    .gamma(between(1.0, 2.2), 2.2)
    .linear([between(0.85, 1.15), between(0.9, 1.1), between(0.85, 1.15)], [0, 0, 0])
    .raw()
    .toBuffer();

  // Where the work's corners land: rotated about its centre, each corner moved up to 20 % of the size.
  const canvasWidth = Math.round(width * 1.5);
  const canvasHeight = Math.round(height * 1.5);
  const angle = (between(-15, 15) * Math.PI) / 180;
  const corners: Point[] = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  const placed = corners.map(([x, y]): Point => {
    const dx = x - width / 2 + between(-0.1, 0.1) * width;
    const dy = y - height / 2 + between(-0.1, 0.1) * height;
    return [
      canvasWidth / 2 + dx * Math.cos(angle) - dy * Math.sin(angle),
      canvasHeight / 2 + dx * Math.sin(angle) + dy * Math.cos(angle),
    ];
  });
  const back = homography(placed, corners);

  // The wall: a warm grey with a gentle gradient and grain; the work bilinearly resampled onto it.
  const wall = [between(150, 220), between(140, 210), between(130, 200)];
  const pixels = Buffer.alloc(canvasWidth * canvasHeight * 3);
  for (let y = 0; y < canvasHeight; y++) {
    for (let x = 0; x < canvasWidth; x++) {
      const w = back[6]! * x + back[7]! * y + back[8]!;
      const sx = (back[0]! * x + back[1]! * y + back[2]!) / w;
      const sy = (back[3]! * x + back[4]! * y + back[5]!) / w;
      const at = (y * canvasWidth + x) * 3;
      if (sx >= 0 && sy >= 0 && sx < width - 1 && sy < height - 1) {
        const x0 = Math.floor(sx);
        const y0 = Math.floor(sy);
        const fx = sx - x0;
        const fy = sy - y0;
        for (let c = 0; c < 3; c++) {
          const p = (yy: number, xx: number): number => source[(yy * width + xx) * 3 + c]!;
          pixels[at + c] =
            (p(y0, x0) * (1 - fx) + p(y0, x0 + 1) * fx) * (1 - fy) +
            (p(y0 + 1, x0) * (1 - fx) + p(y0 + 1, x0 + 1) * fx) * fy;
        }
      } else {
        const shade = 1 - (0.15 * y) / canvasHeight + between(-0.03, 0.03);
        for (let c = 0; c < 3; c++) pixels[at + c] = Math.min(255, wall[c]! * shade);
      }
    }
  }
  // Sensor noise everywhere.
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, pixels[i]! + between(-8, 8)));

  // The frame cuts up to 15 % of the work on one side; the rest of the wall stays around it.
  const xs = placed.map((point) => point[0]);
  const ys = placed.map((point) => point[1]);
  const box = {
    left: Math.min(...xs),
    top: Math.min(...ys),
    right: Math.max(...xs),
    bottom: Math.max(...ys),
  };
  const cut = between(0, 0.15);
  const margin = 0.06;
  let left = Math.max(0, box.left - margin * width);
  let top = Math.max(0, box.top - margin * height);
  let right = Math.min(canvasWidth, box.right + margin * width);
  let bottom = Math.min(canvasHeight, box.bottom + margin * height);
  const side = Math.floor(random() * 4);
  if (side === 0) left = box.left + cut * (box.right - box.left);
  if (side === 1) right = box.right - cut * (box.right - box.left);
  if (side === 2) top = box.top + cut * (box.bottom - box.top);
  if (side === 3) bottom = box.bottom - cut * (box.bottom - box.top);
  return sharp(pixels, { raw: { width: canvasWidth, height: canvasHeight, channels: 3 } })
    .extract({
      left: Math.round(left),
      top: Math.round(top),
      width: Math.round(right - left),
      height: Math.round(bottom - top),
    })
    .blur(between(0.3, 1.2))
    .jpeg({ quality: Math.round(between(60, 80)) })
    .toBuffer();
}
