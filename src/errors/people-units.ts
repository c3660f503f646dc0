// Sizes as people say them ("40 MB", "100 megapixels"), for the sentences they read: never a byte count or a setting.

const KIB = 1024;
const MIB = 1024 * 1024;

/** One decimal at most, none when it is .0: 40 → "40", 12.5 → "12.5". */
function short(value: number): string {
  return Number(value.toFixed(1)).toLocaleString('en');
}

/** A file size as a file manager shows it (1 MB = 1,048,576 bytes): "40 MB", "512 KB", "900 bytes". */
export function fileSize(bytes: number): string {
  if (bytes >= MIB) return `${short(bytes / MIB)} MB`;
  if (bytes >= KIB) return `${short(bytes / KIB)} KB`;
  return `${bytes} bytes`;
}

/**
 * A picture's size in megapixels ("100 megapixels"), or in pixels below one megapixel; `roundUp` for a size
 * said to be over a limit, so 100,000,001 pixels reads "100.1", not "100", beside "more than 100".
 */
export function pictureSize(pixels: number, options: { roundUp?: boolean } = {}): string {
  if (pixels < 1_000_000) return `${pixels.toLocaleString('en')} pixels`;
  const megapixels = pixels / 1_000_000;
  return `${short(options.roundUp ? Math.ceil(megapixels * 10) / 10 : megapixels)} megapixels`;
}
