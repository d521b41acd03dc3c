/**
 * GET /api/v1/uploads/{file}[?w=640[&f=avif]]: stored images, optionally resized to one of the
 * srcset widths, as WebP or (f=avif) AVIF, which `<picture>` offers first to browsers that take it.
 * Names are content-addressed, so a response never changes and is cached for a year.
 * Who may call: anyone (a browser fetches these by plain URL and cannot add the token header).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors';
import { storedNamePattern } from '../../storage';
import { IMAGE_WIDTHS } from './public-url';
import { resizerFor } from './resized';

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
  const resizer = resizerFor(app.storage, app.log);
  // Background encodes finish before the server is gone (and before a test removes its data folder).
  app.addHook('onClose', () => resizer.stop());
  // Pictures are public and their URLs absolute (PUBLIC_URL): a page reached by another host name
  // (127.0.0.1 for localhost), a letter or a link preview may embed them. Said when the request
  // comes in, after the security plugin's default: an onSend hook here would run after the one
  // that holds answers to the end of the turn (answers-together.ts).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });
  app.get(
    '/:file',
    {
      // A page shows a dozen pictures in several widths: their own bucket, ten times the global one,
      // so browsing pages does not use up the limit the API and the pages share.
      config: { session: false, database: false, rateLimit: { max: app.env.RATE_LIMIT_PER_MINUTE * 10, timeWindow: '1 minute' } },
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

      if (resizable) {
        const resized = await resizer.get(file, w, format);
        if (!resized) throw new HttpError(404, 'File not found');
        // A WebP standing in for an AVIF still being made is not kept: the next request may get the AVIF.
        const final = resized.format === format;
        return reply
          .header('content-type', contentTypes[resized.format])
          .header('cache-control', final ? 'public, max-age=31536000, immutable' : 'public, max-age=60')
          .header('x-content-type-options', 'nosniff')
          .send(resized.bytes);
      }
      const bytes = await app.storage.read(file);
      if (!bytes) throw new HttpError(404, 'File not found');
      return reply
        .header('content-type', contentTypes[extension] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
