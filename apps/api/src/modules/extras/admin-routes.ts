/**
 * Extras with the stay in the admin area (decision 044): list, create, change (deactivate with
 * `active: false`) and a picture. Who may call: admin and superuser (the admin plugin's guard); each
 * change is written to the change log.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminExtraSchema, extraCreateSchema, extraUpdateSchema, idParamSchema } from '@hotel/domain';
import { errorResponses, fileField, MULTIPART, staffPermission } from '../../plugins/admin-http';
import { HttpError } from '../../plugins/errors';
import { uploadedBytes } from '../uploads/accept-image';
import { changeExtra, createExtra, extraForStaff, extrasForStaff, presentAdminExtra, setExtraImage } from './extras';
import { extraRoomsOf } from './rooms';

export const adminExtraRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'extras');
  app.get(
    '/extras/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every extra with the stay, inactive ones too, texts as written (admin, superuser)',
        response: { 200: z.array(adminExtraSchema), ...errorResponses },
      },
    },
    async (request) => (await extrasForStaff(app.db)).map((row) => presentAdminExtra(request, row)),
  );

  app.post(
    '/extras/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add an extra with the stay (admin, superuser)',
        description:
          'Price in kopecks, greater than 0 and at most the admin maximum. `counts`: per_stay, per_night, per_guest_night or per_trip. ' +
          '`room_ids` the rooms that offer it, null (the default) every room; an unknown room answers 422. Texts are `{ru, en}` or a string (Russian).',
        body: extraCreateSchema,
        response: { 201: adminExtraSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(presentAdminExtra(request, await createExtra(app.db, extraRoomsOf(app), request, request.body))),
  );

  app.put(
    '/extras/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change an extra: only the fields sent; `active: false` stops offering it (admin, superuser)',
        description: 'Bookings made before keep their lines, names and prices as booked.',
        params: idParamSchema,
        body: extraUpdateSchema,
        response: { 200: adminExtraSchema, ...errorResponses },
      },
    },
    async (request) => {
      await changeExtra(app.db, extraRoomsOf(app), request, request.params.id, request.body);
      return presentAdminExtra(request, await extraForStaff(app.db, request.params.id));
    },
  );

  app.post(
    '/extras/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: "Upload an extra's picture (multipart `image`; admin, superuser)",
        description: 'JPEG, PNG, WebP or AVIF by content, at most 10 MB (413); anything else answers 415.',
        consumes: [MULTIPART],
        params: idParamSchema,
        body: z.strictObject({ image: fileField }),
        response: { 200: adminExtraSchema, ...errorResponses },
      },
    },
    async (request) => {
      const bytes = uploadedBytes(request.body.image);
      if (!bytes) throw new HttpError(422, 'body.image: Required');
      await setExtraImage(app, request, request.params.id, bytes);
      return presentAdminExtra(request, await extraForStaff(app.db, request.params.id));
    },
  );
};
