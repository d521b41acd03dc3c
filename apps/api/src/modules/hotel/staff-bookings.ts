/**
 * Bookings staff take at the front desk (issue 45, point 2; docs/decisions/056-staff-bookings-and-stay-changes.md):
 * a phone call, a guest at the door, an e-mail or a booking site's. The stay is priced and written
 * by the site's own createReservation, so its total is the site's to the kopeck and the same
 * exclusion constraint refuses a night sold twice. Each booking belongs to a guest account: the
 * one of the e-mail given, a new one made for it, or, without an e-mail, an account whose address
 * is in the reserved `.invalid` domain, which never receives a letter.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DESK_GUEST_DOMAIN, isDeskAddress, STAFF_DETAILS, type Detail, type GuestCards, type Language, type staffBookingCreateSchema, type StaffQuoteAnswer, type staffQuoteSchema } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-state';
import { HttpError } from '../../plugins/errors';
import { siteOrigin } from '../../env';
import { text } from '../../i18n';
import { findUserByEmail, insertDeskGuest, staffRolesOf } from '../auth/users';
import type { UserRow } from '../auth/session';
import { listCards } from '../payments/cards';
import { payStay } from '../payments/service';
import { sendReservationMail } from './reservation-mail';
import { createReservation, findReservation, reservationGuest, type ReservationRecord } from './reservations';
import { releaseUnpaidBooking } from './stay-lifecycle';


/** A refusal with its detail in both languages. */
export const refuse = (status: number, detail: Detail, extra: Record<string, unknown> = {}) => new HttpError(status, detail.detail, { ...extra, detail_ru: detail.detail_ru });

type StaffBooking = z.output<typeof staffBookingCreateSchema>;

function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first!, lastName: rest.join(' ') || null };
}

/**
 * The guest's account, in the booking's transaction: the e-mail's, made for it when there is none,
 * or one without an address. A refused booking rolls it back with everything else.
 */
export async function deskGuest(tx: Tx, input: { name: string; phone: string; email: string | undefined; language: Language }): Promise<UserRow> {
  const { firstName, lastName } = splitName(input.name);
  if (!input.email) {
    return insertDeskGuest(tx, { email: `${randomUUID()}@${DESK_GUEST_DOMAIN}`, firstName, lastName, phone: input.phone, language: input.language });
  }
  const found = await findUserByEmail(tx, input.email);
  if (found) {
    if ((await staffRolesOf(tx, found.id)).length > 0) throw refuse(422, STAFF_DETAILS.staffAccount);
    return found;
  }
  return insertDeskGuest(tx, { email: input.email, firstName, lastName, phone: input.phone, language: input.language });
}

/** The account of an e-mail and its saved cards, for the guarantee (the desk's form asks as the e-mail is typed). */
export async function guestCards(db: Db, email: string): Promise<GuestCards> {
  const user = await findUserByEmail(db, email);
  if (!user || (await staffRolesOf(db, user.id)).length > 0) return { account: false, name: null, phone: null, cards: [] };
  const cards = await listCards(db, user.id);
  return {
    account: true,
    name: [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ') || null,
    phone: user.phone,
    cards: cards.filter((card) => card.status === 'succeeded').map((card) => ({ payment_method_id: card.payment_method_id, brand: card.brand, card_last4: card.card_last4 })),
  };
}

/** A total no stay costs: asked for it, the booking's own pricing answers the stay's real total and writes nothing. */
const NO_TOTAL = -1;

/**
 * A desk booking's price before it is taken: the booking's own pricing (createReservation, the
 * site's), stopped by an expected total no stay has before anything is written, so the figure
 * is the one the booking will record, to the kopeck.
 */
export async function quoteStaffBooking(db: Db, body: z.output<typeof staffQuoteSchema>, staffId: number, now: Date): Promise<StaffQuoteAnswer> {
  const account = body.email ? await findUserByEmail(db, body.email) : undefined;
  try {
    await createReservation(
      db,
      {
        userId: account && (await staffRolesOf(db, account.id)).length === 0 ? account.id : staffId,
        roomId: body.room_id,
        arrival: body.arrival,
        departure: body.departure,
        guests: [],
        specialRequests: '',
        paymentMethodId: null,
        expectedTotal: NO_TOTAL,
        rate: body.rate,
        extras: body.extras,
        promoCode: body.promo_code,
        now,
        staff: { bookedBy: staffId, channel: 'phone', guarantee: 'desk', guaranteeNote: '', guestCount: body.guest_count },
      },
      now,
    );
  } catch (error) {
    const total = error instanceof HttpError && error.statusCode === 409 ? error.extra?.total : undefined;
    if (typeof total === 'number') return { total, price_breakdown: (error as HttpError).extra!.price_breakdown as StaffQuoteAnswer['price_breakdown'] };
    throw error;
  }
  throw new Error('A quote booked a stay');
}

/** Staff book a room for a guest: priced, written and guaranteed as the body says, then the letters. */
export async function bookForGuest(request: FastifyRequest, body: StaffBooking, staffId: number, now: Date): Promise<ReservationRecord> {
  const db = request.server.db;
  const { guarantee } = body;
  if (guarantee.kind === 'card_link' && !body.email) throw refuse(422, STAFF_DETAILS.linkNeedsEmail);
  if (body.rate === 'non_refundable' && guarantee.kind !== 'card') throw refuse(422, STAFF_DETAILS.nonRefundableNeedsCard);
  if (guarantee.kind === 'card') {
    if (!body.email) throw refuse(422, STAFF_DETAILS.noCardAccount);
    const known = await guestCards(db, body.email);
    if (!known.account || known.cards.length === 0) throw refuse(422, STAFF_DETAILS.noCardAccount);
    if (!known.cards.some((card) => card.payment_method_id === guarantee.payment_method_id)) throw refuse(422, STAFF_DETAILS.unknownCard);
  }
  // An account made meanwhile for the same e-mail (a sign-up, another desk) lets the booking be tried once more.
  const book = () => createReservation(
    db,
    {
      userId: 0,
      roomId: body.room_id,
      arrival: body.arrival,
      departure: body.departure,
      guests: [],
      specialRequests: body.note,
      paymentMethodId: guarantee.kind === 'card' ? guarantee.payment_method_id : null,
      expectedTotal: body.expected_total,
      rate: body.rate,
      extras: body.extras,
      promoCode: body.promo_code,
      now,
      staff: {
        bookedBy: staffId,
        channel: body.channel,
        guarantee: guarantee.kind,
        guaranteeNote: guarantee.kind === 'desk' ? guarantee.reason : '',
        guestCount: body.guest_count,
        account: async (tx) => (await deskGuest(tx, { name: body.guest_name, phone: body.phone, email: body.email, language: body.language })).id,
      },
    },
    now,
  );
  const made = await book().catch((error: unknown) => {
    if (isUniqueViolation(error)) return book();
    throw error;
  });
  const guest = await reservationGuest(db, { userId: (await findReservation(db, 'staff', made.id)).reservation.userId });
  let record = await findReservation(db, 'staff', made.id);
  // The letter in the language staff chose with the guest, whatever the account's own.
  const reader = { ...guest, language: body.language };
  if (made.prepay) {
    // The non-refundable rate: paid in full now with the guest's saved card, as on the site (decision 045).
    const { cardId, amount, holdUntil } = made.prepay;
    try {
      await payStay(request, { id: made.id, userId: guest.id, amount, cardId, holdUntil });
    } catch (error) {
      await db.transaction((tx) => releaseUnpaidBooking(tx, made.id, now)).catch((releaseError: unknown) => request.log.error({ err: releaseError }, 'a desk booking whose charge failed could not be released'));
      throw error;
    }
    record = await findReservation(db, 'staff', made.id);
    return record;
  }
  if (!isDeskAddress(guest.email)) {
    await sendReservationMail(request, reader, record, 'confirmed');
    if (guarantee.kind === 'card_link') await sendCardLink(request, reader, record);
  }
  return record;
}

/** The letter with the link where the guest saves the card that guarantees the booking (the account's own card page). */
async function sendCardLink(request: FastifyRequest, guest: UserRow, record: ReservationRecord): Promise<void> {
  const language = guest.language;
  const url = `${siteOrigin(request.server.env)}/account/payments`;
  const values = { id: record.reservation.id, name: guest.firstName ?? '', arrival: record.stay.arrival, departure: record.stay.departure, url };
  const body = text(language, 'reservation.cardLink.text', values);
  try {
    await request.server.mailer.send({ to: guest.email, subject: text(language, 'reservation.cardLink.subject', values), text: body, html: `<p>${escapeHtml(body)}</p>` });
  } catch (error) {
    request.log.error({ err: error, reservationId: record.reservation.id }, 'card link mail not sent');
  }
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
