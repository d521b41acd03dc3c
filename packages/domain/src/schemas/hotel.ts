/** Room search and booking contract (spec sections 3, 4, 5, 7 Hotel). */
import { z } from 'zod';
import { roomSchema } from './catalogue';
import { EXPECTED_TOTAL_REQUIRED_DETAIL, expectedTotalSchema, idSchema, kopecksSchema } from './common';
import { guestInputSchema } from './identity';
import { PAYMENT_STATUSES } from './payments';
import { eripBillSchema, PAYMENT_METHOD_KINDS } from '../rules/erip';
import { bookingExtrasSchema, extraRefusedSchema, reservationExtraSchema } from './extras';
import { priceRunSchema, stayRuleBreachSchema } from './rates';
import { RATE_TYPES } from '../rules/rate-type';
import { BOOKING_NEEDS_CARD_DETAIL } from '../rules/reservation';
import { promoCodeFieldSchema, promoRefusalShape } from './promo-field';
import { guestCountSchema, MAX_BOOKING_GUESTS, refineStay, stayShape } from './stay';

export const SPECIAL_REQUESTS_MAX = 1000;


/** GET hotel/reservations/variants/ (API-26). Dates are calendar days in Europe/Minsk. */
export const variantsQuerySchema = z
  .strictObject({
    ...stayShape,
    guest_count: guestCountSchema,
  })
  .superRefine(refineStay());
export type VariantsQuery = z.infer<typeof variantsQuerySchema>;

/** A room free for the whole stay that holds the guests, with the price worked out by the server. */
export const roomVariantSchema = z.object({
  room: roomSchema,
  /** The room's price per night and its extra-place price (spec: Room variant). */
  price: kopecksSchema,
  extra_price: kopecksSchema.nullable(),
  guest_count: z.number().int().positive(),
  nights: z.number().int().positive(),
  extra_places: z.number().int().nonnegative(),
  /** The price that applies to these guests: the extra price when extra places are used and it is set. */
  price_per_night: kopecksSchema,
  total: kopecksSchema,
  /** The nights in runs of one price (one run when every night costs the same); `price_per_night` is the first night's. */
  price_breakdown: z.array(priceRunSchema),
  /** A stay rule the stay breaks in this room (its nights are free): shown with the reason, not bookable. */
  stay_rule: stayRuleBreachSchema.nullable(),
  /**
   * The non-refundable rate of this room for the stay (issue 23.3), null when the owner offers none:
   * the discount in percent and kopecks, and the total paid in full at booking (`total` − `discount`).
   */
  non_refundable: z
    .object({
      discount_percent: z.number().int().positive(),
      discount: kopecksSchema,
      total: kopecksSchema,
      /** The stay may be paid by an ERIP bill: it starts more than ERIP_MIN_DAYS_AHEAD days from today (decision 058). */
      erip: z.boolean().optional(),
    })
    .nullable(),
});
export type RoomVariant = z.infer<typeof roomVariantSchema>;

/** A new guest named at booking time; the server saves it among the user's guests too. */
export const newGuestSchema = z.strictObject({
  first_name: guestInputSchema.shape.first_name,
  last_name: guestInputSchema.shape.last_name,
  second_name: guestInputSchema.shape.second_name,
});
export type NewGuest = z.input<typeof newGuestSchema>;

/** POST hotel/reservations/ (API-29). The booking user counts as one guest besides `guests`. */
export const reservationCreateSchema = z
  .strictObject({
    room_id: idSchema,
    ...stayShape,
    /** Ids of the user's saved guests, or new guests to save. */
    guests: z
      .array(z.union([idSchema, newGuestSchema]))
      .max(MAX_BOOKING_GUESTS - 1, 'hotel:roomsFilter.guestsMax')
      .default([]),
    special_requests: z.string().trim().max(SPECIAL_REQUESTS_MAX).default(''),
    /**
     * The saved card that guarantees the booking: a cancellation later than 24 hours before check-in
     * or a no-show charges the first night to it (CON-05), so a booking needs one.
     */
    payment_method_id: z.uuid({
      error: (issue) => (issue.input === undefined ? BOOKING_NEEDS_CARD_DETAIL : 'Invalid id'),
    }),
    /**
     * The total the guest saw (kopecks): when the stay costs another today, nothing is booked and
     * the answer (409) carries the current `total` and `price_per_night`, so the guest is asked again.
     * Required at the non-refundable rate, which is charged at once (issue 42).
     */
    expected_total: expectedTotalSchema.optional(),
    /**
     * `non_refundable`: the room's discounted rate, paid in full with `payment_method_id` at booking
     * through the payment provider, with no refund on cancellation (issue 23.3). `flexible` when not given.
     */
    rate: z.enum(RATE_TYPES, 'Invalid rate: flexible or non_refundable').default('flexible'),
    /**
     * Extras with the stay (`{id, quantity}`, each id once): priced by the server and part of the
     * total, never of the first-night fee. One the room does not offer, an unknown id or a quantity
     * out of range answers 422 with `extra_refused`, and nothing is booked.
     */
    extras: bookingExtrasSchema,
    /** A promo code (any case) to take off the nights' sum; `expected_total` is then the total after it (decision 043). */
    promo_code: promoCodeFieldSchema.optional(),
    /**
     * How a non-refundable stay is paid: the card at once (default), or an ERIP bill the guest pays
     * from their bank's app, offered for a stay far enough ahead; the room is held until the bill expires (decision 058).
     */
    pay_by: z.enum(PAYMENT_METHOD_KINDS, 'Invalid payment method: card or erip').default('card'),
  })
  .superRefine(refineStay())
  .superRefine((body, ctx) => {
    // The non-refundable rate charges the card at once: never at a total the guest was not shown.
    if (body.rate === 'non_refundable' && body.expected_total === undefined) {
      ctx.addIssue({ code: 'custom', path: ['expected_total'], message: EXPECTED_TOTAL_REQUIRED_DETAIL });
    }
  });

/** What a declined or failed payment of a non-refundable booking answers (402): nothing was booked. */
export const NON_REFUNDABLE_DECLINED_DETAIL = 'The payment was declined: nothing was booked and the room is free. Try another card';

/** The 409 of POST hotel/reservations/: the nights were taken, or the price changed (then its figures today). */
export const reservationRefusedSchema = z.object({
  detail: z.string(),
  /** A 422 of a stay rule: which one the stay breaks. */
  stay_rule: stayRuleBreachSchema.optional(),
  total: kopecksSchema.optional(),
  price_per_night: kopecksSchema.optional(),
  price_breakdown: z.array(priceRunSchema).optional(),
  /** A 409 of a changed price at the non-refundable rate: the nights' sum before the discount. */
  subtotal: kopecksSchema.optional(),
  /** A 402: the payment of a non-refundable booking was declined. */
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  /** A 422 of a refused extra: the detail in Russian, beside the English `detail`. */
  detail_ru: z.string().optional(),
  extra_refused: extraRefusedSchema.optional(),
  /** A 422 of a refused promo code: why, and its minimum when below it. */
  ...promoRefusalShape,
});
export type ReservationCreate = z.input<typeof reservationCreateSchema>;

/** POST hotel/reservation/move/{id}/ (API-32): new dates, and another room if wished. */
export const reservationMoveSchema = z
  .strictObject({
    ...stayShape,
    room_id: idSchema.optional(),
  })
  .superRefine(refineStay());
export type ReservationMove = z.input<typeof reservationMoveSchema>;

export const RESERVATION_DISPLAY_STATUSES = ['reserved', 'active', 'completed', 'cancelled'] as const;

export const reservationGuestSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  second_name: z.string().nullable(),
});

/** A reservation as its owner sees it (spec: Reservation, plus the figures the screens need). */
export const reservationSchema = z.object({
  id: z.number().int(),
  arrival: z.string(),
  departure: z.string(),
  /** Check-in and check-out moments (14:00 and 12:00 hotel time), ISO 8601. */
  arrival_at: z.string(),
  departure_at: z.string(),
  nights: z.number().int().positive(),
  guest_count: z.number().int().positive(),
  extra_places: z.number().int().nonnegative(),
  /** The first night's price: what a late cancellation or a no-show costs. */
  price_per_night: kopecksSchema,
  /** The whole stay: the nights and the extras. */
  price: kopecksSchema,
  /** The nights in runs of one price. */
  price_breakdown: z.array(priceRunSchema),
  /** Extras taken with the stay, as priced at booking (part of `price`, never of the fee). */
  extras: z.array(reservationExtraSchema),
  canceled: z.boolean(),
  canceled_at: z.string().nullable(),
  /** Set when cancelled: 0 when free, the first night when late. */
  cancellation_fee: kopecksSchema.nullable(),
  /** The card that guarantees the booking, if any. */
  payment_method: z.object({ payment_method_id: z.string(), card_last4: z.string(), brand: z.string() }).nullable(),
  /** The charge of a late cancellation's fee to that card: null when nothing was to be charged. */
  cancellation_charge: z.enum(PAYMENT_STATUSES).nullable(),
  free_cancellation_until: z.string(),
  /** The rate booked (issue 23.3): `non_refundable` is paid in full at booking and refunds nothing on cancellation. */
  rate: z.enum(RATE_TYPES),
  /** The non-refundable rate's discount taken off the nights (kopecks, 0 at the flexible rate); `price` is after it. */
  rate_discount: kopecksSchema,
  /**
   * The payment of a non-refundable booking: `pending` while the bank confirms it (3-D Secure, at
   * `confirmation_url`), `succeeded` once paid, `canceled` when it failed (the booking then holds
   * nothing). Null at the flexible rate.
   */
  prepayment: z
    .object({
      payment_id: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      confirmation_url: z.string().nullable(),
      /** `erip`: paid by the ERIP bill below (its number and path), pending until bePaid says it was paid or expired. */
      method: z.enum(PAYMENT_METHOD_KINDS),
      erip: eripBillSchema.nullable(),
    })
    .nullable(),
  /**
   * Money given back for the booking: a non-refundable stay whose payment the bank confirmed only
   * after its hold had run out and its room was released (decision 045). `status` is the refund's
   * (`pending` while the provider is asked again), `money_back_by` the day it is on the card at the
   * latest. Null when nothing was refunded.
   */
  refund: z
    .object({
      amount: kopecksSchema,
      status: z.enum(['pending', 'succeeded', 'failed']),
      money_back_by: z.string(),
    })
    .nullable(),
  status: z.enum(RESERVATION_DISPLAY_STATUSES),
  special_requests: z.string(),
  created_at: z.string(),
  /** The promo code it was booked with (decision 043), and what it took off the nights: `price` is after it. */
  promo_code: z.string().nullable(),
  promo_discount: kopecksSchema,
  room: roomSchema,
  /** The guests besides the booking user. */
  guests: z.array(reservationGuestSchema),
});
export type Reservation = z.infer<typeof reservationSchema>;
export const reservationListSchema = z.array(reservationSchema);
