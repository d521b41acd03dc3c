/**
 * Rooms and amenities in the admin area (API-46..48; ADM-10..25). Who may call: admin and
 * superuser (the admin plugin's guard). Every write is audited in its own transaction and makes
 * /hotel draw its rooms again (invalidateRenderedPages).
 */
import { asc, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
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
import { conveniences, roomConveniences, rooms, type StoredImage } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { invalidateRenderedPages } from '../../plugins/rendered-pages';
import { presentRoom } from './present';
import { listRooms, type ConvenienceRow } from './repository';
import { storeUploadedImage, uploadedBytes } from '../uploads/accept-image';
import { uploadUrl } from '../uploads/public-url';
import type { Tx } from '../../db/client';
import { audit, changedFields } from '../../change-log/audit';
import { errorResponses, fileField, MULTIPART } from '../../plugins/admin-http';

const ROOM_NOT_FOUND = 'Room not found';
const CONVENIENCE_NOT_FOUND = 'Amenity not found';

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

export const adminHotelRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every write here changes what the public room list and the search show (availability.ts).
  app.addHook('onRoute', (route) => {
    if (route.method !== 'GET' && route.method !== 'HEAD') route.config = { ...route.config, changesHolds: true };
  });
  const adminRoom = async (request: Parameters<typeof presentRoom>[0], id: number) => {
    const [room] = await listRooms(app.db, [id]);
    if (!room) throw new HttpError(404, ROOM_NOT_FOUND);
    return presentRoom(request, room, { asWritten: true });
  };

  const lockRoom = async (tx: Tx, id: number) => {
    const [room] = await tx.select().from(rooms).where(eq(rooms.id, id)).for('update');
    if (!room) throw new HttpError(404, ROOM_NOT_FOUND);
    return room;
  };

  app.get(
    '/rooms/',
    {
      schema: {
        tags: ['admin'],
        summary: 'The rooms with their texts as written (admin, superuser)',
        response: { 200: z.array(adminRoomSchema), ...errorResponses },
      },
    },
    async (request) => (await listRooms(app.db)).map((room) => presentRoom(request, room, { asWritten: true })),
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
      const patch = request.body;
      await app.db.transaction(async (tx) => {
        const room = await lockRoom(tx, id);
        if (patch.extra_price != null && room.extraCapacity === 0) {
          throw new HttpError(422, 'body.extra_price: This room has no extra places');
        }
        const links = await tx.select({ id: roomConveniences.convenienceId }).from(roomConveniences).where(eq(roomConveniences.roomId, id));
        const before = {
          price: room.price,
          extra_price: room.extraPrice,
          convenience_ids: links.map((link) => link.id).sort((a, b) => a - b),
          name: room.name,
          description: room.description,
        };
        const after = { ...before };
        if (patch.convenience_ids) {
          const wanted = [...new Set(patch.convenience_ids)].sort((a, b) => a - b);
          const known = wanted.length
            ? await tx.select({ id: conveniences.id }).from(conveniences).where(inArray(conveniences.id, wanted))
            : [];
          const unknown = wanted.filter((wantedId) => !known.some((row) => row.id === wantedId));
          if (unknown.length) throw new HttpError(422, `body.convenience_ids: Unknown amenity ${unknown.join(', ')}`);
          await tx.delete(roomConveniences).where(eq(roomConveniences.roomId, id));
          if (wanted.length) await tx.insert(roomConveniences).values(wanted.map((convenienceId) => ({ roomId: id, convenienceId })));
          after.convenience_ids = wanted;
        }
        if (patch.price !== undefined) after.price = patch.price;
        if (patch.extra_price !== undefined) after.extra_price = patch.extra_price;
        if (patch.name) after.name = patch.name;
        if (patch.description) after.description = patch.description;
        await tx
          .update(rooms)
          .set({ price: after.price, extraPrice: after.extra_price, name: after.name, description: after.description })
          .where(eq(rooms.id, id));
        const change = changedFields(before, after);
        if (change) await audit(tx, request, { action: 'room.update', target: `room ${id}`, ...change });
      });
      invalidateRenderedPages(app);
      return adminRoom(request, id);
    },
  );

  // ─── Room photos: upload, order (the first is the cover), delete ──────────────────────────────

  const setImages = async (request: Parameters<typeof audit>[1], id: number, change: (images: StoredImage[], tx: Tx) => Promise<StoredImage[]>) => {
    await app.db.transaction(async (tx) => {
      const room = await lockRoom(tx, id);
      const images = await change(room.images, tx);
      await tx.update(rooms).set({ images }).where(eq(rooms.id, id));
      await audit(tx, request, {
        action: 'room.images',
        target: `room ${id}`,
        before: { images: room.images.map((image) => image.file) },
        after: { images: images.map((image) => image.file) },
      });
    });
    invalidateRenderedPages(app);
    return adminRoom(request, id);
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
      const [current] = await app.db.select().from(rooms).where(eq(rooms.id, id));
      if (!current) throw new HttpError(404, ROOM_NOT_FOUND);
      if (current.images.length >= ROOM_IMAGES_MAX) throw new HttpError(409, `A room has at most ${ROOM_IMAGES_MAX} photos`);
      const file = await storeUploadedImage(app.storage, app.log, `room-${current.slug}`, bytes);
      const room = await setImages(request, id, async (images) => {
        if (images.length >= ROOM_IMAGES_MAX) throw new HttpError(409, `A room has at most ${ROOM_IMAGES_MAX} photos`);
        const altRu = request.body.alt || current.name.ru;
        const altEn = request.body.alt_en || (request.body.alt ? '' : current.name.en);
        return [...images.filter((image) => image.file !== file), { file, alt: { ru: altRu, en: altEn } }];
      });
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
    async (request) =>
      setImages(request, request.params.room_id, async (images) => {
        const { files } = request.body;
        const reordered = files.map((file) => images.find((image) => image.file === file));
        if (files.length !== images.length || new Set(files).size !== files.length || reordered.some((image) => !image)) {
          throw new HttpError(422, "body.files: Name each of the room's photos once");
        }
        return reordered as StoredImage[];
      }),
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
    async (request) =>
      // The file stays in storage: names are content-addressed, so another room or a dish may show it too.
      setImages(request, request.params.room_id, async (images) => {
        if (!images.some((image) => image.file === request.params.file)) throw new HttpError(404, 'Photo not found');
        return images.filter((image) => image.file !== request.params.file);
      }),
  );

  // ─── Amenities ────────────────────────────────────────────────────────────────────────────────

  const presentAdminConvenience = (request: Parameters<typeof uploadUrl>[0], row: ConvenienceRow, roomCount: number): AdminConvenience => ({
    id: row.id,
    description: row.description,
    image: row.image ? uploadUrl(request, row.image) : null,
    room_count: roomCount,
  });

  const roomCounts = async (ids?: number[]) => {
    const rows = await app.db
      .select({ id: roomConveniences.convenienceId, rooms: count() })
      .from(roomConveniences)
      .where(ids ? inArray(roomConveniences.convenienceId, ids) : undefined)
      .groupBy(roomConveniences.convenienceId);
    return new Map(rows.map((row) => [row.id, row.rooms]));
  };

  const oneConvenience = async (request: Parameters<typeof uploadUrl>[0], id: number) => {
    const [row] = await app.db.select().from(conveniences).where(eq(conveniences.id, id));
    if (!row) throw new HttpError(404, CONVENIENCE_NOT_FOUND);
    return presentAdminConvenience(request, row, (await roomCounts([id])).get(id) ?? 0);
  };

  app.get(
    '/conveniences/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Amenities with their texts as written (API-46; admin, superuser)',
        response: { 200: z.array(adminConvenienceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const [rows, counts] = await Promise.all([app.db.select().from(conveniences).orderBy(asc(conveniences.id)), roomCounts()]);
      return rows.map((row) => presentAdminConvenience(request, row, counts.get(row.id) ?? 0));
    },
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
      const bytes = uploadedBytes(request.body.file);
      const image = bytes ? await storeUploadedImage(app.storage, app.log, 'amenity', bytes) : null;
      const text = { ru: request.body.description, en: request.body.description_en ?? '' };
      const row = await app.db.transaction(async (tx) => {
        const [inserted] = await tx.insert(conveniences).values({ description: text, image }).returning();
        await audit(tx, request, { action: 'convenience.create', target: `amenity ${inserted!.id}`, before: null, after: { description: text, image } });
        return inserted!;
      });
      invalidateRenderedPages(app);
      return reply.code(201).send(presentAdminConvenience(request, row, 0));
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
      const bytes = uploadedBytes(request.body.file);
      const image = bytes ? await storeUploadedImage(app.storage, app.log, 'amenity', bytes) : undefined;
      await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(conveniences).where(eq(conveniences.id, id)).for('update');
        if (!row) throw new HttpError(404, CONVENIENCE_NOT_FOUND);
        const before = { description: row.description, image: row.image };
        const after = {
          description: {
            ru: request.body.description ?? row.description.ru,
            en: request.body.description_en ?? row.description.en,
          },
          image: image ?? row.image,
        };
        await tx.update(conveniences).set(after).where(eq(conveniences.id, id));
        const change = changedFields(before, after);
        if (change) await audit(tx, request, { action: 'convenience.update', target: `amenity ${id}`, ...change });
      });
      invalidateRenderedPages(app);
      return oneConvenience(request, id);
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
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(conveniences).where(eq(conveniences.id, id)).for('update');
        if (!row) throw new HttpError(404, CONVENIENCE_NOT_FOUND);
        const holders = await tx.select({ id: roomConveniences.roomId }).from(roomConveniences).where(eq(roomConveniences.convenienceId, id));
        await tx.delete(roomConveniences).where(eq(roomConveniences.convenienceId, id));
        await tx.delete(conveniences).where(eq(conveniences.id, id));
        await audit(tx, request, {
          action: 'convenience.delete',
          target: `amenity ${id}`,
          before: { description: row.description, image: row.image, room_ids: holders.map((holder) => holder.id).sort((a, b) => a - b) },
          after: null,
        });
      });
      invalidateRenderedPages(app);
      return reply.code(204).send(null);
    },
  );
};
