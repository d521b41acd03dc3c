/**
 * GET /api/v1/uploads/{file}[?w=640[&f=avif]]: stored images, optionally resized to one of the
 * srcset widths, as WebP or (f=avif) AVIF, which `<picture>` offers first to browsers that take it.
 * Names are content-addressed, so a response never changes and is cached for a year.
 * Who may call: anyone (a browser fetches these by plain URL and cannot add the token header).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors';
import { storedNamePattern } from '../../storage';
import { IMAGE_WIDTHS } from './public-url';

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

const widthSchema = z.coerce
  .number()
  .int()
  .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), {
    message: `w must be one of ${IMAGE_WIDTHS.join(', ')}`,
  });

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:file',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A stored image, optionally resized',
        security: [],
        params: z.object({ file: z.string().regex(storedNamePattern, 'Unknown file') }),
        querystring: z.strictObject({ w: widthSchema.optional(), f: z.enum(['webp', 'avif']).optional() }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const { w, f: format = 'webp' } = request.query;
      const extension = file.split('.').pop() ?? '';
      const resizable = extension !== 'svg' && w !== undefined;

      let bytes: Buffer | null;
      if (resizable) {
        const cached = path.join(app.storage.cacheDir, `${w}-${file.replace(/\.\w+$/, '')}.${format}`);
        bytes = await readFile(cached).catch(() => null);
        if (!bytes) {
          const original = await app.storage.read(file);
          if (!original) throw new HttpError(404, 'File not found');
          const resized = sharp(original).resize({ width: w, withoutEnlargement: true });
          // AVIF is smaller than WebP for the same look but slow to encode: each width is encoded once and kept.
          bytes = await (format === 'avif' ? resized.avif({ quality: 55, effort: 4 }) : resized.webp({ quality: 78 })).toBuffer();
          await mkdir(app.storage.cacheDir, { recursive: true });
          await writeFile(cached, bytes);
        }
      } else {
        bytes = await app.storage.read(file);
      }
      if (!bytes) throw new HttpError(404, 'File not found');

      return reply
        .header('content-type', resizable ? contentTypes[format] : (contentTypes[extension] ?? 'application/octet-stream'))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
