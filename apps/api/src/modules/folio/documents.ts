/**
 * The stay's documents (issue 45, point 5) and its online check-in (point 6): the bill and the paid
 * invoice with the hotel's legal details, the registration card, the invoice letter, the reminder
 * two days before arrival, and the erasure of document data a set number of days after departure.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  addDays,
  hotelToday,
  PAGE_PATHS,
  venue,
  type CheckInReadiness,
  type FolioDocument,
  type FolioSettings,
  type RegistrationCard,
  type StayRegistration,
  type StayRegistrationInput,
} from '@hotel/domain';
import { siteOrigin } from '../../env';
import { scheduleJob, type JobSchedule } from '../../jobs';
import { audit, auditBySystem, changedFields } from '../../change-log/audit';
import { checkInReminderLetter, invoiceLetter } from '../../mail/templates/folio';
import { currentUser } from '../auth/session';
import { folioRefusal, readFolio } from './folio';
import {
  eraseRegistrations,
  keptDocuments,
  markInvoiceSent,
  registrationOf,
  registrationsOf,
  releaseReminder,
  saveRegistration,
  saveSettings,
  settingsRow,
  takeDueReminders,
  type FolioSettingsRow,
  type StayRegistrationRow,
} from './repository';
import { folioStaysOf, type FolioStays } from './stays';
import type { Db, Tx } from '../../db/client';

/** How long document data is kept after departure until staff set it (days). */
export const DOCUMENT_RETENTION_DAYS_DEFAULT = 30;
/** The reminder goes this many days before arrival. */
export const CHECK_IN_REMINDER_DAYS = 2;

/** The hotel's details as documents print them: the saved ones, or the venue's name and address with the numbers still blank. */
function presentSettings(row: FolioSettingsRow | undefined): FolioSettings {
  if (!row) {
    return {
      legal_name: venue.legalName,
      tax_number: '',
      legal_address: {
        ru: `${venue.address.postalCode}, ${venue.address.country.ru}, ${venue.address.city.ru}, ${venue.address.street.ru}`,
        en: `${venue.address.street.en}, ${venue.address.city.en} ${venue.address.postalCode}, ${venue.address.country.en}`,
      },
      bank_account: '',
      bank_name: '',
      document_retention_days: DOCUMENT_RETENTION_DAYS_DEFAULT,
    };
  }
  return {
    legal_name: row.legalName,
    tax_number: row.taxNumber,
    legal_address: row.legalAddress,
    bank_account: row.bankAccount,
    bank_name: row.bankName,
    document_retention_days: row.documentRetentionDays,
  };
}

export async function readSettings(db: Db | Tx): Promise<FolioSettings> {
  return presentSettings(await settingsRow(db));
}

/** PUT admin/folio/settings/: the hotel's legal details and the retention of guests' documents, in the change log. */
export async function updateSettings(request: FastifyRequest, input: FolioSettings): Promise<FolioSettings> {
  const staff = currentUser(request);
  return request.server.db.transaction(async (tx) => {
    const before = await readSettings(tx);
    const row = await saveSettings(tx, {
      legalName: input.legal_name,
      taxNumber: input.tax_number,
      legalAddress: input.legal_address,
      bankAccount: input.bank_account,
      bankName: input.bank_name,
      documentRetentionDays: input.document_retention_days,
      updatedBy: staff.id,
    });
    const after = presentSettings(row);
    const changed = changedFields(before, after);
    if (changed) await audit(tx, request, { action: 'folio.settings', target: 'folio settings', ...changed });
    return after;
  });
}

const legalOf = (settings: FolioSettings) => ({
  legal_name: settings.legal_name,
  tax_number: settings.tax_number,
  legal_address: settings.legal_address,
  bank_account: settings.bank_account,
  bank_name: settings.bank_name,
});

/** The bill (something still owed) or the paid invoice (nothing owed) of a stay; `userId`: the guest's own only. */
export async function folioDocument(db: Db | Tx, stays: FolioStays, reservationId: number, options: { userId?: number | undefined; now?: Date } = {}): Promise<FolioDocument> {
  const folio = await readFolio(db, stays, reservationId, options);
  const settings = await readSettings(db);
  return {
    kind: folio.totals.balance <= 0 && folio.totals.charges > 0 ? 'invoice' : 'bill',
    number: `1799-${reservationId}`,
    issued_on: hotelToday(options.now),
    hotel: legalOf(settings),
    folio,
  };
}

/** Where the guest opens the printable bill in the account. */
export const invoicePagePath = (reservationId: number) => `${PAGE_PATHS.account.invoice}?id=${reservationId}`;

/**
 * Sends the stay's bill, or its paid invoice, to the guest by e-mail, in the guest's language, and
 * records when. The check-out calls it; staff may send it again from the bill. Answers when it went.
 */
export async function sendInvoice(app: FastifyInstance, reservationId: number, options: { now?: Date } = {}): Promise<{ sent_at: string; kind: FolioDocument['kind'] }> {
  const now = options.now ?? new Date();
  const document = await folioDocument(app.db, folioStaysOf(app), reservationId, { now });
  const { email, language } = document.folio.guest;
  if (!email) throw folioRefusal(422, 'folio:refused.noEmail');
  const origin = siteOrigin(app.env);
  const mail = invoiceLetter(language, document, origin ? `${origin}${invoicePagePath(reservationId)}` : null);
  await app.mailer.send({ to: email, subject: mail.subject, text: mail.text, html: mail.html });
  await markInvoiceSent(app.db, reservationId, now);
  return { sent_at: now.toISOString(), kind: document.kind };
}

// ─── Online check-in and the registration card ──────────────────────────────────────────────────

/** The guest may fill or change the check-in until the arrival day, while the booking is on. */
const checkInOpen = (stay: { arrival: string; canceledAt: Date | null }, now: Date) => stay.canceledAt === null && hotelToday(now) <= stay.arrival;

function presentRegistration(row: StayRegistrationRow | undefined, open: boolean): StayRegistration {
  return {
    ready: row?.submittedAt != null,
    first_name: row?.firstName ?? null,
    last_name: row?.lastName ?? null,
    citizenship: row?.citizenship ?? null,
    document_number: row?.documentNumber ?? null,
    birth_date: row?.birthDate ?? null,
    arrival_time: row?.arrivalTime ?? null,
    submitted_at: row?.submittedAt?.toISOString() ?? null,
    erased_at: row?.erasedAt?.toISOString() ?? null,
    open,
  };
}

/** The online check-in of a stay: its own guest's (`userId`), or any for staff. */
export async function readRegistration(db: Db, stays: FolioStays, reservationId: number, options: { userId?: number | undefined; now?: Date } = {}): Promise<StayRegistration> {
  const stay = await stays.stay(db, reservationId, options.userId);
  if (!stay) throw folioRefusal(404, 'folio:refused.notFound');
  return presentRegistration(await registrationOf(db, reservationId), checkInOpen(stay, options.now ?? new Date()));
}

/** PUT hotel/reservations/{id}/check-in/: the guest's registration details and arrival time, before arrival. */
export async function saveOwnRegistration(db: Db, stays: FolioStays, userId: number, reservationId: number, input: StayRegistrationInput, now: Date = new Date()): Promise<StayRegistration> {
  const stay = await stays.stay(db, reservationId, userId);
  if (!stay) throw folioRefusal(404, 'folio:refused.notFound');
  if (!checkInOpen(stay, now)) throw folioRefusal(409, 'folio:refused.checkInClosed');
  const row = await db.transaction((tx) =>
    saveRegistration(tx, reservationId, {
      firstName: input.first_name,
      lastName: input.last_name,
      citizenship: input.citizenship,
      documentNumber: input.document_number,
      birthDate: input.birth_date,
      arrivalTime: input.arrival_time,
      submittedAt: now,
    }),
  );
  return presentRegistration(row, true);
}

/** Whether each stay's guest has checked in online, and when they arrive: for the arrivals list, the desk, the board. */
export async function checkInReadiness(db: Db | Tx, reservationIds: number[]): Promise<Map<number, CheckInReadiness>> {
  const rows = await registrationsOf(db, reservationIds);
  const found = new Map(rows.map((row) => [row.reservationId, { ready: row.submittedAt !== null, arrival_time: row.arrivalTime }]));
  return new Map(reservationIds.map((id) => [id, found.get(id) ?? { ready: false, arrival_time: null }]));
}

/** The registration card staff print for the guest to sign: the stay, the people, the document as filled online (blank to fill by hand otherwise). */
export async function registrationCard(db: Db, stays: FolioStays, reservationId: number, now: Date = new Date()): Promise<RegistrationCard> {
  const stay = await stays.stay(db, reservationId);
  if (!stay) throw folioRefusal(404, 'folio:refused.notFound');
  const [registration, companions, settings] = await Promise.all([registrationOf(db, reservationId), stays.companions(db, reservationId), readSettings(db)]);
  return {
    reservation_id: stay.id,
    hotel: legalOf(settings),
    room: stay.roomName,
    arrival: stay.arrival,
    departure: stay.departure,
    guest_count: stay.guestCount,
    guest: {
      name: [stay.guest.firstName, stay.guest.lastName].filter(Boolean).join(' ') || stay.guest.email,
      email: stay.guest.email,
      phone: stay.guest.phone,
      language: stay.guest.language,
    },
    companions,
    registration: presentRegistration(registration, checkInOpen(stay, now)),
  };
}

/** One round of reminders: stays arriving in two days whose guest has not checked in online. Answers how many letters went. */
export async function sendCheckInReminders(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  const arrival = addDays(hotelToday(now), CHECK_IN_REMINDER_DAYS);
  const origin = siteOrigin(app.env);
  const stays = folioStaysOf(app);
  let sent = 0;
  for (const id of await takeDueReminders(app.db, await stays.arrivingOn(app.db, arrival), now, 200)) {
    const stay = await stays.stay(app.db, id);
    if (!stay || !stay.guest.email || !stay.guest.isActive) continue;
    const language = stay.guest.language;
    const mail = checkInReminderLetter(
      language,
      { id, name: stay.guest.firstName, room: stay.roomName[language], arrival: stay.arrival },
      origin ? `${origin}${PAGE_PATHS.account.checkIn}?id=${id}` : null,
    );
    try {
      await app.mailer.send({ to: stay.guest.email, subject: mail.subject, text: mail.text, html: mail.html });
      sent += 1;
    } catch (error) {
      app.log.error({ err: error, reservationId: id }, 'check-in reminder not sent: tried again next round');
      await releaseReminder(app.db, id).catch(() => {});
    }
  }
  return sent;
}

/** Erases the document data of stays that departed more than the set number of days ago; each erasure in the change log. */
export async function eraseExpiredRegistrations(app: FastifyInstance, now: Date = new Date()): Promise<number[]> {
  const { document_retention_days: days } = await readSettings(app.db);
  const lastDeparture = addDays(hotelToday(now), -days);
  const stays = folioStaysOf(app);
  return app.db.transaction(async (tx) => {
    const departed = await stays.departedBy(tx, await keptDocuments(tx), lastDeparture);
    const erased = await eraseRegistrations(tx, departed, now, 500);
    for (const id of erased) {
      await auditBySystem(tx, { action: 'registration.erase', target: `reservation ${id}`, before: { document: 'kept' }, after: { document: 'erased', retention_days: days } });
    }
    return erased;
  });
}

/** The reminders and the erasure, on a timer once per cluster (CHECK_IN_INTERVAL_SECONDS; 0: never). */
export const checkInJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const seconds = app.env.CHECK_IN_INTERVAL_SECONDS;
    if (seconds <= 0) return;
    let job: JobSchedule | undefined;
    app.addHook('onReady', async () => {
      job = scheduleJob(app.jobLocks, { name: 'check-in', intervalMs: seconds * 1000, firstAfterMs: Math.min(60_000, seconds * 1000), log: app.log }, async () => {
        await sendCheckInReminders(app);
        await eraseExpiredRegistrations(app);
      });
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  },
  { name: 'check-in-jobs' },
);
