/**
 * The hotel module's SQL: rooms and their amenities, reservations and the guests they name, the
 * rooms' holds (reservations, blocks, booking sites' events) and the staff's board. Only
 * availability.ts still reads beside it (its caching is being reworked; eslint.config.js names it).
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { PaymentMethodKind, PaymentStatus, StayStatus } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { users } from '../auth/tables';
import { paymentMethods, payments, refunds } from '../payments/tables';
import { conveniences, reservationGuests, reservations, roomConveniences, roomHolds, roomHousekeeping, roomPriceRules, rooms, roomStayRules } from './tables';

export type RoomRow = typeof rooms.$inferSelect;
export type ConvenienceRow = typeof conveniences.$inferSelect;

export async function listConveniences(db: Db): Promise<ConvenienceRow[]> {
  return db.select().from(conveniences).orderBy(asc(conveniences.id));
}

export interface RoomWithConveniences extends RoomRow {
  conveniences: ConvenienceRow[];
}

/** What the API shows of a room: RoomWithConveniences without the bookkeeping columns. */
export type RoomView = Pick<
  RoomRow,
  'id' | 'slug' | 'name' | 'description' | 'images' | 'price' | 'extraPrice' | 'primaryCapacity' | 'extraCapacity' | 'roomSize'
> & { conveniences: Pick<ConvenienceRow, 'id' | 'description' | 'image'>[] };

export async function listRooms(db: Db, ids?: number[]): Promise<RoomWithConveniences[]> {
  const roomRows = ids
    ? await db.select().from(rooms).where(inArray(rooms.id, ids)).orderBy(asc(rooms.position), asc(rooms.id))
    : await db.select().from(rooms).orderBy(asc(rooms.position), asc(rooms.id));
  if (roomRows.length === 0) return [];
  const links = await db
    .select({ roomId: roomConveniences.roomId, convenience: conveniences })
    .from(roomConveniences)
    .innerJoin(conveniences, eq(conveniences.id, roomConveniences.convenienceId))
    .where(inArray(roomConveniences.roomId, roomRows.map((room) => room.id)))
    .orderBy(asc(conveniences.id));
  return roomRows.map((room) => ({
    ...room,
    conveniences: links.filter((link) => link.roomId === room.id).map((link) => link.convenience),
  }));
}

/** The room's row, locked until the transaction ends. */
export async function lockRoom(tx: Tx, id: number): Promise<RoomRow | undefined> {
  const [room] = await tx.select().from(rooms).where(eq(rooms.id, id)).for('update');
  return room;
}

export async function findRoom(db: Db, id: number): Promise<RoomRow | undefined> {
  const [room] = await db.select().from(rooms).where(eq(rooms.id, id));
  return room;
}

export async function updateRoom(tx: Tx, id: number, change: Partial<Pick<RoomRow, 'price' | 'extraPrice' | 'name' | 'description' | 'images' | 'nonRefundablePercent'>>) {
  await tx.update(rooms).set(change).where(eq(rooms.id, id));
}

/** The room's amenities' ids, in ascending order. */
export async function roomConvenienceIds(tx: Tx, roomId: number): Promise<number[]> {
  const links = await tx.select({ id: roomConveniences.convenienceId }).from(roomConveniences).where(eq(roomConveniences.roomId, roomId));
  return links.map((link) => link.id).sort((a, b) => a - b);
}

/** Which of these amenity ids exist. */
export async function existingConvenienceIds(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: conveniences.id }).from(conveniences).where(inArray(conveniences.id, ids));
  return rows.map((row) => row.id);
}

export async function replaceRoomConveniences(tx: Tx, roomId: number, ids: number[]) {
  await tx.delete(roomConveniences).where(eq(roomConveniences.roomId, roomId));
  if (ids.length) await tx.insert(roomConveniences).values(ids.map((convenienceId) => ({ roomId, convenienceId })));
}

/** How many rooms have each amenity (of these ids, or all). */
export async function convenienceRoomCounts(db: Db, ids?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: roomConveniences.convenienceId, rooms: count() })
    .from(roomConveniences)
    .where(ids ? inArray(roomConveniences.convenienceId, ids) : undefined)
    .groupBy(roomConveniences.convenienceId);
  return new Map(rows.map((row) => [row.id, row.rooms]));
}

export async function findConvenience(db: Db, id: number): Promise<ConvenienceRow | undefined> {
  const [row] = await db.select().from(conveniences).where(eq(conveniences.id, id));
  return row;
}

/** The amenity's row, locked until the transaction ends. */
export async function lockConvenience(tx: Tx, id: number): Promise<ConvenienceRow | undefined> {
  const [row] = await tx.select().from(conveniences).where(eq(conveniences.id, id)).for('update');
  return row;
}

export async function insertConvenience(tx: Tx, values: Pick<ConvenienceRow, 'description' | 'image'>): Promise<ConvenienceRow> {
  const [row] = await tx.insert(conveniences).values(values).returning();
  return row!;
}

export async function updateConvenience(tx: Tx, id: number, change: Pick<ConvenienceRow, 'description' | 'image'>) {
  await tx.update(conveniences).set(change).where(eq(conveniences.id, id));
}

/** Deletes the amenity and takes it out of every room; answers those rooms' ids, ascending. */
export async function deleteConvenience(tx: Tx, id: number): Promise<number[]> {
  const holders = await tx.select({ id: roomConveniences.roomId }).from(roomConveniences).where(eq(roomConveniences.convenienceId, id));
  await tx.delete(roomConveniences).where(eq(roomConveniences.convenienceId, id));
  await tx.delete(conveniences).where(eq(conveniences.id, id));
  return holders.map((holder) => holder.id).sort((a, b) => a - b);
}

// Reservations (reservations.ts): a room is never booked twice because of the exclusion
// constraints, so these writes let the database refuse; the caller turns the refusal into a 409.

export type ReservationRow = typeof reservations.$inferSelect;
export type ReservationGuestRow = typeof reservationGuests.$inferSelect;
export type HoldRow = typeof roomHolds.$inferSelect;
export type CardSummary = Pick<typeof paymentMethods.$inferSelect, 'id' | 'publicId' | 'cardLast4' | 'brand'>;
export type UserRow = typeof users.$inferSelect;

/** The people named on these reservations, in the order they were written. */
export function guestsOfReservations(db: Db, reservationIds: number[]): Promise<ReservationGuestRow[]> {
  return db.select().from(reservationGuests).where(inArray(reservationGuests.reservationId, reservationIds)).orderBy(asc(reservationGuests.id));
}

export function cardsByIds(db: Db, cardIds: number[]): Promise<CardSummary[]> {
  if (cardIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: paymentMethods.id, publicId: paymentMethods.publicId, cardLast4: paymentMethods.cardLast4, brand: paymentMethods.brand })
    .from(paymentMethods)
    .where(inArray(paymentMethods.id, cardIds));
}

/** The charges of these reservations' cancellation fees, oldest first. */
export function feeChargesOf(db: Db, reservationIds: number[]): Promise<{ reservationId: number | null; status: PaymentStatus }[]> {
  return db
    .select({ reservationId: payments.reservationId, status: payments.status })
    .from(payments)
    .where(and(eq(payments.purpose, 'reservation_fee'), inArray(payments.reservationId, reservationIds)))
    .orderBy(asc(payments.createdAt));
}

/** The payments of non-refundable bookings (purpose `stay`), oldest first, each with its refund if it has one. */
export function stayPaymentsOf(
  db: Db,
  reservationIds: number[],
): Promise<
  {
    reservationId: number | null;
    id: string;
    status: PaymentStatus;
    confirmationUrl: string | null;
    method: PaymentMethodKind;
    eripBill: string | null;
    expiresAt: Date | null;
    refund: { amount: number; status: 'pending' | 'succeeded' | 'failed'; createdAt: Date } | null;
  }[]
> {
  return db
    .select({
      reservationId: payments.reservationId,
      id: payments.id,
      status: payments.status,
      confirmationUrl: payments.confirmationUrl,
      method: payments.method,
      eripBill: payments.eripBill,
      expiresAt: payments.expiresAt,
      refund: { amount: refunds.amount, status: refunds.status, createdAt: refunds.createdAt },
    })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(and(eq(payments.purpose, 'stay'), inArray(payments.reservationId, reservationIds)))
    .orderBy(asc(payments.createdAt));
}

/** A non-refundable booking's payment succeeded: it is paid, if it still holds its room. False when released meanwhile. */
export async function markStayPaid(tx: Tx, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(reservations)
    .set({ paidAt: now, holdUntil: null })
    .where(and(eq(reservations.id, id), isNull(reservations.paidAt), isNull(reservations.canceledAt)))
    .returning({ id: reservations.id });
  return rows.length > 0;
}

/** Whether the card guarantees a booking not cancelled whose stay ends after `day`: payments keep such a card (payments/cards.ts). */
export async function cardGuaranteesBooking(tx: Tx, cardId: number, day: string): Promise<boolean> {
  const [guarantee] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.paymentMethodId, cardId), isNull(reservations.canceledAt), sql`upper(${reservations.stay}) > ${day}::date`))
    .limit(1);
  return guarantee !== undefined;
}

/** Non-refundable bookings still unpaid after their hold. */
export async function expiredUnpaidStays(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(isNull(reservations.paidAt), isNull(reservations.canceledAt), lte(reservations.holdUntil, now)))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The user's reservations, latest arrival first. */
export function userReservations(db: Db, userId: number): Promise<ReservationRow[]> {
  return db
    .select()
    .from(reservations)
    // A non-refundable booking whose payment failed was never a booking for the guest (decision 045);
    // one whose money came after its hold ran out is listed, for the refund it shows (issue 42, point 5).
    .where(
      and(
        eq(reservations.userId, userId),
        or(
          isNull(reservations.paymentFailedAt),
          sql`exists (select 1 from ${payments} where ${payments.reservationId} = ${reservations.id} and ${payments.purpose} = 'stay' and ${payments.status} = 'succeeded')`,
        ),
      ),
    )
    .orderBy(desc(sql`lower(${reservations.stay})`), desc(reservations.id));
}

/** One reservation; with `userId`, only that user's. */
export async function findReservationRow(db: Db | Tx, id: number, userId?: number): Promise<ReservationRow | undefined> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, id), userId === undefined ? undefined : eq(reservations.userId, userId)));
  return row;
}

export async function findUser(db: Db, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

export interface HoldOverlap {
  kind: HoldRow['kind'];
  reservation_id: number | null;
  first_night: string;
  last_night: string;
  note: string;
  /** The booking site's calendar whose event it is (kind `import`): its name is the calendars module's. */
  feed_id: number | null;
}

/** Rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The first ten holds of the room that share nights with `range` (a daterange literal), but for
 * the reservation `exceptReservationId`, with the nights they share.
 */
export async function overlappingHolds(db: Db | Tx, roomId: number, range: string, exceptReservationId: number | null): Promise<HoldOverlap[]> {
  return rowsOf<HoldOverlap>(
    await db.execute(sql`
      select h.kind, h.reservation_id, lower(h.stay * ${range}::daterange)::text as first_night,
        (upper(h.stay * ${range}::daterange) - 1)::text as last_night, h.note, h.feed_id
      from ${roomHolds} h
      where h.room_id = ${roomId} and h.stay && ${range}::daterange
        and (${exceptReservationId}::int is null or h.reservation_id is distinct from ${exceptReservationId}::int)
      order by lower(h.stay), h.id
      limit 10`),
  );
}

export type NewReservationRow = Pick<
  typeof reservations.$inferInsert,
  'userId' | 'roomId' | 'stay' | 'guestCount' | 'pricePerNight' | 'price' | 'nightPrices' | 'specialRequests' | 'paymentMethodId' | 'promoCode' | 'promoDiscount'
> &
  Partial<Pick<typeof reservations.$inferInsert, 'rate' | 'rateDiscount' | 'holdUntil' | 'paidAt' | 'channel' | 'bookedBy' | 'guarantee' | 'guaranteeNote'>>;

/**
 * Writes a reservation; answers its id. Its nights are then held in `room_holds` by the trigger
 * `reservations_hold` (tables.ts; migration 0008), as a cancel or a move frees or moves them.
 */
export async function insertReservation(tx: Tx, values: NewReservationRow): Promise<number> {
  const [reservation] = await tx.insert(reservations).values(values).returning({ id: reservations.id });
  return reservation!.id;
}

/** Writes the people a reservation names, as they are named now. */
export async function insertReservationGuests(tx: Tx, reservationId: number, people: Omit<typeof reservationGuests.$inferInsert, 'id' | 'reservationId'>[]): Promise<void> {
  if (people.length) await tx.insert(reservationGuests).values(people.map((person) => ({ ...person, reservationId })));
}

type StayChange = Partial<Pick<ReservationRow, 'roomId' | 'stay' | 'pricePerNight' | 'price' | 'nightPrices' | 'promoDiscount'>>;

/**
 * Changes a reservation's room, nights or price while its status is one of `statuses` (a move:
 * booked; the desk's early departure, extension and room change: booked or checked in); false
 * when it changed meanwhile. Its status is not this function's to write.
 */
export async function updateReservationWhile(tx: Tx, id: number, statuses: readonly StayStatus[], change: StayChange): Promise<boolean> {
  const updated = await tx
    .update(reservations)
    .set(change)
    .where(and(eq(reservations.id, id), inArray(reservations.status, [...statuses])))
    .returning({ id: reservations.id });
  return updated.length > 0;
}

/** The reservation's row, locked until the transaction ends: a stay's changes of status take their turn on it. */
export async function lockReservationRow(tx: Tx | Db, id: number): Promise<ReservationRow | undefined> {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update');
  return row;
}

/** What a change of a stay's status writes with it: the moment of each step, a fee, a failed payment. */
export type StayStatusChange = Pick<ReservationRow, 'status'> &
  Partial<Pick<ReservationRow, 'canceledAt' | 'noShowAt' | 'checkedInAt' | 'checkedOutAt' | 'cancellationFee' | 'paymentFailedAt' | 'holdUntil'>>;

/**
 * The one write of a stay's status (hotel/stay-lifecycle.ts, under the row lock of
 * lockReservationRow; test/hotel/stay-one-writer.test.ts keeps it the only one). Setting
 * `canceled_at` frees the nights (trigger `reservations_hold`, migration 0008); any change of status
 * tells the desk's screens (trigger `reservations_front_desk`, migration 0030).
 */
export async function writeStayStatus(tx: Tx | Db, id: number, change: StayStatusChange): Promise<ReservationRow> {
  const [row] = await tx.update(reservations).set(change).where(eq(reservations.id, id)).returning();
  return row!;
}

// The reservations board (board.ts).

export function boardRooms(db: Db): Promise<Pick<RoomRow, 'id' | 'name' | 'primaryCapacity' | 'extraCapacity'>[]> {
  return db
    .select({ id: rooms.id, name: rooms.name, primaryCapacity: rooms.primaryCapacity, extraCapacity: rooms.extraCapacity })
    .from(rooms)
    .orderBy(asc(rooms.position), asc(rooms.id));
}

/** The holds sharing nights with `window` (a daterange literal), with the booking's guest, by arrival. */
export function holdsInWindow(db: Db, window: string) {
  return db
    .select({
      hold: roomHolds,
      guestCount: reservations.guestCount,
      stayStatus: reservations.status,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(roomHolds)
    .leftJoin(reservations, eq(reservations.id, roomHolds.reservationId))
    .leftJoin(users, eq(users.id, reservations.userId))
    .where(sql`${roomHolds.stay} && ${window}::daterange`)
    .orderBy(sql`lower(${roomHolds.stay})`, asc(roomHolds.id));
}

/** Reservations not cancelled that arrive or depart on `day`, by room. */
export function arrivalsAndDepartures(db: Db, day: string) {
  return db
    .select({
      id: reservations.id,
      roomId: reservations.roomId,
      roomName: rooms.name,
      stay: reservations.stay,
      guestCount: reservations.guestCount,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .innerJoin(rooms, eq(rooms.id, reservations.roomId))
    .where(and(isNull(reservations.canceledAt), sql`(lower(${reservations.stay}) = ${day}::date or upper(${reservations.stay}) = ${day}::date)`))
    .orderBy(asc(rooms.position), asc(reservations.id));
}

export async function insertBlock(tx: Tx, values: Pick<typeof roomHolds.$inferInsert, 'roomId' | 'stay' | 'note' | 'createdBy'>): Promise<HoldRow> {
  const [hold] = await tx
    .insert(roomHolds)
    .values({ ...values, kind: 'block' })
    .returning();
  return hold!;
}

/** The hold's row, locked until the transaction ends. */
export async function lockHold(tx: Tx, id: number): Promise<HoldRow | undefined> {
  const [hold] = await tx.select().from(roomHolds).where(eq(roomHolds.id, id)).for('update');
  return hold;
}

export async function deleteHold(tx: Tx, id: number): Promise<void> {
  await tx.delete(roomHolds).where(eq(roomHolds.id, id));
}

/** Every taken night range of the rooms (all rooms without `roomIds`), as the in-memory availability loads them. */
export async function holdRanges(db: Db, roomIds?: number[]): Promise<{ room_id: number; start: string; end: string }[]> {
  return db
    .select({ room_id: roomHolds.roomId, start: sql<string>`lower(${roomHolds.stay})::text`, end: sql<string>`upper(${roomHolds.stay})::text` })
    .from(roomHolds)
    .where(roomIds ? inArray(roomHolds.roomId, roomIds) : undefined);
}

// Prices by date and stay rules (rates-admin.ts; decision 040).

export type PriceRuleRow = typeof roomPriceRules.$inferSelect;
export type StayRuleRow = typeof roomStayRules.$inferSelect;

/** The rooms' price rules (every room's without `roomIds`), oldest first. */
export function priceRulesOf(db: Db | Tx, roomIds?: number[]): Promise<PriceRuleRow[]> {
  return db
    .select()
    .from(roomPriceRules)
    .where(roomIds ? inArray(roomPriceRules.roomId, roomIds) : undefined)
    .orderBy(asc(roomPriceRules.id));
}

/** The rooms' stay rules (every room's without `roomIds`), oldest first. */
export function stayRulesOf(db: Db | Tx, roomIds?: number[]): Promise<StayRuleRow[]> {
  return db
    .select()
    .from(roomStayRules)
    .where(roomIds ? inArray(roomStayRules.roomId, roomIds) : undefined)
    .orderBy(asc(roomStayRules.id));
}

/** Price rules touching the days first..last, oldest first. */
export function priceRulesTouching(db: Db, first: string, last: string): Promise<PriceRuleRow[]> {
  return db
    .select()
    .from(roomPriceRules)
    .where(and(lte(roomPriceRules.firstNight, last), gte(roomPriceRules.lastNight, first)))
    .orderBy(asc(roomPriceRules.id));
}

/** Stay rules touching the days first..last, oldest first. */
export function stayRulesTouching(db: Db, first: string, last: string): Promise<StayRuleRow[]> {
  return db
    .select()
    .from(roomStayRules)
    .where(and(lte(roomStayRules.firstNight, last), gte(roomStayRules.lastNight, first)))
    .orderBy(asc(roomStayRules.id));
}

/** Which of these rooms exist; in the caller's transaction when it passes one. */
export async function existingRoomIds(db: Db | Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: rooms.id }).from(rooms).where(inArray(rooms.id, ids));
  return rows.map((row) => row.id);
}

export async function insertPriceRules(tx: Tx, values: (typeof roomPriceRules.$inferInsert)[]): Promise<PriceRuleRow[]> {
  return tx.insert(roomPriceRules).values(values).returning();
}

export async function insertStayRules(tx: Tx, values: (typeof roomStayRules.$inferInsert)[]): Promise<StayRuleRow[]> {
  return tx.insert(roomStayRules).values(values).returning();
}

/** Removes a price rule; answers it, or undefined when there was none. */
export async function deletePriceRule(tx: Tx, id: number): Promise<PriceRuleRow | undefined> {
  const [row] = await tx.delete(roomPriceRules).where(eq(roomPriceRules.id, id)).returning();
  return row;
}

/** Removes a stay rule; answers it, or undefined when there was none. */
export async function deleteStayRule(tx: Tx, id: number): Promise<StayRuleRow | undefined> {
  const [row] = await tx.delete(roomStayRules).where(eq(roomStayRules.id, id)).returning();
  return row;
}

/** Bookings by outcome (booked, canceled, no_show), for the metrics. */
export async function countReservationsByOutcome(db: Db): Promise<{ label: string; n: number }[]> {
  const { rows } = (await db.execute(sql`
    select case when canceled_at is not null then 'canceled' when no_show_at is not null then 'no_show' else 'booked' end as label,
           count(*)::int as n
      from reservations group by 1`)) as unknown as { rows: { label: string; n: number }[] };
  return rows;
}

// Each room's calendar token for booking sites (calendar-tokens.ts, for the calendars module).

/** Writes the room's new export token; false when there is no such room. */
export async function setCalendarToken(tx: Tx, roomId: number, token: string): Promise<boolean> {
  const [room] = await tx.update(rooms).set({ calendarToken: token }).where(eq(rooms.id, roomId)).returning({ id: rooms.id });
  return room !== undefined;
}

/** Locks the room's row, so feeds added at once are counted one after the other; false when there is no such room. */
export async function lockRoomForFeeds(tx: Tx, roomId: number): Promise<boolean> {
  const [room] = await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId)).for('update');
  return room !== undefined;
}

export async function roomCalendarToken(db: Db, roomId: number): Promise<{ token: string | null } | undefined> {
  const [room] = await db.select({ token: rooms.calendarToken }).from(rooms).where(eq(rooms.id, roomId));
  return room;
}

/** Gives the room this token unless it has one (two first requests at once agree); answers the room's token. */
export async function ensureCalendarToken(db: Db, roomId: number, token: string): Promise<string> {
  const [made] = await db
    .update(rooms)
    .set({ calendarToken: sql`coalesce(${rooms.calendarToken}, ${token})` })
    .where(eq(rooms.id, roomId))
    .returning({ token: rooms.calendarToken });
  return made!.token!;
}

/** Every room's export token. */
export async function calendarTokens(db: Db): Promise<{ id: number; token: string }[]> {
  const rows = await db.select({ id: rooms.id, token: rooms.calendarToken }).from(rooms).where(isNotNull(rooms.calendarToken));
  return rows.map((row) => ({ id: row.id, token: row.token! }));
}

// The front desk's stay changes (stay-edits.ts; decision 056).

/** The rooms each stay holds, in the order of its nights: one row, or one per room after a room change. */
export async function staySegmentsOf(db: Db | Tx, reservationIds: number[]): Promise<{ reservationId: number; roomId: number; stay: string }[]> {
  if (reservationIds.length === 0) return [];
  const rows = await db
    .select({ reservationId: roomHolds.reservationId, roomId: roomHolds.roomId, stay: roomHolds.stay })
    .from(roomHolds)
    .where(and(eq(roomHolds.kind, 'reservation'), inArray(roomHolds.reservationId, reservationIds)))
    .orderBy(sql`lower(${roomHolds.stay})`);
  return rows.map((row) => ({ reservationId: row.reservationId!, roomId: row.roomId, stay: row.stay }));
}

/**
 * Writes a stay's rooms anew (its holds, under room_holds_no_overlap), before the reservation's
 * own nights and room are changed to agree with them (the reservations_hold trigger checks it).
 */
export async function writeStaySegments(tx: Tx, reservationId: number, segments: { roomId: number; stay: string }[]): Promise<void> {
  await tx.delete(roomHolds).where(and(eq(roomHolds.kind, 'reservation'), eq(roomHolds.reservationId, reservationId)));
  await tx.insert(roomHolds).values(segments.map((segment) => ({ roomId: segment.roomId, stay: segment.stay, kind: 'reservation' as const, reservationId })));
}

/** The reservation's row, locked for a change at the desk. */
export async function lockReservation(tx: Tx, id: number): Promise<ReservationRow | undefined> {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update');
  return row;
}

/**
 * A booking guaranteed by a link: the card the guest saved since (their newest) becomes its
 * guarantee, before a fee is charged to it.
 */
export async function takeLinkedCard(db: Db | Tx, id: number): Promise<void> {
  await db.execute(sql`
    UPDATE reservations r SET payment_method_id = (
      SELECT pm.id FROM payment_methods pm WHERE pm.user_id = r.user_id AND pm.status = 'succeeded' AND pm.card_last4 IS NOT NULL
      ORDER BY pm.created_at DESC, pm.id DESC LIMIT 1)
    WHERE r.id = ${id} AND r.guarantee = 'card_link' AND r.payment_method_id IS NULL`);
}

/** The names of the staff who took bookings, by user id. */
export async function staffNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, [row.firstName, row.lastName].filter((part) => part?.trim()).join(' ') || row.email]));
}

// The front desk and housekeeping (desk.ts, housekeeping.ts; issue 45).

export type RoomHousekeepingRow = typeof roomHousekeeping.$inferSelect;

/**
 * The stays the desk lists on `day`: those whose nights touch it (arriving, staying, leaving) and
 * not cancelled, and every guest still in the house (one overdue too), by room.
 */
export function staysOfDay(db: Db, day: string) {
  return db
    .select({
      reservation: reservations,
      roomName: rooms.name,
      roomState: roomHousekeeping.state,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      cardLast4: paymentMethods.cardLast4,
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .innerJoin(rooms, eq(rooms.id, reservations.roomId))
    .leftJoin(roomHousekeeping, eq(roomHousekeeping.roomId, reservations.roomId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, reservations.paymentMethodId))
    .where(
      or(
        eq(reservations.status, 'checked_in'),
        and(
          inArray(reservations.status, ['booked', 'checked_out']),
          sql`lower(${reservations.stay}) <= ${day}::date and upper(${reservations.stay}) >= ${day}::date`,
        ),
      ),
    )
    .orderBy(asc(rooms.position), asc(reservations.id));
}

/** Every room with its housekeeping state (none: clean) and, out of order, the nights its block closes. */
export function roomsForHousekeeping(db: Db) {
  return db
    .select({
      id: rooms.id,
      name: rooms.name,
      state: roomHousekeeping.state,
      reason: roomHousekeeping.reason,
      updatedAt: roomHousekeeping.updatedAt,
      blockStay: roomHolds.stay,
    })
    .from(rooms)
    .leftJoin(roomHousekeeping, eq(roomHousekeeping.roomId, rooms.id))
    .leftJoin(roomHolds, eq(roomHolds.id, roomHousekeeping.blockId))
    .orderBy(asc(rooms.position), asc(rooms.id));
}

/** A room's housekeeping row, if it has one. */
export async function roomStateOf(db: Db | Tx, roomId: number): Promise<RoomHousekeepingRow | undefined> {
  const [row] = await db.select().from(roomHousekeeping).where(eq(roomHousekeeping.roomId, roomId));
  return row;
}

/** Writes a room's state (housekeeping.ts is its one writer). */
export async function writeRoomState(tx: Tx, roomId: number, values: Pick<RoomHousekeepingRow, 'state' | 'reason' | 'blockId' | 'updatedBy' | 'updatedAt'>): Promise<void> {
  await tx
    .insert(roomHousekeeping)
    .values({ roomId, ...values })
    .onConflictDoUpdate({ target: roomHousekeeping.roomId, set: values });
}

// The stays as the bills read them (folio/stays.ts, registered by folio-stays.ts).

/** The booking as its bill reads it, with its room's name and its guest; `userId` given: only that guest's own. */
export async function stayForBill(db: Db | Tx, reservationId: number, userId?: number) {
  const [row] = await db
    .select({
      id: reservations.id,
      userId: reservations.userId,
      roomName: rooms.name,
      arrival: sql<string>`lower(${reservations.stay})::text`,
      departure: sql<string>`upper(${reservations.stay})::text`,
      guestCount: reservations.guestCount,
      price: reservations.price,
      pricePerNight: reservations.pricePerNight,
      nightPrices: reservations.nightPrices,
      rateDiscount: reservations.rateDiscount,
      promoDiscount: reservations.promoDiscount,
      promoCode: reservations.promoCode,
      rate: reservations.rate,
      canceledAt: reservations.canceledAt,
      cancellationFee: reservations.cancellationFee,
      paymentMethodId: reservations.paymentMethodId,
      guest: { email: users.email, firstName: users.firstName, lastName: users.lastName, phone: users.phone, language: users.language, isActive: users.isActive },
    })
    .from(reservations)
    .innerJoin(rooms, eq(rooms.id, reservations.roomId))
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(userId === undefined ? eq(reservations.id, reservationId) : and(eq(reservations.id, reservationId), eq(reservations.userId, userId)));
  return row;
}

/** The stays arriving on `arrival` and not cancelled (the check-in's reminder). */
export async function staysArrivingOn(db: Db, arrival: string): Promise<number[]> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(sql`lower(${reservations.stay}) = ${arrival}::date`, isNull(reservations.canceledAt)));
  return rows.map((row) => row.id);
}

/** Of these stays, those that departed on or before `lastDeparture` (the erasure of document data). */
export async function staysDepartedBy(db: Db | Tx, reservationIds: number[], lastDeparture: string): Promise<number[]> {
  if (reservationIds.length === 0) return [];
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(inArray(reservations.id, reservationIds), lte(sql`upper(${reservations.stay})`, sql`${lastDeparture}::date`)));
  return rows.map((row) => row.id);
}

/** The guest who booked each of these stays (the staff's ledger names them on the bills' rows). */
export async function bookingGuests(db: Db | Tx, reservationIds: number[]) {
  if (reservationIds.length === 0) return [];
  return db
    .select({ reservationId: reservations.id, guest: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName } })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(inArray(reservations.id, reservationIds));
}
