/**
 * The staff's changes of rooms and amenities (API-46..48; ADM-10..25): each in its own transaction
 * with its change-log entry, so the log never claims a change that was rolled back.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ROOM_IMAGES_MAX, type roomPatchSchema } from '@hotel/domain';
import { audit, changedFields } from '../../change-log/audit';
import type { Db, Tx } from '../../db/client';
import type { StoredImage } from '../../db/columns';
import { HttpError } from '../../plugins/errors';
import { storeUploadedImage } from '../uploads/accept-image';
import {
  convenienceRoomCounts,
  deleteConvenience as deleteConvenienceRows,
  existingConvenienceIds,
  findConvenience,
  findRoom,
  insertConvenience,
  listConveniences,
  lockConvenience,
  lockRoom as lockRoomRow,
  replaceRoomConveniences,
  roomConvenienceIds,
  updateConvenience,
  updateRoom,
  type ConvenienceRow,
  type RoomRow,
} from './repository';

export const ROOM_NOT_FOUND = 'Room not found';
export const CONVENIENCE_NOT_FOUND = 'Amenity not found';
const TOO_MANY_PHOTOS = `A room has at most ${ROOM_IMAGES_MAX} photos`;

async function lockRoom(tx: Tx, id: number): Promise<RoomRow> {
  const room = await lockRoomRow(tx, id);
  if (!room) throw new HttpError(404, ROOM_NOT_FOUND);
  return room;
}

/**
 * Price, extra-place price (only for a room with extra places), amenities (the list replaced; an
 * unknown id is 422), texts and the non-refundable rate's discount: only what the patch names changes.
 */
export async function changeRoom(db: Db, request: FastifyRequest, id: number, patch: z.output<typeof roomPatchSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const room = await lockRoom(tx, id);
    if (patch.extra_price != null && room.extraCapacity === 0) {
      throw new HttpError(422, 'body.extra_price: This room has no extra places');
    }
    const before = {
      price: room.price,
      extra_price: room.extraPrice,
      convenience_ids: await roomConvenienceIds(tx, id),
      name: room.name,
      description: room.description,
      non_refundable_percent: room.nonRefundablePercent,
    };
    const after = { ...before };
    if (patch.convenience_ids) {
      const wanted = [...new Set(patch.convenience_ids)].sort((a, b) => a - b);
      const known = await existingConvenienceIds(tx, wanted);
      const unknown = wanted.filter((wantedId) => !known.includes(wantedId));
      if (unknown.length) throw new HttpError(422, `body.convenience_ids: Unknown amenity ${unknown.join(', ')}`);
      await replaceRoomConveniences(tx, id, wanted);
      after.convenience_ids = wanted;
    }
    if (patch.price !== undefined) after.price = patch.price;
    if (patch.extra_price !== undefined) after.extra_price = patch.extra_price;
    if (patch.name) after.name = patch.name;
    if (patch.description) after.description = patch.description;
    if (patch.non_refundable_percent !== undefined) after.non_refundable_percent = patch.non_refundable_percent;
    await updateRoom(tx, id, {
      price: after.price,
      extraPrice: after.extra_price,
      name: after.name,
      description: after.description,
      nonRefundablePercent: after.non_refundable_percent,
    });
    const change = changedFields(before, after);
    if (change) await audit(tx, request, { action: 'room.update', target: `room ${id}`, ...change });
  });
}

// ─── Room photos: upload, order (the first is the cover), delete ────────────────────────────────

/** The room's photos replaced by what `change` makes of them, under the room's lock, with the change-log entry. */
async function changeImages(db: Db, request: FastifyRequest, id: number, change: (images: StoredImage[]) => StoredImage[]): Promise<void> {
  await db.transaction(async (tx) => {
    const room = await lockRoom(tx, id);
    const images = change(room.images);
    await updateRoom(tx, id, { images });
    await audit(tx, request, {
      action: 'room.images',
      target: `room ${id}`,
      before: { images: room.images.map((image) => image.file) },
      after: { images: images.map((image) => image.file) },
    });
  });
}

/** A new photo, last; its alt text is the room's name unless given. At most ROOM_IMAGES_MAX (409). */
export async function addRoomImage(app: FastifyInstance, request: FastifyRequest, id: number, bytes: Buffer, alt: { ru?: string | undefined; en?: string | undefined }) {
  const current = await findRoom(app.db, id);
  if (!current) throw new HttpError(404, ROOM_NOT_FOUND);
  if (current.images.length >= ROOM_IMAGES_MAX) throw new HttpError(409, TOO_MANY_PHOTOS);
  const file = await storeUploadedImage(app.storage, app.log, `room-${current.slug}`, bytes);
  await changeImages(app.db, request, id, (images) => {
    if (images.length >= ROOM_IMAGES_MAX) throw new HttpError(409, TOO_MANY_PHOTOS);
    const altRu = alt.ru || current.name.ru;
    const altEn = alt.en || (alt.ru ? '' : current.name.en);
    return [...images.filter((image) => image.file !== file), { file, alt: { ru: altRu, en: altEn } }];
  });
}

/** `files` names each of the room's photos once (422 otherwise), in the new order. */
export async function reorderRoomImages(db: Db, request: FastifyRequest, id: number, files: string[]) {
  await changeImages(db, request, id, (images) => {
    const reordered = files.map((file) => images.find((image) => image.file === file));
    if (files.length !== images.length || new Set(files).size !== files.length || reordered.some((image) => !image)) {
      throw new HttpError(422, "body.files: Name each of the room's photos once");
    }
    return reordered as StoredImage[];
  });
}

/** The file stays in storage: names are content-addressed, so another room or a dish may show it too. */
export async function removeRoomImage(db: Db, request: FastifyRequest, id: number, file: string) {
  await changeImages(db, request, id, (images) => {
    if (!images.some((image) => image.file === file)) throw new HttpError(404, 'Photo not found');
    return images.filter((image) => image.file !== file);
  });
}

// ─── Amenities ──────────────────────────────────────────────────────────────────────────────────

export interface StaffConvenience {
  row: ConvenienceRow;
  /** How many rooms have it. */
  rooms: number;
}

export async function conveniencesForStaff(db: Db): Promise<StaffConvenience[]> {
  const [rows, counts] = await Promise.all([listConveniences(db), convenienceRoomCounts(db)]);
  return rows.map((row) => ({ row, rooms: counts.get(row.id) ?? 0 }));
}

export async function convenienceForStaff(db: Db, id: number): Promise<StaffConvenience> {
  const row = await findConvenience(db, id);
  if (!row) throw new HttpError(404, CONVENIENCE_NOT_FOUND);
  return { row, rooms: (await convenienceRoomCounts(db, [id])).get(id) ?? 0 };
}

export interface ConvenienceForm {
  description?: string | undefined;
  description_en?: string | undefined;
}

/** A new amenity, its picture optional. */
export async function createConvenience(app: FastifyInstance, request: FastifyRequest, form: ConvenienceForm & { description: string }, bytes: Buffer | null) {
  const image = bytes ? await storeUploadedImage(app.storage, app.log, 'amenity', bytes) : null;
  const text = { ru: form.description, en: form.description_en ?? '' };
  return app.db.transaction(async (tx) => {
    const row = await insertConvenience(tx, { description: text, image });
    await audit(tx, request, { action: 'convenience.create', target: `amenity ${row.id}`, before: null, after: { description: text, image } });
    return row;
  });
}

/** Only the fields sent change. */
export async function changeConvenience(app: FastifyInstance, request: FastifyRequest, id: number, form: ConvenienceForm, bytes: Buffer | null) {
  const image = bytes ? await storeUploadedImage(app.storage, app.log, 'amenity', bytes) : undefined;
  await app.db.transaction(async (tx) => {
    const row = await lockConvenience(tx, id);
    if (!row) throw new HttpError(404, CONVENIENCE_NOT_FOUND);
    const before = { description: row.description, image: row.image };
    const after = {
      description: { ru: form.description ?? row.description.ru, en: form.description_en ?? row.description.en },
      image: image ?? row.image,
    };
    await updateConvenience(tx, id, after);
    const change = changedFields(before, after);
    if (change) await audit(tx, request, { action: 'convenience.update', target: `amenity ${id}`, ...change });
  });
}

/** The amenity leaves every room that has it, in the same transaction. */
export async function deleteConvenience(db: Db, request: FastifyRequest, id: number) {
  await db.transaction(async (tx) => {
    const row = await lockConvenience(tx, id);
    if (!row) throw new HttpError(404, CONVENIENCE_NOT_FOUND);
    const roomIds = await deleteConvenienceRows(tx, id);
    await audit(tx, request, {
      action: 'convenience.delete',
      target: `amenity ${id}`,
      before: { description: row.description, image: row.image, room_ids: roomIds },
      after: null,
    });
  });
}
