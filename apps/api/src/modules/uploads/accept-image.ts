/**
 * Pictures uploaded by admins. A file is judged by its content, never by its name or the type the
 * browser claims: it must decode as JPEG, PNG, WebP or AVIF. What is stored is not the upload but
 * a re-encoded WebP (turned upright, at most 2560 px, without EXIF, so a phone's location stays
 * private and a file that is also something else is not kept as it came); the uploads route
 * serves it resized as WebP and AVIF for `srcset`.
 */
import { loadSharp } from '../../images';
import type { FastifyBaseLogger } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import type { Storage } from '../../storage';
import { resizerFor } from './resized';

/** A 40-megapixel photo is larger than any camera's; more is a decompression bomb. */
const MAX_PIXELS = 40_000_000;
const STORED_MAX_PX = 2560;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export const NOT_AN_IMAGE_DETAIL = 'The file is not a picture: upload a JPEG, PNG, WebP or AVIF image';
export const TOO_LARGE_DETAIL = `The picture is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`;

/** A multipart file field's value (@fastify/multipart, attachFieldsToBody 'keyValues'), or nothing. */
export function uploadedBytes(value: unknown): Buffer | null {
  return Buffer.isBuffer(value) && value.length > 0 ? value : null;
}

export async function storeUploadedImage(storage: Storage, log: FastifyBaseLogger, base: string, bytes: Buffer): Promise<string> {
  if (bytes.length > UPLOAD_MAX_BYTES) throw new HttpError(413, TOO_LARGE_DETAIL);
  const sharp = await loadSharp();
  const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .metadata()
    .catch(() => null);
  // HEIF is AVIF's container; a HEIC photo (HEVC inside) is HEIF too, and sharp cannot decode it.
  const accepted =
    metadata?.format !== undefined &&
    ACCEPTED_FORMATS.has(metadata.format) &&
    (metadata.format !== 'heif' || metadata.compression === 'av1') &&
    (metadata.pages ?? 1) === 1;
  if (!accepted) throw new HttpError(415, NOT_AN_IMAGE_DETAIL);
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: STORED_MAX_PX, height: STORED_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 86 })
      .toBuffer();
  } catch {
    // The header was a picture's but the data is broken or too large to decode.
    throw new HttpError(415, NOT_AN_IMAGE_DETAIL);
  }
  const file = await storage.put(base, 'webp', webp);
  resizerFor(storage, log).warm(file);
  return file;
}
