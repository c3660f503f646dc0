import type SharpModule from 'sharp';

let sharpLoading: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips), loaded on the first image to decode: ~25 MiB resident from the moment it is imported, which
 * a server that is never sent an image would hold for nothing (docs/performance.md, "Round 3: idle costs").
 */
export function loadSharp(): Promise<typeof SharpModule> {
  sharpLoading ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache would keep decoded images alive between requests: memory for nothing here.
    sharp.cache(false);
    return sharp;
  });
  return sharpLoading;
}
