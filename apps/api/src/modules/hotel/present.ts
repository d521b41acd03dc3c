/** Database rows to the API's shapes (the schemas in @hotel/domain). */
import type { FastifyRequest } from 'fastify';
import {
  eripOffered,
  extraPlaces,
  hotelToday,
  freeCancellationUntil,
  nightsBetween,
  nonRefundableDiscount,
  priceRuns,
  priceStay,
  rateDiscountOf,
  reservationDisplayStatus,
  reservationTimes,
  stayRuleBreach,
  type Convenience,
  type Reservation,
  type Room,
  type LocalizedText,
  type RoomVariant,
  withRussianFallback,
} from '@hotel/domain';
import { presentReservationExtra } from '../extras/extras';
import { presentImage, uploadUrl, type ServerContext } from '../uploads/public-url';
import type { RatedRoom } from './availability';
import type { ConvenienceRow, RoomView } from './repository';
import { roomPrice, type ReservationRecord } from './reservations';

/**
 * Visitors read the English text, or the Russian where an admin left the English empty; the admin
 * area asks for the texts `asWritten`, to edit them.
 */
export interface TextOptions {
  asWritten?: boolean;
}

const texts = (text: LocalizedText, options: TextOptions) => (options.asWritten ? text : withRussianFallback(text));

export function presentConvenience(
  request: ServerContext,
  row: Pick<ConvenienceRow, 'id' | 'description' | 'image'>,
  options: TextOptions = {},
): Convenience {
  return {
    id: row.id,
    description: texts(row.description, options),
    image: row.image ? uploadUrl(request, row.image) : null,
  };
}

export function presentRoom(request: ServerContext, row: RoomView, options: TextOptions = {}): Room {
  return {
    id: row.id,
    slug: row.slug,
    name: texts(row.name, options),
    description: texts(row.description, options),
    images: row.images.map((image) => presentImage(request, image, options)),
    price: row.price,
    extra_price: row.extraPrice,
    primary_capacity: row.primaryCapacity,
    extra_capacity: row.extraCapacity,
    room_size: row.roomSize,
    conveniences: row.conveniences.map((c) => presentConvenience(request, c, options)),
  };
}

/** A reservation as its owner sees it; the status follows the clock (ACC-22, ACC-23). */
export function presentReservation(request: FastifyRequest, record: ReservationRecord, now: Date): Reservation {
  const { reservation, stay, room } = record;
  const times = reservationTimes({ ...stay, canceled: reservation.canceledAt !== null });
  return {
    id: reservation.id,
    arrival: stay.arrival,
    departure: stay.departure,
    arrival_at: times.arrivalAt.toISOString(),
    departure_at: times.departureAt.toISOString(),
    nights: nightsBetween(stay.arrival, stay.departure),
    guest_count: reservation.guestCount,
    extra_places: extraPlaces(roomPrice(room), reservation.guestCount),
    price_per_night: reservation.pricePerNight,
    price: reservation.price,
    price_breakdown: reservationRuns(reservation, stay),
    extras: record.extras.map(presentReservationExtra),
    canceled: reservation.canceledAt !== null,
    canceled_at: reservation.canceledAt?.toISOString() ?? null,
    cancellation_fee: reservation.cancellationFee,
    payment_method: record.card ? { payment_method_id: record.card.publicId, card_last4: record.card.cardLast4, brand: record.card.brand } : null,
    cancellation_charge: record.feeCharge,
    free_cancellation_until: freeCancellationUntil(stay.arrival).toISOString(),
    rate: reservation.rate,
    rate_discount: reservation.rateDiscount,
    prepayment: record.prepayment && {
      ...record.prepayment,
      erip: record.prepayment.erip && { ...record.prepayment.erip, service_no: request.server.env.ERIP_SERVICE_NO, service_path: request.server.env.ERIP_SERVICE_PATH },
    },
    refund: record.refund ? { amount: record.refund.amount, status: record.refund.status, money_back_by: record.refund.moneyBackBy } : null,
    status: reservationDisplayStatus(times, now),
    special_requests: reservation.specialRequests,
    created_at: reservation.createdAt.toISOString(),
    promo_code: reservation.promoCode,
    promo_discount: reservation.promoDiscount,
    room: presentRoom(request, room),
    guests: record.guests.map((guest) => ({
      first_name: guest.firstName,
      last_name: guest.lastName,
      second_name: guest.secondName,
    })),
  };
}

/**
 * A room as the API shows it, made once per room as availability.ts keeps it: its objects are
 * replaced when the room changes, so the copy here goes with them. Only for the default texts
 * (the public reads), whose URLs depend on the server's settings alone.
 */
const presented = new WeakMap<RoomView, Room>();
export function presentKeptRoom(request: ServerContext, room: RoomView): Room {
  let shown = presented.get(room);
  if (!shown) presented.set(room, (shown = presentRoom(request, room)));
  return shown;
}

/**
 * A reservation's nights in runs of one price: as booked (`night_prices`), or, for a booking made
 * before prices by date or moved since at its agreed price, every night at `price_per_night`.
 */
export function reservationRuns(
  reservation: { nightPrices: number[] | null; pricePerNight: number },
  stay: { arrival: string; departure: string },
) {
  const nights = nightsBetween(stay.arrival, stay.departure);
  const prices = reservation.nightPrices?.length === nights ? reservation.nightPrices : new Array<number>(nights).fill(reservation.pricePerNight);
  return priceRuns(stay.arrival, prices);
}

/**
 * A room offered for a stay, priced by the domain's rules over its prices by date (HOT-15, HOT-26;
 * issue 23), with the stay rule it breaks, if any: the search shows such a room with the reason.
 */
export function presentVariant(
  request: ServerContext,
  room: RatedRoom,
  stay: { arrival: string; departure: string },
  guestCount: number,
): RoomVariant {
  const quote = priceStay(room.rates, guestCount, stay);
  const discount = rateDiscountOf(nonRefundableDiscount(quote.subtotal, room.nonRefundablePercent));
  return {
    room: presentKeptRoom(request, room),
    price: room.price,
    extra_price: room.extraPrice,
    guest_count: guestCount,
    nights: quote.nights,
    extra_places: quote.extraPlaces,
    price_per_night: quote.pricePerNight,
    total: quote.total,
    price_breakdown: priceRuns(stay.arrival, quote.nightPrices),
    stay_rule: stayRuleBreach(room.rates, stay),
    non_refundable:
      discount > 0
        ? {
            discount_percent: room.nonRefundablePercent,
            discount,
            total: quote.total - discount,
            erip: eripOffered(stay.arrival, hotelToday(), request.server.env.ERIP_MIN_DAYS_AHEAD),
          }
        : null,
  };
}
