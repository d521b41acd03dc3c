/**
 * The life of a stay at the front desk (issue 45, point 1): which status may follow which, when a
 * guest may be checked in or out, and when a guest still in the house is late. The server refuses
 * every change of status this table does not allow (apps/api/src/modules/hotel/stay-lifecycle.ts,
 * its one writer); the desk and the board ask the same table what to offer.
 */
import { hotelToday } from '../hotel-today';
import type { Language } from '../constants';
import { checkOutAt } from './reservation';
import { addDays, type Stay } from './stay';

export const STAY_STATUSES = ['booked', 'checked_in', 'checked_out', 'cancelled', 'no_show'] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

/**
 * Who moves a stay along: the guest and staff (cancel a booking), a payment that never came (the
 * same cancel), staff at the desk (check in, check out, no-show). Nothing leaves an ending.
 */
export const STAY_TRANSITIONS: Readonly<Record<StayStatus, readonly StayStatus[]>> = {
  booked: ['checked_in', 'cancelled', 'no_show'],
  checked_in: ['checked_out'],
  checked_out: [],
  cancelled: [],
  no_show: [],
};

export function canChangeStayStatus(from: StayStatus, to: StayStatus): boolean {
  return STAY_TRANSITIONS[from].includes(to);
}

export function isStayStatus(value: string): value is StayStatus {
  return (STAY_STATUSES as readonly string[]).includes(value);
}

/** The stay still holds its nights: booked, or the guest is in the house. */
export function holdsItsNights(status: StayStatus): boolean {
  return status === 'booked' || status === 'checked_in';
}

/**
 * Why a stay cannot change as asked, in both languages: the API answers in the language of the
 * request, with the key as `code`, and the desk shows the same words.
 */
export const STAY_MESSAGES = {
  'desk:refused.cancelled': { ru: 'Бронирование отменено: заселить гостя нельзя', en: 'This stay is cancelled: the guest cannot be checked in' },
  'desk:refused.noShow': { ru: 'Гость отмечен как незаезд: заселить его нельзя', en: 'The guest was marked as a no-show: they cannot be checked in' },
  'desk:refused.beforeArrival': { ru: 'Заселение возможно с дня заезда', en: 'A guest is checked in from the arrival day on' },
  'desk:refused.stayOver': { ru: 'Срок проживания прошёл: заселить гостя уже нельзя', en: 'The stay is over: the guest can no longer be checked in' },
  'desk:refused.alreadyIn': { ru: 'Гость уже заселён', en: 'The guest is already checked in' },
  'desk:refused.notIn': { ru: 'Гость не заселён: выселять некого', en: 'The guest is not checked in: there is nobody to check out' },
  'desk:refused.alreadyOut': { ru: 'Гость уже выехал', en: 'The guest has already checked out' },
  'desk:refused.notClean': {
    ru: 'Номер ещё не убран: подтвердите, чтобы заселить гостя всё равно',
    en: 'The room is not clean yet: confirm to check the guest in anyway',
  },
  'desk:refused.changed': { ru: 'Бронирование изменилось, пока вы смотрели: обновите страницу', en: 'The stay changed meanwhile: reload the page' },
  'desk:refused.notBooked': { ru: 'Гость уже заселён или проживание закончено: это действие недоступно', en: 'The guest is in or the stay is over: this is no longer possible' },
  'desk:refused.roomNotFound': { ru: 'Номер не найден', en: 'Room not found' },
  'desk:refused.balanceDue': {
    ru: 'По счёту гостя остался долг: примите оплату или напишите, почему гость выезжает с ним',
    en: "The guest's bill still has a balance due: take the payment or write why the guest leaves with it",
  },
  'desk:refused.outOfOrderPast': { ru: 'Номер закрывают с сегодняшнего дня или позже', en: 'A room is put out of order from today on' },
  'desk:refused.stayNotOver': {
    ru: 'Проживание заканчивается {{date}}: сначала сократите его, затем выселяйте гостя',
    en: 'The stay ends on {{date}}: shorten it first, then check out',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type StayMessageKey = keyof typeof STAY_MESSAGES;

/** Why the guest of a stay in `status` over `stay` cannot be checked in on `today` (the hotel's date), or null. */
export function checkInRefusal(status: StayStatus, stay: Stay, today: string): StayMessageKey | null {
  if (status === 'cancelled') return 'desk:refused.cancelled';
  if (status === 'no_show') return 'desk:refused.noShow';
  if (status === 'checked_in') return 'desk:refused.alreadyIn';
  if (status === 'checked_out') return 'desk:refused.alreadyOut';
  if (today < stay.arrival) return 'desk:refused.beforeArrival';
  if (today >= stay.departure) return 'desk:refused.stayOver';
  return null;
}

/** Why a stay in `status` cannot be checked out, or null: only a guest in the house is. */
export function checkOutRefusal(status: StayStatus): StayMessageKey | null {
  if (status === 'checked_in') return null;
  return status === 'checked_out' ? 'desk:refused.alreadyOut' : 'desk:refused.notIn';
}

/**
 * A check-out before the stay's last night is over: the departure the stay must first be shortened
 * to (today, or the day after arrival on the arrival day: the first night is always sold), or null
 * when the guest leaves on the booked day or later. Leaving early otherwise keeps the unused nights
 * sold and billed (decision 054).
 */
export function earlyCheckOutDeparture(stay: Stay, today: string): string | null {
  const earliest = today > stay.arrival ? today : addDays(stay.arrival, 1);
  return stay.departure > earliest ? earliest : null;
}

/**
 * A guest still in the house after check-out time (12:00) on the departure day, or on any later
 * day: the board and the desk show them as late.
 */
export function isLateDeparture(stay: { status: StayStatus; departure: string }, now: Date): boolean {
  return stay.status === 'checked_in' && now.getTime() >= checkOutAt(stay.departure).getTime();
}

/** Is the guest of this stay due to leave today or overdue (the departures list)? */
export function isDepartingBy(stay: { status: StayStatus; departure: string }, now: Date): boolean {
  return stay.status === 'checked_in' && stay.departure <= hotelToday(now);
}

// ─── Housekeeping (issue 45, point 7) ───────────────────────────────────────────────────────────

/** A room's state for housekeeping. A room nobody has marked is clean. */
export const ROOM_STATES = ['clean', 'dirty', 'inspected', 'out_of_order'] as const;
export type RoomState = (typeof ROOM_STATES)[number];

/** A room a guest may be given without a second thought: clean, or clean and inspected. */
export function isReadyForGuest(state: RoomState): boolean {
  return state === 'clean' || state === 'inspected';
}

/** The longest a reason for putting a room out of order may be; and the longest it may be out (nights). */
export const OUT_OF_ORDER_REASON_MAX = 200;
export const OUT_OF_ORDER_NIGHTS_MAX = 365;

/** What happens in a room today, as housekeeping orders its rounds. */
export interface RoomDay {
  /** A guest leaves it today (or is overdue). */
  departure: boolean;
  /** A guest stays on in it past today. */
  stay: boolean;
  /** A guest arrives in it today: the room must be ready. */
  arrival: boolean;
}

/**
 * The order of the rounds: rooms guests leave first (the next guest may be waiting), then rooms
 * with guests staying, then the rest; among equals a room a guest arrives in today comes first.
 */
export function cleaningRank(day: RoomDay): number {
  const base = day.departure ? 0 : day.stay ? 2 : 4;
  return base + (day.arrival ? 0 : 1);
}
