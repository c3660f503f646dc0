/** The types a medium is stored and served as, and how each is recognised from its first bytes (its magic number). */
export const mediaTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type MediaType = (typeof mediaTypes)[number];
/** What cameras and phones also write: taken at upload, stored as JPEG (PNG when the picture is transparent). */
const cameraTypes = ['image/tiff', 'image/heic', 'image/heif'] as const;
/** The types an upload may have. */
export const uploadTypes = [...mediaTypes, ...cameraTypes] as const;
export type UploadType = (typeof uploadTypes)[number];
/** The types a photo search takes. */
export const imageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export function isMediaType(value: string): value is MediaType {
  return (mediaTypes as readonly string[]).includes(value);
}

export function isUploadType(value: string): value is UploadType {
  return (uploadTypes as readonly string[]).includes(value);
}

export function isImageType<Type extends UploadType>(type: Type): type is Exclude<Type, 'application/pdf'> {
  return type !== 'application/pdf';
}

/** HEIC and HEIF: the formats libvips reads only when it was built with an HEVC decoder. */
export function isHeifType(type: string): type is 'image/heic' | 'image/heif' {
  return type === 'image/heic' || type === 'image/heif';
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/**
 * The type the bytes are, by their signature, whatever the client declared: JPEG (SOI and a marker),
 * PNG (its 8-byte signature), WebP (a RIFF container of form WEBP) and PDF (`%PDF-`). Undefined otherwise.
 */
export function sniffMediaType(bytes: Uint8Array): MediaType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return undefined;
}

// ISO-BMFF brands (bytes 8–11, after `ftyp`): HEVC-coded HEIC, and the generic HEIF image brands.
const heicBrands = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs'];
const heifBrands = ['mif1', 'msf1'];

/**
 * The type the bytes are, among the upload types: the four stored types, then TIFF (`II*\0` or `MM\0*`, and
 * BigTIFF's `+`) and HEIC/HEIF (an ISO-BMFF `ftyp` box of one of their brands). Undefined otherwise.
 */
export function sniffUploadType(bytes: Uint8Array): UploadType | undefined {
  const stored = sniffMediaType(bytes);
  if (stored) return stored;
  if (
    [ascii('II*\0'), ascii('MM\0*'), ascii('II+\0'), ascii('MM\0+')].some((sign) => startsWith(bytes, sign))
  )
    return 'image/tiff';
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (heicBrands.includes(brand)) return 'image/heic';
    if (heifBrands.includes(brand)) return 'image/heif';
  }
  return undefined;
}

/** The media type of a Content-Type header: lower case, without parameters (`image/png; q=1` → `image/png`). */
export function declaredMediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
