/** The types a media upload may have, and how each is recognised from its first bytes (its magic number). */
export const mediaTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type MediaType = (typeof mediaTypes)[number];
/** The types a photo search takes. */
export const imageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export function isMediaType(value: string): value is MediaType {
  return (mediaTypes as readonly string[]).includes(value);
}

export function isImageType(type: MediaType): type is Exclude<MediaType, 'application/pdf'> {
  return type !== 'application/pdf';
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

/** The media type of a Content-Type header: lower case, without parameters (`image/png; q=1` → `image/png`). */
export function declaredMediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
