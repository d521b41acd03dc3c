/**
 * The rules of a table's life (docs/decisions/039-table-reservations.md): a booking counts the
 * day's seats under the day's row lock and is refused with the nearest free times when a slot it
 * touches is full; staff confirm, seat, mark a no-show, cancel and move; a guest cancels their own.
 * A table booked with an e-mail not yet proved the booker's holds its seats for a short while only,
 * until the link in its letter is followed (docs/decisions/048-table-confirmation.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  hasTableBegun,
  hotelToday,
  TABLE_ARRIVAL_STEPS,
  canGuestCancelTable,
  canTableStep,
  isTablePast,
  clockMinutes,
  nearestFreeTimes,
  slotLoads,
  TABLE_DETAILS,
  tableFits,
  tableTimesLeft,
  clockOfMinutes,
  type Language,
  type TableSource,
  type TableStaffStep,
  type TableStatus,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import {
  cancelUnconfirmed,
  countBooking,
  findTable,
  insertTable,
  liveTablesOfDay,
  lockDay,
  lockTable,
  lockTableByToken,
  readSettings,
  updateTable,
  writeSettings,
  type TableRow,
} from './repository';

export interface TableRequest {
  date: string;
  time: string;
  party: number;
  name: string;
  phone: string;
  email: string | null;
  wishes: string;
  language: Language;
  source: TableSource;
  userId: number | null;
  createdBy: number | null;
  /**
   * Null when the e-mail is the booker's beyond doubt (staff's entry, an activated account's own
   * address); otherwise who asked, for the caps, and how long the table holds unconfirmed.
   */
  unconfirmed: UnconfirmedBooking | null;
}

export interface UnconfirmedBooking {
  clientAddress: string;
  holdMinutes: number;
  perAddressPerDay: number;
  perEmailPerDay: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The seats the day's other tables take, slot by slot, as of `now`. */
async function dayLoads(tx: Tx | Db, day: string, now: Date, except?: number) {
  const rows = await liveTablesOfDay(tx, day, now, except);
  return slotLoads(rows.map((row) => ({ time: clockOfMinutes(row.startMinute), party: row.party })));
}

/** 409 with the nearest start times of the day still free for the party, unless it fits. */
async function checkFits(tx: Tx, day: string, time: string, party: number, now: Date, except?: number) {
  const settings = await readSettings(tx);
  const loads = await dayLoads(tx, day, now, except);
  if (!tableFits(loads, time, party, settings.covers)) {
    const nearest = nearestFreeTimes(loads, time, party, settings.covers, (candidate) => !isTablePast(day, candidate, now));
    throw new HttpError(409, TABLE_DETAILS.full, { nearest });
  }
  return settings;
}

/** 429 when the client address or the e-mail has booked its day's unconfirmed tables already. */
async function countAgainstCaps(tx: Tx, email: string | null, unconfirmed: UnconfirmedBooking, now: Date) {
  const today = hotelToday(now);
  if ((await countBooking(tx, sha256(`address:${unconfirmed.clientAddress}`), today)) > unconfirmed.perAddressPerDay) {
    throw new HttpError(429, TABLE_DETAILS.tooManyFromAddress);
  }
  if (email && (await countBooking(tx, sha256(`email:${email.toLowerCase()}`), today)) > unconfirmed.perEmailPerDay) {
    throw new HttpError(429, TABLE_DETAILS.tooManyForEmail);
  }
}

/**
 * A new table: the site's waits for staff unless the owner turned auto-confirm on; staff's are
 * confirmed, a walk-in seated. An unconfirmed booking also gets the secret of its confirmation
 * link (`token`, only here: the row keeps its hash).
 */
export async function bookTable(db: Db, request: TableRequest, now: Date): Promise<{ row: TableRow; token: string | null }> {
  return db.transaction(async (tx) => {
    if (request.unconfirmed) await countAgainstCaps(tx, request.email, request.unconfirmed, now);
    await lockDay(tx, request.date);
    const settings = await checkFits(tx, request.date, request.time, request.party, now);
    const status: TableStatus =
      request.source === 'walk_in' ? 'seated' : request.source === 'phone' || settings.autoConfirm ? 'confirmed' : 'requested';
    const token = request.unconfirmed ? randomBytes(32).toString('base64url') : null;
    const row = await insertTable(tx, {
      userId: request.userId,
      day: request.date,
      startMinute: clockMinutes(request.time),
      party: request.party,
      name: request.name,
      phone: request.phone,
      email: request.email,
      wishes: request.wishes,
      status,
      source: request.source,
      language: request.language,
      createdBy: request.createdBy,
      emailConfirmedAt: request.unconfirmed ? null : now,
      holdUntil: request.unconfirmed ? new Date(now.getTime() + request.unconfirmed.holdMinutes * 60_000) : null,
      confirmTokenHash: token ? sha256(token) : null,
    });
    return { row, token };
  });
}

/**
 * The booker followed the link: the e-mail is theirs and the table counts for good. Once its hold
 * ran out its seats may have gone meanwhile, so they are counted again (409 with the nearest free
 * times). Following the link again answers the table as it is (`confirmedNow` false).
 */
export async function confirmTableEmail(db: Db, token: string, now: Date): Promise<{ row: TableRow; confirmedNow: boolean }> {
  return db.transaction(async (tx) => {
    const row = await lockTableByToken(tx, sha256(token));
    if (!row) throw new HttpError(404, TABLE_DETAILS.confirmLink);
    if (row.emailConfirmedAt) return { row, confirmedNow: false };
    if (row.status !== 'requested' && row.status !== 'confirmed') throw new HttpError(409, TABLE_DETAILS.changedMeanwhile);
    const time = clockOfMinutes(row.startMinute);
    if (isTablePast(row.day, time, now)) throw new HttpError(409, TABLE_DETAILS.tooLate);
    if (!row.holdUntil || row.holdUntil <= now) {
      await lockDay(tx, row.day);
      await checkFits(tx, row.day, time, row.party, now, row.id);
    }
    return { row: await updateTable(tx, row.id, { emailConfirmedAt: now, holdUntil: null }), confirmedNow: true };
  });
}

const STEP_STATUS: Record<Exclude<TableStaffStep, 'move'>, TableStatus> = {
  confirm: 'confirmed',
  seat: 'seated',
  no_show: 'no_show',
  // A no-show taken back: the guest came after all, or the wrong table was marked.
  undo_no_show: 'confirmed',
  cancel: 'cancelled',
};

/**
 * A staff step; 404 for no such table, 409 when its status does not allow the step, or for seating
 * and a no-show before the table's time on its day. Taking back a no-show holds the seats again,
 * so they are counted again.
 */
export async function stepTable(db: Db, id: number, step: Exclude<TableStaffStep, 'move'>, now: Date): Promise<TableRow> {
  return db.transaction(async (tx) => {
    const row = await lockTable(tx, id);
    if (!row) throw new HttpError(404, TABLE_DETAILS.notFound);
    if (!canTableStep(step, row.status)) throw new HttpError(409, TABLE_DETAILS.changedMeanwhile);
    const time = clockOfMinutes(row.startMinute);
    if ((TABLE_ARRIVAL_STEPS as readonly string[]).includes(step) && !hasTableBegun(row.day, time, now)) {
      throw new HttpError(409, TABLE_DETAILS.notYet);
    }
    if (step === 'undo_no_show') {
      await lockDay(tx, row.day);
      await checkFits(tx, row.day, time, row.party, now, id);
    }
    return updateTable(tx, id, { status: STEP_STATUS[step] });
  });
}

/** A table moved to another time (and day), if the seats are there. */
export async function moveTable(db: Db, id: number, to: { date: string; time: string }, now: Date): Promise<{ before: TableRow; after: TableRow }> {
  return db.transaction(async (tx) => {
    const before = await lockTable(tx, id);
    if (!before) throw new HttpError(404, TABLE_DETAILS.notFound);
    if (!canTableStep('move', before.status)) throw new HttpError(409, TABLE_DETAILS.changedMeanwhile);
    await lockDay(tx, to.date);
    await checkFits(tx, to.date, to.time, before.party, now, id);
    const after = await updateTable(tx, id, { day: to.date, startMinute: clockMinutes(to.time) });
    return { before, after };
  });
}

/** The guest cancels their own table; another's or none answers 404. */
export async function cancelOwnTable(db: Db, userId: number, id: number, now: Date): Promise<TableRow> {
  return db.transaction(async (tx) => {
    const row = await lockTable(tx, id);
    if (!row || row.userId !== userId) throw new HttpError(404, TABLE_DETAILS.notFound);
    if (!canGuestCancelTable(row.status, row.day, clockOfMinutes(row.startMinute), now)) {
      throw new HttpError(409, row.status === 'requested' || row.status === 'confirmed' ? TABLE_DETAILS.tooLate : TABLE_DETAILS.changedMeanwhile);
    }
    return updateTable(tx, id, { status: 'cancelled' });
  });
}

export async function ownTable(db: Db, userId: number, id: number): Promise<TableRow> {
  const row = await findTable(db, id);
  if (!row || row.userId !== userId) throw new HttpError(404, TABLE_DETAILS.notFound);
  return row;
}

/**
 * The start times of a day still ahead, each free or full for a party, for the booking form. A
 * time already gone is left out: shown as "full" it told the guest the restaurant was busy.
 */
export async function dayTimes(db: Db, day: string, party: number, now: Date) {
  const [settings, loads] = await Promise.all([readSettings(db), dayLoads(db, day, now)]);
  return tableTimesLeft(day, now).map((time) => ({ time, free: tableFits(loads, time, party, settings.covers) }));
}

/** Staff set the covers the restaurant takes per slot and whether a table is confirmed at once. */
export async function saveTableSettings(db: Db, settings: { covers: number; autoConfirm: boolean }, staffId: number): Promise<void> {
  await writeSettings(db, settings, staffId);
}

/** Staff cancel every table still waiting for them from today on; answers how many. */
export function cancelWaitingTables(db: Db, now: Date): Promise<number> {
  return cancelUnconfirmed(db, hotelToday(now));
}
