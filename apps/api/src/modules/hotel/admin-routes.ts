/**
 * Rooms and amenities in the admin area (API-46..48; ADM-10..25). Who may call: admin and
 * superuser (the admin plugin's guard). The changes are rooms-admin.ts's, each written to the
 * change log; the rooms in memory and the rendered /hotel follow by the rooms' data version
 * (docs/caching.md).
 */
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROOM_IMAGES_MAX,
  TEXT_MAX,
  adminConvenienceSchema,
  adminRoomSchema,
  idParamSchema,
  roomIdParamSchema,
  roomImageParamSchema,
  roomImagesOrderSchema,
  roomPatchSchema,
  textParts,
  type AdminConvenience,
} from '@hotel/domain';
import { errorResponses, fileField, MULTIPART, staffPermission } from '../../plugins/admin-http';
import { HttpError } from '../../plugins/errors';
import { uploadedBytes } from '../uploads/accept-image';
import { uploadUrl } from '../uploads/public-url';
import { presentRoom } from './present';
import { listRooms, type RoomWithConveniences } from './repository';
import {
  addRoomImage,
  changeConvenience,
  changeRoom,
  convenienceForStaff,
  conveniencesForStaff,
  createConvenience,
  deleteConvenience,
  removeRoomImage,
  reorderRoomImages,
  ROOM_NOT_FOUND,
  type StaffConvenience,
} from './rooms-admin';

const description = textParts(TEXT_MAX.description);
const convenienceCreateForm = z.strictObject({
  description: description.ru,
  description_en: description.en.optional(),
  file: fileField,
});
const convenienceUpdateForm = z.strictObject({
  description: description.ru.optional(),
  description_en: description.en.optional(),
  file: fileField,
});

const alt = textParts(TEXT_MAX.name);
const roomImageForm = z.strictObject({ file: fileField, alt: alt.ru.optional(), alt_en: alt.en.optional() });

/** A room as the staff's dialog shows it, texts as written. */
async function adminRoom(app: FastifyInstance, request: FastifyRequest, id: number) {
  const [room] = await listRooms(app.db, [id]);
  if (!room) throw new HttpError(404, ROOM_NOT_FOUND);
  return presentAdminRoom(request, room);
}

/** A room as staff edit it: the texts as written, and the non-refundable discount it offers. */
function presentAdminRoom(request: FastifyRequest, room: RoomWithConveniences) {
  return { ...presentRoom(request, room, { asWritten: true }), non_refundable_percent: room.nonRefundablePercent };
}

const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rooms/',
    {
      schema: {
        tags: ['admin'],
        summary: 'The rooms with their texts as written (admin, superuser)',
        response: { 200: z.array(adminRoomSchema), ...errorResponses },
      },
    },
    async (request) => (await listRooms(app.db)).map((room) => presentAdminRoom(request, room)),
  );

  app.patch(
    '/rooms/:room_id/',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a room's price, extra-place price, amenities or texts (API-48; admin, superuser)",
        description:
          'Prices are kopecks, at least 0. `extra_price` may be set only on a room with extra places ' +
          '(422 otherwise) and null removes it. `convenience_ids` replaces the list; an unknown id answers 422.',
        params: roomIdParamSchema,
        body: roomPatchSchema,
        response: { 200: adminRoomSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.room_id;
      await changeRoom(app.db, request, id, request.body);
      return adminRoom(app, request, id);
    },
  );

};

// ─── Room photos: upload, order (the first is the cover), delete ────────────────────────────────

const roomPhotoRoutes: FastifyPluginAsyncZod = async (app) => {

  /** Every change of photos answers the room as it now is. */
  const withRoom = async (request: FastifyRequest, id: number, change: Promise<void>) => {
    await change;
    return adminRoom(app, request, id);
  };

  app.post(
    '/rooms/:room_id/images/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a photo to a room (multipart `file`, optional `alt` and `alt_en`; admin, superuser)',
        description: `JPEG, PNG, WebP or AVIF by content, at most 10 MB (413), at most ${ROOM_IMAGES_MAX} photos; anything else answers 415.`,
        consumes: [MULTIPART],
        params: roomIdParamSchema,
        body: roomImageForm,
        response: { 201: adminRoomSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = request.params.room_id;
      const bytes = uploadedBytes(request.body.file);
      if (!bytes) throw new HttpError(422, 'body.file: Required');
      const room = await withRoom(request, id, addRoomImage(app, request, id, bytes, { ru: request.body.alt, en: request.body.alt_en }));
      return reply.code(201).send(room);
    },
  );

  app.put(
    '/rooms/:room_id/images/',
    {
      schema: {
        tags: ['admin'],
        summary: "Put a room's photos in a new order; the first is the cover (admin, superuser)",
        description: '`files` must name each of the room’s photos exactly once (422 otherwise).',
        params: roomIdParamSchema,
        body: roomImagesOrderSchema,
        response: { 200: adminRoomSchema, ...errorResponses },
      },
    },
    async (request) => withRoom(request, request.params.room_id, reorderRoomImages(app.db, request, request.params.room_id, request.body.files)),
  );

  app.delete(
    '/rooms/:room_id/images/:file/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a photo from a room (admin, superuser)',
        params: roomImageParamSchema,
        response: { 200: adminRoomSchema, ...errorResponses },
      },
    },
    async (request) => withRoom(request, request.params.room_id, removeRoomImage(app.db, request, request.params.room_id, request.params.file)),
  );

};

// ─── Amenities ──────────────────────────────────────────────────────────────────────────────────

const convenienceRoutes: FastifyPluginAsyncZod = async (app) => {

  const presentAdminConvenience = (request: Parameters<typeof uploadUrl>[0], { row, rooms }: StaffConvenience): AdminConvenience => ({
    id: row.id,
    description: row.description,
    image: row.image ? uploadUrl(request, row.image) : null,
    room_count: rooms,
  });

  app.get(
    '/conveniences/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Amenities with their texts as written (API-46; admin, superuser)',
        response: { 200: z.array(adminConvenienceSchema), ...errorResponses },
      },
    },
    async (request) => (await conveniencesForStaff(app.db)).map((convenience) => presentAdminConvenience(request, convenience)),
  );

  app.post(
    '/conveniences/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add an amenity (API-46; multipart `description`, `description_en`, `file`; admin, superuser)',
        description: 'The picture is optional: JPEG, PNG, WebP or AVIF by content, at most 10 MB (413); anything else answers 415.',
        consumes: [MULTIPART],
        body: convenienceCreateForm,
        response: { 201: adminConvenienceSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await createConvenience(app, request, request.body, uploadedBytes(request.body.file));
      return reply.code(201).send(presentAdminConvenience(request, { row, rooms: 0 }));
    },
  );

  app.put(
    '/conveniences/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change an amenity (API-47; multipart, the fields to change; admin, superuser)',
        consumes: [MULTIPART],
        params: idParamSchema,
        body: convenienceUpdateForm,
        response: { 200: adminConvenienceSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await changeConvenience(app, request, id, request.body, uploadedBytes(request.body.file));
      return presentAdminConvenience(request, await convenienceForStaff(app.db, id));
    },
  );

  app.delete(
    '/conveniences/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an amenity; it leaves every room that has it, in the same transaction (API-47; admin, superuser)',
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteConvenience(app.db, request, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export const adminHotelRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'rooms');
  await app.register(roomRoutes);
  await app.register(roomPhotoRoutes);
  await app.register(convenienceRoutes);
};
