/**
 * Today at the front desk (issue 45, point 8): the stays arriving, the guests in the house and
 * those leaving, each with what the desk may do with it now (the transition table's answer), the
 * room's state for housekeeping, how the booking is guaranteed, what the bill still asks and
 * whether the guest checked in online, and the day's money at the desk by method for the shift's
 * hand-over (read from the bill's module) for those who may read the bills.
 */
import {
  checkInRefusal,
  checkOutRefusal,
  hotelToday,
  isLateDeparture,
  nightsBetween,
  withRussianFallback,
  type DeskDay,
  type DeskStay,
} from '@hotel/domain';
import type { Db } from '../../db/client';
import { checkInReadiness } from '../folio/documents';
import { deskMoney, folioBalance } from '../folio/folio';
import { guestName } from './board';
import { folioStays } from './folio-stays';
import { parseStay } from './reservations';
import { staysOfDay, type ReservationRow } from './repository';

/** How the stay is held: paid in full, a saved card, a link sent for one, the desk with its reason (decision 056), or nothing. */
function deskGuarantee(reservation: ReservationRow, cardLast4: string | null): DeskStay['guarantee'] {
  if (reservation.rate === 'non_refundable' && reservation.paidAt) return { kind: 'prepaid', card_last4: cardLast4, note: '' };
  if (cardLast4) return { kind: 'card', card_last4: cardLast4, note: '' };
  if (reservation.guarantee === 'card_link') return { kind: 'card_link', card_last4: null, note: '' };
  if (reservation.guarantee === 'desk') return { kind: 'desk', card_last4: null, note: reservation.guaranteeNote };
  return { kind: 'none', card_last4: null, note: '' };
}

/** `withMoney`: whether the caller may read the bills (permission `bills`); the money is null otherwise. */
export async function readDeskDay(db: Db, now: Date, withMoney: boolean): Promise<DeskDay> {
  const today = hotelToday(now);
  const rows = await staysOfDay(db, today);
  const ids = rows.map((row) => row.reservation.id);
  // Eight rooms make a short list: each stay's bill is read as the bill's own page reads it.
  const balances = new Map(await Promise.all(ids.map(async (id) => [id, await folioBalance(db, folioStays, id)] as const)));
  const readiness = await checkInReadiness(db, ids);
  const stays = rows.map((row): DeskStay => {
    const { reservation } = row;
    const stay = parseStay(reservation.stay);
    return {
      reservation_id: reservation.id,
      room: { id: reservation.roomId, name: withRussianFallback(row.roomName), state: row.roomState ?? 'clean' },
      guest_name: guestName(row),
      guest_phone: row.phone,
      guest_count: reservation.guestCount,
      arrival: stay.arrival,
      departure: stay.departure,
      nights: nightsBetween(stay.arrival, stay.departure),
      status: reservation.status,
      checked_in_at: reservation.checkedInAt?.toISOString() ?? null,
      checked_out_at: reservation.checkedOutAt?.toISOString() ?? null,
      late: isLateDeparture({ status: reservation.status, departure: stay.departure }, now),
      guarantee: deskGuarantee(reservation, row.cardLast4),
      balance: balances.get(reservation.id) ?? 0,
      online_check_in: readiness.get(reservation.id) ?? { ready: false, arrival_time: null },
      actions: { check_in: checkInRefusal(reservation.status, stay, today) === null, check_out: checkOutRefusal(reservation.status) === null },
    };
  });
  return {
    today,
    // Expected today, or since an earlier day and still not come (not yet a no-show); and those checked in today.
    arrivals: stays.filter((s) => (s.status === 'booked' && s.arrival <= today && s.departure > today) || (s.status === 'checked_in' && s.arrival === today)),
    in_house: stays.filter((s) => s.status === 'checked_in' && s.departure > today),
    departures: stays.filter((s) => (s.status === 'checked_in' && s.departure <= today) || (s.status === 'checked_out' && s.checked_out_at !== null && hotelToday(new Date(s.checked_out_at)) === today)),
    money: withMoney ? await deskMoney(db, today) : null,
  };
}
