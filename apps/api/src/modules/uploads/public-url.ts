/** Turns stored file names into the absolute URLs the API answers with. */
import type { FastifyRequest } from 'fastify';
import { API_PREFIX, withRussianFallback, type Image } from '@hotel/domain';
import type { StoredImage } from '../../db/columns';
import { siteOrigin } from '../../env';

/** Widths every raster image is also served at, for `srcset`. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

/**
 * What an answer's URLs are made from: the server and its settings, never the request's Host. A
 * request has them; so has a page drawn before anyone asks for it (plugins/rendered-pages.ts).
 */
export type ServerContext = Pick<FastifyRequest, 'server'>;

export function publicOrigin(request: ServerContext): string {
  return siteOrigin(request.server.env);
}

export function uploadUrl(request: ServerContext, file: string): string {
  return `${publicOrigin(request)}${API_PREFIX}/uploads/${file}`;
}

/** `asWritten`: the alt texts as an admin wrote them, not with the Russian filling an empty English. */
export function presentImage(request: ServerContext, image: StoredImage, options: { asWritten?: boolean } = {}): Image {
  const raster = !image.file.endsWith('.svg');
  return {
    src: uploadUrl(request, image.file),
    widths: raster ? [...IMAGE_WIDTHS] : [],
    alt: options.asWritten ? image.alt : withRussianFallback(image.alt),
  };
}
