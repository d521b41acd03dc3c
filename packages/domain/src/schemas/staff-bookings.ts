/**
 * Bookings staff take (a phone call, a guest at the door, an e-mail, a booking site) and the
 * changes they make to a stay under way: an early departure, an extra night, another room from a
 * given night (issue 45, points 2 and 3; docs/decisions/056-staff-bookings-and-stay-changes.md).
 * Every refusal has its detail in English (`detail`) and Russian (`detail_ru`).
 */
import { z } from 'zod';
import { languageSchema, oneLineText } from './common';
import { idSchema, kopecksSchema } from './common';
import { emailSchema } from './identity';
import { bookingExtrasSchema } from './extras';
import { promoCodeFieldSchema } from './promo-field';
import { RATE_TYPES } from '../rules/rate-type';
import { isoDateSchema, refineStay, stayShape, MAX_BOOKING_GUESTS } from './stay';
import { SPECIAL_REQUESTS_MAX } from './hotel';
import { priceRunSchema } from './rates';

/** Where a booking came from: the site itself, or staff writing down a phone call, a walk-in, an e-mail or a booking site's. */
export const BOOKING_CHANNELS = ['site', 'phone', 'walk_in', 'email', 'booking_site'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];
/** The channels staff book through. */
export const STAFF_CHANNELS = ['phone', 'walk_in', 'email', 'booking_site'] as const;
export type StaffChannel = (typeof STAFF_CHANNELS)[number];

/**
 * What guarantees a staff booking: a saved card of the guest's account, a letter with a link
 * where the guest saves one (`card_link`), or nothing but the desk (`desk`, with a reason).
 */
export const GUARANTEES = ['card', 'card_link', 'desk'] as const;
export type Guarantee = (typeof GUARANTEES)[number];

/** The domain of the addresses of guests booked without an e-mail: reserved, it never receives mail (RFC 2606). */
export const DESK_GUEST_DOMAIN = 'desk-guests.invalid';
export const isDeskAddress = (email: string) => email.toLowerCase().endsWith(`@${DESK_GUEST_DOMAIN}`);

const PHONE = /^\+?[0-9 ()-]{7,20}$/;
export const STAFF_BOOKING_NAME_MAX = 100;
export const DESK_REASON_MAX = 300;

/** A refusal in both languages. */
export interface Detail {
  detail: string;
  detail_ru: string;
}

export const STAFF_DETAILS = {
  pastArrival: { detail: 'A booking cannot start in the past', detail_ru: 'Бронь не может начинаться в прошлом' },
  badPhone: { detail: 'Invalid phone number', detail_ru: 'Неверный номер телефона' },
  badEmail: { detail: 'Invalid e-mail', detail_ru: 'Неверный адрес e-mail' },
  badChannel: { detail: 'Unknown channel: phone, walk_in, email or booking_site', detail_ru: 'Неизвестный канал: телефон, гость у стойки, e-mail или сайт бронирования' },
  badRate: { detail: 'Invalid rate: flexible or non_refundable', detail_ru: 'Неверный тариф: гибкий или невозвратный' },
  invalid: { detail: 'Invalid input', detail_ru: 'Неверные данные' },
  noCardAccount: {
    detail: 'This e-mail has no account with a saved card: choose the link by e-mail or payment at the desk',
    detail_ru: 'У этого e-mail нет аккаунта с сохранённой картой: выберите ссылку по e-mail или оплату на стойке',
  },
  unknownCard: { detail: "This card is not one of the guest's saved cards", detail_ru: 'Эта карта не из сохранённых карт гостя' },
  linkNeedsEmail: { detail: 'A link to save a card goes by e-mail: give the guest\'s e-mail', detail_ru: 'Ссылка для сохранения карты отправляется по e-mail: укажите e-mail гостя' },
  deskNeedsReason: { detail: 'Payment at the desk needs a reason', detail_ru: 'Для оплаты на стойке укажите причину' },
  nonRefundableNeedsCard: {
    detail: 'The non-refundable rate is paid in full by card at booking: choose the guest\'s saved card',
    detail_ru: 'Невозвратный тариф оплачивается картой сразу: выберите сохранённую карту гостя',
  },
  staffAccount: { detail: 'This e-mail belongs to a member of staff, not a guest', detail_ru: 'Этот e-mail принадлежит сотруднику, а не гостю' },
  roomTaken: { detail: 'Room is no longer available for these dates', detail_ru: 'Номер на эти даты уже занят' },
  tooManyGuests: { detail: 'The room does not hold that many guests', detail_ru: 'Номер не вмещает столько гостей' },
  unknownRoom: { detail: 'Room not found', detail_ru: 'Номер не найден' },
  notLive: { detail: 'The stay is cancelled or over', detail_ru: 'Проживание отменено или завершено' },
  departureNotEarlier: {
    detail: 'An early departure must be before the booked departure day',
    detail_ru: 'Ранний выезд должен быть раньше дня выезда по брони',
  },
  departureBeforeArrival: {
    detail: 'An early departure must leave at least one night after arrival',
    detail_ru: 'При раннем выезде остаётся хотя бы одна ночь после заезда',
  },
  departurePast: { detail: 'The nights before today cannot be freed', detail_ru: 'Ночи до сегодняшнего дня освободить нельзя' },
  extensionNotLater: { detail: 'An extension must end after the booked departure day', detail_ru: 'Продление должно заканчиваться позже дня выезда по брони' },
  stayTooLong: { detail: 'A stay can be at most 30 nights', detail_ru: 'Проживание не может быть дольше 30 ночей' },
  changeNightOutside: {
    detail: 'The room changes on a night of the stay after its first, from today on',
    detail_ru: 'Номер меняется с одной из ночей проживания после первой, не раньше сегодняшней',
  },
  sameRoom: { detail: 'The guest is already in this room on that night', detail_ru: 'Гость уже в этом номере в эту ночь' },
  paymentPending: {
    detail: 'The payment of this booking is still being confirmed: try again in a few minutes',
    detail_ru: 'Оплата этой брони ещё подтверждается: попробуйте через несколько минут',
  },
} satisfies Record<string, Detail>;

/** The answer of a refused staff action: the detail in both languages, and what holds the nights when they are taken. */
export const staffRefusalSchema = z.object({
  detail: z.string(),
  detail_ru: z.string().optional(),
  conflicts: z.array(z.object({ kind: z.string(), first_night: z.string(), last_night: z.string(), reservation_id: z.number().nullable(), note: z.string() })).optional(),
  stay_rule: z.unknown().optional(),
  extra_refused: z.unknown().optional(),
  promo_refusal: z.unknown().optional(),
});

/** POST admin/reservations/: a booking staff take. */
export const staffBookingCreateSchema = z
  .strictObject({
    room_id: idSchema,
    ...stayShape,
    guest_name: oneLineText('common:validation.required').trim().min(2, 'common:validation.required').max(STAFF_BOOKING_NAME_MAX),
    phone: oneLineText(STAFF_DETAILS.badPhone.detail).trim().regex(PHONE, STAFF_DETAILS.badPhone.detail),
    /** Optional: then the confirmation letter goes to it, in `language`. */
    email: z.union([z.literal('').transform(() => undefined), emailSchema]).optional(),
    language: languageSchema.default('ru'),
    guest_count: z.number().int().min(1).max(MAX_BOOKING_GUESTS),
    rate: z.enum(RATE_TYPES, STAFF_DETAILS.badRate.detail).default('flexible'),
    extras: bookingExtrasSchema,
    promo_code: promoCodeFieldSchema.optional(),
    note: z.string().trim().max(SPECIAL_REQUESTS_MAX).default(''),
    channel: z.enum(STAFF_CHANNELS, STAFF_DETAILS.badChannel.detail),
    guarantee: z.discriminatedUnion(
      'kind',
      [
        z.strictObject({ kind: z.literal('card'), payment_method_id: z.uuid() }),
        z.strictObject({ kind: z.literal('card_link') }),
        z.strictObject({ kind: z.literal('desk'), reason: oneLineText(STAFF_DETAILS.deskNeedsReason.detail).trim().min(2, STAFF_DETAILS.deskNeedsReason.detail).max(DESK_REASON_MAX) }),
      ],
      STAFF_DETAILS.invalid.detail,
    ),
    /** The total staff were shown (kopecks); another total today books nothing (409, as on the site). */
    expected_total: kopecksSchema.optional(),
  })
  .superRefine(refineStay());
export type StaffBookingCreate = z.input<typeof staffBookingCreateSchema>;

/** GET admin/guests/cards/?email=: the saved cards of the account with this e-mail, for the guarantee. */
export const guestCardsQuerySchema = z.strictObject({ email: emailSchema });
export const guestCardsSchema = z.object({
  account: z.boolean(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  cards: z.array(z.object({ payment_method_id: z.string(), brand: z.string(), card_last4: z.string() })),
});
export type GuestCards = z.infer<typeof guestCardsSchema>;

/** POST admin/reservations/quote/: the staff booking's price, by the site's rules, before it is taken. */
export const staffQuoteSchema = z
  .strictObject({
    room_id: idSchema,
    ...stayShape,
    guest_count: z.number().int().min(1).max(MAX_BOOKING_GUESTS),
    rate: z.enum(RATE_TYPES, STAFF_DETAILS.badRate.detail).default('flexible'),
    extras: bookingExtrasSchema,
    promo_code: promoCodeFieldSchema.optional(),
    email: z.union([z.literal('').transform(() => undefined), emailSchema]).optional(),
  })
  .superRefine(refineStay());
export const staffQuoteAnswerSchema = z.object({ total: kopecksSchema, price_breakdown: z.array(priceRunSchema) });
export type StaffQuoteAnswer = z.infer<typeof staffQuoteAnswerSchema>;

/** POST admin/reservations/{id}/shorten/: the guest leaves early, on `departure`. */
export const stayShortenSchema = z.strictObject({ departure: isoDateSchema('hotel:roomsFilter.checkOutRequired') });
/** POST admin/reservations/{id}/extend/: the guest stays until `departure`. */
export const stayExtendSchema = z.strictObject({ departure: isoDateSchema('hotel:roomsFilter.checkOutRequired') });
/** POST admin/reservations/{id}/room/: the guest sleeps in `room_id` from the night of `from` on. */
export const roomChangeSchema = z.strictObject({ room_id: idSchema, from: isoDateSchema('common:validation.required') });

/** One room of a stay and its nights; a stay moved mid-way has two or more. */
export const staySegmentSchema = z.object({ room_id: z.number().int(), arrival: z.string(), departure: z.string() });
export type StaySegment = z.infer<typeof staySegmentSchema>;

/** What the staff view of a stay adds for the front desk: who booked it and how, its guarantee, its rooms, what may change. */
export const staffDeskSchema = z.object({
  channel: z.enum(BOOKING_CHANNELS),
  /** The member of staff who took the booking (name or e-mail); null for the site's own. */
  booked_by: z.string().nullable(),
  guarantee: z.enum(GUARANTEES).nullable(),
  guarantee_note: z.string(),
  /** The stay's rooms in order: one segment, or one per room when the guest changed rooms. */
  segments: z.array(staySegmentSchema),
  actions: z.object({ shorten: z.boolean(), extend: z.boolean(), change_room: z.boolean() }),
});
export type StaffDesk = z.infer<typeof staffDeskSchema>;
