/**
 * sharp (libvips), loaded when a picture is first made rather than at start, and set for a small
 * server: libvips' operation cache (up to 50 MB of decoded images by default) is off, since every
 * encode is of a different picture and the results are kept on disk, and each picture is worked
 * on by one thread, so a few encodes at once hold a few pictures' buffers, not one per core each
 * (docs/decisions/022-lean-request-path.md).
 */
import type { default as Sharp } from 'sharp';

let loaded: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}
