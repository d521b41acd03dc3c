/**
 * A table booked on the site, by the JSON route and by the form posted without scripts alike: an
 * e-mail not proved the booker's (anyone but an activated account giving its own address) is
 * counted against the day's caps, holds its seats briefly and gets the short letter with the link;
 * a proved one gets the full letter (docs/decisions/048-table-confirmation.md).
 */
import type { FastifyRequest } from 'fastify';
import { sendTableConfirmLetter, sendTableMail } from './table-mail';
import { tellReceptionOfTable } from './table-notice';
import { bookTable, type TableRequest } from './table-bookings';

export async function bookTableOnSite(request: FastifyRequest, details: Omit<TableRequest, 'source' | 'userId' | 'createdBy' | 'unconfirmed'>, at: Date) {
  const user = request.user;
  const env = request.server.env;
  const ownAddress = user !== null && user.isActive && details.email === user.email;
  const booked = await bookTable(
    request.server.db,
    {
      ...details,
      source: 'site',
      userId: user?.id ?? null,
      createdBy: null,
      unconfirmed: ownAddress
        ? null
        : {
            clientAddress: request.ip,
            holdMinutes: env.TABLE_UNCONFIRMED_HOLD_MINUTES,
            perAddressPerDay: env.TABLE_BOOKINGS_PER_ADDRESS_PER_DAY,
            perEmailPerDay: env.TABLE_BOOKINGS_PER_EMAIL_PER_DAY,
          },
    },
    at,
  );
  if (booked.token) await sendTableConfirmLetter(request, booked.row, booked.token, env.TABLE_UNCONFIRMED_HOLD_MINUTES);
  else await sendTableMail(request, booked.row, booked.row.status === 'confirmed' ? 'confirmed' : 'requested');
  // An address not yet proved is told of when its link is followed (routes.ts).
  if (!booked.token) tellReceptionOfTable(request, booked.row);
  return booked;
}
