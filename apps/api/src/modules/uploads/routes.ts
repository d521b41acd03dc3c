/**
 * GET /api/v1/uploads/{file}[?w=640]: stored images, optionally resized to one of the srcset
 * widths. Names are content-addressed, so a response never changes and is cached for a year.
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
        querystring: z.strictObject({ w: widthSchema.optional() }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const { w } = request.query;
      const extension = file.split('.').pop() ?? '';
      const resizable = extension !== 'svg' && w !== undefined;

      let bytes: Buffer | null;
      if (resizable) {
        const cached = path.join(app.storage.cacheDir, `${w}-${file.replace(/\.\w+$/, '')}.webp`);
        bytes = await readFile(cached).catch(() => null);
        if (!bytes) {
          const original = await app.storage.read(file);
          if (!original) throw new HttpError(404, 'File not found');
          bytes = await sharp(original).resize({ width: w, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
          await mkdir(app.storage.cacheDir, { recursive: true });
          await writeFile(cached, bytes);
        }
      } else {
        bytes = await app.storage.read(file);
      }
      if (!bytes) throw new HttpError(404, 'File not found');

      return reply
        .header('content-type', resizable ? 'image/webp' : (contentTypes[extension] ?? 'application/octet-stream'))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
