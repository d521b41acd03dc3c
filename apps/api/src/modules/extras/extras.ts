/**
 * Extras with the stay (issue 23, point 5; docs/decisions/044-stay-extras.md): what a room offers,
 * a booking's lines priced by the domain's `priceExtra` inside the booking's transaction, the lines
 * a reservation keeps, and the staff's changes, each with its change-log entry.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  extraOfferedIn,
  extraQuantityFits,
  extraRefusalDetail,
  INT4_MAX,
  priceExtra,
  type ExtraCreateInput,
  type ExtraRefusal,
  type ExtraStay,
  type ReservationExtra,
  type StayExtra,
  type AdminExtra,
  type extraUpdateSchema,
  withRussianFallback,
} from '@hotel/domain';
import type { z } from 'zod';
import { audit, changedFields } from '../../change-log/audit';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { storeUploadedImage } from '../uploads/accept-image';
import { presentImage } from '../uploads/public-url';
import {
  extrasOfReservations,
  findExtra,
  insertExtra,
  insertReservationExtras,
  listActiveExtras,
  listAllExtras,
  lockExtra,
  lockExtras,
  updateExtra,
  updateReservationExtra,
  type ReservationExtraRow,
  type StayExtraRow,
} from './repository';
import type { ExtraRooms } from './rooms';

export type { ReservationExtraRow } from './repository';

export const EXTRA_NOT_FOUND = 'Extra not found';

// ─── What guests see ────────────────────────────────────────────────────────────────────────────

export function presentExtra(request: FastifyRequest, row: StayExtraRow): StayExtra {
  return {
    id: row.id,
    name: withRussianFallback(row.name),
    description: withRussianFallback(row.description),
    price: row.price,
    counts: row.counts,
    image: row.image ? presentImage(request, row.image) : null,
  };
}

export function presentAdminExtra(request: FastifyRequest, row: StayExtraRow): AdminExtra {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    counts: row.counts,
    image: row.image ? presentImage(request, row.image, { asWritten: true }) : null,
    active: row.active,
    sort_order: row.sortOrder,
    room_ids: row.roomIds,
  };
}

/** The active extras a room offers, in the guests' order; an unknown room answers 404. */
export async function extrasOfRoom(db: Db, rooms: ExtraRooms, roomId: number): Promise<StayExtraRow[]> {
  if ((await rooms.existingRoomIds(db, [roomId])).length === 0) throw new HttpError(404, 'Room not found');
  return (await listActiveExtras(db)).filter((row) => extraOfferedIn(row, roomId));
}

// ─── The booking ────────────────────────────────────────────────────────────────────────────────

export type PricedExtraLine = Omit<ReservationExtraRow, 'id' | 'reservationId'>;

function refuse(reason: ExtraRefusal, extraId: number): never {
  const { detail, detail_ru } = extraRefusalDetail(reason, extraId);
  throw new HttpError(422, detail, { detail_ru, extra_refused: { reason, extra_id: extraId } });
}

/**
 * The booking's extras priced from the rows as they are in the booking's transaction (shared locks,
 * so staff cannot change one meanwhile): an unknown or inactive id, one the room does not offer, a
 * quantity the stay may not take or a line beyond an int4 answer 422 with the detail in English and
 * Russian, and nothing is booked.
 */
export async function priceBookingExtras(tx: Tx, roomId: number, stay: ExtraStay, requested: readonly { id: number; quantity: number }[]): Promise<PricedExtraLine[]> {
  if (requested.length === 0) return [];
  const seen = new Set<number>();
  for (const { id } of requested) {
    if (seen.has(id)) refuse('duplicate', id);
    seen.add(id);
  }
  const rows = await lockExtras(tx, [...seen]);
  return requested.map(({ id, quantity }) => {
    const row = rows.find((extra) => extra.id === id);
    if (!row || !row.active) refuse('unknown', id);
    if (!extraOfferedIn(row, roomId)) refuse('not_offered', id);
    if (!extraQuantityFits(row.counts, quantity, stay)) refuse('quantity', id);
    const line = priceExtra(row, quantity, stay);
    if (!Number.isSafeInteger(line.total) || line.total > INT4_MAX) throw new HttpError(422, 'The price of this stay is out of range');
    return { extraId: row.id, name: row.name, counts: row.counts, quantity, times: line.times, unitPrice: line.unitPrice, total: line.total };
  });
}

export async function saveReservationExtras(tx: Tx, reservationId: number, lines: readonly PricedExtraLine[]): Promise<void> {
  await insertReservationExtras(
    tx,
    lines.map((line) => ({ ...line, reservationId })),
  );
}

/** The reservations' lines, by reservation id. */
export async function reservationExtrasOf(db: Db | Tx, reservationIds: number[]): Promise<Map<number, ReservationExtraRow[]>> {
  const lines = new Map<number, ReservationExtraRow[]>();
  for (const row of await extrasOfReservations(db, reservationIds)) {
    const list = lines.get(row.reservationId) ?? [];
    list.push(row);
    lines.set(row.reservationId, list);
  }
  return lines;
}

export function presentReservationExtra(row: ReservationExtraRow): ReservationExtra {
  return { extra_id: row.extraId, name: row.name, counts: row.counts, unit_price: row.unitPrice, quantity: row.quantity, times: row.times, total: row.total };
}

/**
 * A moved stay's lines: a nightly extra is counted for the new nights at its unit price as booked,
 * the others stay as they were. Answers their new sum, to add to the nights' total.
 */
export async function recountReservationExtras(tx: Tx, reservationId: number, stay: ExtraStay): Promise<number> {
  let sum = 0;
  for (const row of await extrasOfReservations(tx, [reservationId])) {
    const line = priceExtra({ price: row.unitPrice, counts: row.counts }, row.quantity, stay);
    if (line.total > INT4_MAX) throw new HttpError(422, 'The price of this stay is out of range');
    if (line.times !== row.times) await updateReservationExtra(tx, reservationId, row.id, { times: line.times, total: line.total });
    sum += line.total;
  }
  return sum;
}

// ─── The staff's changes ────────────────────────────────────────────────────────────────────────

export const extrasForStaff = listAllExtras;

export async function extraForStaff(db: Db, id: number): Promise<StayExtraRow> {
  const row = await findExtra(db, id);
  if (!row) throw new HttpError(404, EXTRA_NOT_FOUND);
  return row;
}

async function checkRooms(tx: Tx, rooms: ExtraRooms, roomIds: number[] | null | undefined) {
  if (!roomIds) return;
  const known = await rooms.existingRoomIds(tx, roomIds);
  const unknown = roomIds.filter((id) => !known.includes(id));
  if (unknown.length > 0) throw new HttpError(422, `Unknown room: ${unknown.join(', ')}`);
}

/** What the change log keeps of an extra. */
const audited = (row: Pick<StayExtraRow, 'name' | 'description' | 'price' | 'counts' | 'active' | 'sortOrder' | 'roomIds'>) => ({
  name: row.name,
  description: row.description,
  price: row.price,
  counts: row.counts,
  active: row.active,
  sort_order: row.sortOrder,
  room_ids: row.roomIds,
});

export async function createExtra(db: Db, rooms: ExtraRooms, request: FastifyRequest, body: ExtraCreateInput): Promise<StayExtraRow> {
  return db.transaction(async (tx) => {
    await checkRooms(tx, rooms, body.room_ids);
    const row = await insertExtra(tx, {
      name: body.name,
      description: body.description ?? { ru: '', en: '' },
      price: body.price,
      counts: body.counts,
      active: body.active,
      sortOrder: body.sort_order,
      roomIds: body.room_ids,
      image: null,
    });
    await audit(tx, request, { action: 'extra.create', target: `extra ${row.id}`, before: null, after: audited(row) });
    return row;
  });
}

/** Only the fields sent change; deactivating is `active: false` (bookings keep their lines). */
export async function changeExtra(db: Db, rooms: ExtraRooms, request: FastifyRequest, id: number, body: z.output<typeof extraUpdateSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockExtra(tx, id);
    if (!row) throw new HttpError(404, EXTRA_NOT_FOUND);
    await checkRooms(tx, rooms, body.room_ids);
    const after = {
      name: body.name ?? row.name,
      description: body.description ?? row.description,
      price: body.price ?? row.price,
      counts: body.counts ?? row.counts,
      active: body.active ?? row.active,
      sortOrder: body.sort_order ?? row.sortOrder,
      roomIds: body.room_ids === undefined ? row.roomIds : body.room_ids,
    };
    await updateExtra(tx, id, after);
    const change = changedFields(audited(row), audited(after));
    if (change) await audit(tx, request, { action: 'extra.update', target: `extra ${id}`, ...change });
  });
}

/** The picture is stored (resized) before the extra is locked, as a dish's. */
export async function setExtraImage(app: FastifyInstance, request: FastifyRequest, id: number, bytes: Buffer): Promise<void> {
  await extraForStaff(app.db, id);
  const file = await storeUploadedImage(app.storage, app.log, 'extra', bytes);
  await app.db.transaction(async (tx) => {
    const row = await lockExtra(tx, id);
    if (!row) throw new HttpError(404, EXTRA_NOT_FOUND);
    await updateExtra(tx, id, { image: { file, alt: row.name } });
    await audit(tx, request, { action: 'extra.image', target: `extra ${id}`, before: { image: row.image?.file ?? null }, after: { image: file } });
  });
}
