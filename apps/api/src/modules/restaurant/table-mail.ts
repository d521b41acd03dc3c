/**
 * Tells the guest about their table by e-mail in the language they booked in, with the table as an
 * .ics calendar event: requested (tentative), confirmed, moved, cancelled. A table without an
 * address gets no letter, nor one whose address is not confirmed: that one gets only the short
 * letter with the confirmation link, without a word the booker typed
 * (docs/decisions/048-table-confirmation.md). A mail failure is logged and never undoes the change.
 */
import type { FastifyRequest } from 'fastify';
import { HOTEL_TIME_ZONE, tableEnds, clockOfMinutes, venue } from '@hotel/domain';
import { buildIcs, hotelUtcOffset } from '../../mail/ics';
import { tableConfirmAddressMail, tableMail, type TableMailKind } from '../../mail/templates/table';
import { text } from '../../i18n';
import { publicOrigin } from '../uploads/public-url';
import type { TableRow } from './repository';

export const tableUid = (id: number) => `table-${id}@${venue.email.split('@')[1]}`;

/**
 * The confirmation page of the web app; the secret rides in the fragment, which no server, log or
 * Referer header ever sees, and `lang` opens the page in the booking's language.
 */
export const tableConfirmUrl = (request: FastifyRequest, token: string, language: TableRow['language']) =>
  `${publicOrigin(request)}/restaurant/book/confirm?lang=${language}#${token}`;

export async function sendTableConfirmLetter(request: FastifyRequest, row: TableRow, token: string, holdMinutes: number): Promise<void> {
  if (!row.email) return;
  const time = clockOfMinutes(row.startMinute);
  const mail = tableConfirmAddressMail(
    { date: row.day, time, ends: tableEnds(time), party: row.party, confirmUrl: tableConfirmUrl(request, token, row.language), holdMinutes },
    row.language,
  );
  try {
    await request.server.mailer.send({ to: row.email, subject: mail.subject, text: mail.text, html: mail.html });
  } catch (error) {
    request.log.error({ err: error, tableId: row.id }, 'table confirmation letter not sent');
  }
}

export async function sendTableMail(request: FastifyRequest, row: TableRow, kind: TableMailKind): Promise<void> {
  if (!row.email || !row.emailConfirmedAt) return;
  const language = row.language;
  const time = clockOfMinutes(row.startMinute);
  const ends = tableEnds(time);
  const accountUrl = row.userId ? `${publicOrigin(request)}/account/reservations` : null;
  const mail = tableMail(kind, { id: row.id, name: row.name, date: row.day, time, ends, party: row.party, wishes: row.wishes, accountUrl }, language);
  const method = kind === 'cancelled' ? 'CANCEL' : 'PUBLISH';
  const stamp = new Date();
  const ics = buildIcs({
    uid: tableUid(row.id),
    stamp,
    // Each later letter's event replaces the one before: its SEQUENCE grows with the seconds since booking.
    sequence: kind === 'requested' ? 0 : Math.max(1, Math.floor((stamp.getTime() - row.createdAt.getTime()) / 1000)),
    method,
    tentative: kind === 'requested',
    start: { date: row.day, time },
    end: { date: row.day, time: ends },
    timeZone: HOTEL_TIME_ZONE,
    utcOffset: hotelUtcOffset(row.day),
    summary: text(language, 'table.summary', { venue: venue.name[language] }),
    location: `${venue.name[language]}, ${venue.address.street[language]}, ${venue.address.city[language]}, ${venue.address.country[language]}`,
    description: mail.subject,
    ...(accountUrl ? { url: accountUrl } : {}),
    organizer: { name: venue.name[language], email: venue.email },
  });
  try {
    await request.server.mailer.send({
      to: row.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [{ filename: `house1799-table-${row.id}.ics`, content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` }],
    });
  } catch (error) {
    request.log.error({ err: error, tableId: row.id }, 'table mail not sent');
  }
}
