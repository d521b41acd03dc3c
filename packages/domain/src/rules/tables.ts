/**
 * Table reservations at the restaurant (issue 24, point 1; docs/decisions/039-table-reservations.md).
 * A table is booked for a start time in 15-minute steps within the restaurant's hours and is held
 * for TABLE_DURATION_MINUTES from then. Staff set how many covers (seats) the restaurant lays at
 * once: every 15-minute slot a table touches counts its party against that figure, so a party at
 * 19:30 takes seats in the slots 19:30 … 21:15.
 */
import { hotelClock, hotelToday } from '../hotel-today';
import { clockMinutes, clockOfMinutes } from './kitchen';
import { addDays } from './stay';

export const TABLE_HOURS = { opens: '12:00', closes: '23:00' } as const;
export const TABLE_STEP_MINUTES = 15;
/** How long a reservation holds its seats. */
export const TABLE_DURATION_MINUTES = 120;
/** How far ahead a table may be booked. */
export const TABLE_HORIZON_DAYS = 60;
export const TABLE_PARTY_MAX = 12;
/** Covers laid at once until staff set another figure. */
export const TABLE_COVERS_DEFAULT = 40;
export const TABLE_COVERS_MAX = 500;
/** How many free times a refusal for a full slot offers. */
export const TABLE_NEAREST_COUNT = 4;

export const TABLE_STATUSES = ['requested', 'confirmed', 'seated', 'no_show', 'cancelled'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];
/** The statuses that hold seats. */
export const TABLE_LIVE_STATUSES: readonly TableStatus[] = ['requested', 'confirmed', 'seated'];
/** Where a reservation came from: the site, a phone call taken by staff, a guest at the door. */
export const TABLE_SOURCES = ['site', 'phone', 'walk_in'] as const;
export type TableSource = (typeof TABLE_SOURCES)[number];

/** The last start time: a table booked then is free again at closing. */
export const TABLE_LAST_SEATING = clockOfMinutes(clockMinutes(TABLE_HOURS.closes) - TABLE_DURATION_MINUTES);

/** Every start time a table may be booked for, "12:00" … "21:00". */
export const TABLE_TIMES: readonly string[] = (() => {
  const times: string[] = [];
  for (let at = clockMinutes(TABLE_HOURS.opens); at <= clockMinutes(TABLE_LAST_SEATING); at += TABLE_STEP_MINUTES) times.push(clockOfMinutes(at));
  return times;
})();

export const isTableTime = (time: string) => TABLE_TIMES.includes(time);

/** When a table ends, "HH:MM". */
export const tableEnds = (time: string) => clockOfMinutes(clockMinutes(time) + TABLE_DURATION_MINUTES);

/** A start time already gone on the hotel's clock (a table starting this very minute still counts). */
export function isTablePast(date: string, time: string, now: Date): boolean {
  const today = hotelToday(now);
  return date < today || (date === today && clockMinutes(time) < clockMinutes(hotelClock(now)));
}

/**
 * The start times of `date` a guest may still choose at `now`: every one on a later day, those not
 * yet gone today. The day's answer lists these, and the form draws them before it has the answer,
 * so the list does not change length under the guest's eyes.
 */
export const tableTimesLeft = (date: string, now: Date): string[] => TABLE_TIMES.filter((time) => !isTablePast(date, time, now));

/** The day the booking form opens on: today while a start time is left, tomorrow once the last one has gone. */
export function firstTableDay(now: Date): string {
  const today = hotelToday(now);
  return tableTimesLeft(today, now).length > 0 ? today : addDays(today, 1);
}

export const isBeyondTableHorizon = (date: string, now: Date) => date > addDays(hotelToday(now), TABLE_HORIZON_DAYS);

export interface TableLoad {
  time: string;
  party: number;
}

/** Seats taken in each 15-minute slot of the day, by the slot's minute. */
export function slotLoads(tables: readonly TableLoad[]): Map<number, number> {
  const loads = new Map<number, number>();
  for (const table of tables) {
    const start = clockMinutes(table.time);
    for (let at = start; at < start + TABLE_DURATION_MINUTES; at += TABLE_STEP_MINUTES) loads.set(at, (loads.get(at) ?? 0) + table.party);
  }
  return loads;
}

/** Whether a party fits at a time: every slot its table touches keeps within the covers. */
export function tableFits(loads: ReadonlyMap<number, number>, time: string, party: number, covers: number): boolean {
  const start = clockMinutes(time);
  for (let at = start; at < start + TABLE_DURATION_MINUTES; at += TABLE_STEP_MINUTES) {
    if ((loads.get(at) ?? 0) + party > covers) return false;
  }
  return true;
}

/** The free start times of the day nearest to `time` (earlier first on a tie), among those `allowed`. */
export function nearestFreeTimes(
  loads: ReadonlyMap<number, number>,
  time: string,
  party: number,
  covers: number,
  allowed: (time: string) => boolean = () => true,
  count = TABLE_NEAREST_COUNT,
): string[] {
  const wanted = clockMinutes(time);
  return TABLE_TIMES.filter((candidate) => candidate !== time && allowed(candidate) && tableFits(loads, candidate, party, covers))
    .sort((a, b) => Math.abs(clockMinutes(a) - wanted) - Math.abs(clockMinutes(b) - wanted) || clockMinutes(a) - clockMinutes(b))
    .slice(0, count)
    .sort();
}

/** What staff may do with a reservation in each status; `undo_no_show` takes back a no-show marked by mistake. */
export const TABLE_STAFF_STEPS = {
  confirm: ['requested'],
  seat: ['requested', 'confirmed'],
  no_show: ['requested', 'confirmed'],
  undo_no_show: ['no_show'],
  cancel: ['requested', 'confirmed'],
  move: ['requested', 'confirmed'],
} as const satisfies Record<string, readonly TableStatus[]>;

/** The steps that say whether the guest came: taken only from the table's time on its day. */
export const TABLE_ARRIVAL_STEPS = ['seat', 'no_show'] as const;

/** The table's start has come (its day, at or after its time): a guest can be seated or missed. */
export function hasTableBegun(date: string, time: string, now: Date): boolean {
  const today = hotelToday(now);
  return date < today || (date === today && clockMinutes(hotelClock(now)) >= clockMinutes(time));
}

/**
 * Whether the e-mail of a table is its booker's: `confirmed` (staff's entry, an activated account,
 * or the link in the letter followed), `awaiting` the link while the table still holds its seats,
 * `expired` once the hold is over and the table no longer counts
 * (docs/decisions/048-table-confirmation.md).
 */
export const TABLE_EMAIL_STATES = ['confirmed', 'awaiting', 'expired'] as const;
export type TableEmailState = (typeof TABLE_EMAIL_STATES)[number];

export function tableEmailState(emailConfirmedAt: Date | null, holdUntil: Date | null, now: Date): TableEmailState {
  if (emailConfirmedAt) return 'confirmed';
  return holdUntil && holdUntil > now ? 'awaiting' : 'expired';
}
export type TableStaffStep = keyof typeof TABLE_STAFF_STEPS;

export const canTableStep = (step: TableStaffStep, status: TableStatus) => (TABLE_STAFF_STEPS[step] as readonly TableStatus[]).includes(status);

/** A guest cancels a table not yet begun that staff have not seated or closed. */
export const canGuestCancelTable = (status: TableStatus, date: string, time: string, now: Date) =>
  (status === 'requested' || status === 'confirmed') && !isTablePast(date, time, now);

/** The server's words when it refuses (the web shows them in the guest's language). */
export const TABLE_DETAILS = {
  full: 'No table is free for that many guests at that time',
  notFound: 'Table reservation not found',
  emailRequired: 'Give an e-mail address for the letter',
  changedMeanwhile: 'The reservation cannot take this step in its current status',
  tooLate: 'The table’s time has passed',
  notYet: 'The table’s time has not come yet',
  confirmLink: 'This confirmation link is not valid',
  tooManyFromAddress: 'Too many tables booked from this address today: call the restaurant',
  tooManyForEmail: 'Too many tables booked for this e-mail today: call the restaurant',
} as const;
