/**
 * The rules of a table's life (docs/decisions/039-table-reservations.md): a booking counts the
 * day's seats under the day's row lock and is refused with the nearest free times when a slot it
 * touches is full; staff confirm, seat, mark a no-show, cancel and move; a guest cancels their own.
 */
import {
  canGuestCancelTable,
  canTableStep,
  isTablePast,
  clockMinutes,
  nearestFreeTimes,
  slotLoads,
  TABLE_DETAILS,
  tableFits,
  clockOfMinutes,
  type Language,
  type TableSource,
  type TableStaffStep,
  type TableStatus,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { findTable, insertTable, liveTablesOfDay, lockDay, lockTable, readSettings, updateTable, type TableRow } from './repository';

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
}

/** The seats the day's other tables take, slot by slot. */
async function dayLoads(tx: Tx | Db, day: string, except?: number) {
  const rows = await liveTablesOfDay(tx, day, except);
  return slotLoads(rows.map((row) => ({ time: clockOfMinutes(row.startMinute), party: row.party })));
}

/** 409 with the nearest start times of the day still free for the party, unless it fits. */
async function checkFits(tx: Tx, day: string, time: string, party: number, now: Date, except?: number) {
  const settings = await readSettings(tx);
  const loads = await dayLoads(tx, day, except);
  if (!tableFits(loads, time, party, settings.covers)) {
    const nearest = nearestFreeTimes(loads, time, party, settings.covers, (candidate) => !isTablePast(day, candidate, now));
    throw new HttpError(409, TABLE_DETAILS.full, { nearest });
  }
  return settings;
}

/** A new table: the site's waits for staff unless the owner turned auto-confirm on; staff's are confirmed, a walk-in seated. */
export async function bookTable(db: Db, request: TableRequest, now: Date): Promise<TableRow> {
  return db.transaction(async (tx) => {
    await lockDay(tx, request.date);
    const settings = await checkFits(tx, request.date, request.time, request.party, now);
    const status: TableStatus =
      request.source === 'walk_in' ? 'seated' : request.source === 'phone' || settings.autoConfirm ? 'confirmed' : 'requested';
    return insertTable(tx, {
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
    });
  });
}

const STEP_STATUS: Record<Exclude<TableStaffStep, 'move'>, TableStatus> = {
  confirm: 'confirmed',
  seat: 'seated',
  no_show: 'no_show',
  cancel: 'cancelled',
};

/** A staff step; 404 for no such table, 409 when its status does not allow the step. */
export async function stepTable(db: Db, id: number, step: Exclude<TableStaffStep, 'move'>): Promise<TableRow> {
  return db.transaction(async (tx) => {
    const row = await lockTable(tx, id);
    if (!row) throw new HttpError(404, TABLE_DETAILS.notFound);
    if (!canTableStep(step, row.status)) throw new HttpError(409, TABLE_DETAILS.changedMeanwhile);
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
export async function dayTimes(db: Db, day: string, party: number, now: Date, times: readonly string[]) {
  const [settings, loads] = await Promise.all([readSettings(db), dayLoads(db, day)]);
  return times.filter((time) => !isTablePast(day, time, now)).map((time) => ({ time, free: tableFits(loads, time, party, settings.covers) }));
}

