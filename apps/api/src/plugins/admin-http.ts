/** What the admin routes share: their error answers and the multipart file field. */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { errorSchema, type Permission } from '@hotel/domain';

export const MULTIPART = 'multipart/form-data';

/** Every admin route may answer these besides its own success. */
export const errorResponses = {
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
  422: errorSchema,
};

/**
 * A file part of a multipart body, read whole (at most UPLOAD_MAX_BYTES) by @fastify/multipart.
 * Optional: an empty file input sends an empty part, which counts as no file.
 */
export const fileField = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), 'Expected a file')
  .optional()
  .meta({ type: 'string', format: 'binary', description: 'A JPEG, PNG, WebP or AVIF picture, at most 10 MB' });

/**
 * Declares the permission (packages/domain's permission table) of every route the plugin adds,
 * unless a route declares its own with `config: { permission }`.
 */
export function staffPermission(app: FastifyInstance, permission: Permission): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, permission: route.config?.permission ?? permission };
  });
}
