/**
 * /restaurant/book without scripts (issue 48, point 11; docs/decisions/029-early-taps.md): the page
 * is drawn on request with the hotel's day in its form (plugins/rendered-pages.ts), and the form
 * posts here as a plain form. The table is booked as POST restaurant/tables/ books it, letter
 * included; the answer sends the guest back to the page, whose address says what happened: the
 * table booked (its day, time and party, nothing personal), or the day and party with what went
 * wrong.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { firstTableDay, tableBookingSchema, tableTimesLeft, type Language } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { dataPage } from '../../plugins/rendered-pages';
import { strictRateLimit } from '../auth/rate-limit';
import { presentTable } from './present';
import { bookTableOnSite } from './site-booking';

const PAGE = '/restaurant/book';
/** The names the page reads from its address (apps/web's table-booking-form.tsx), in this order. */
const ADDRESS_NAMES = ['date', 'party', 'booked', 'time', 'until', 'failed'] as const;

export const tableBookPage = dataPage({
  path: PAGE,
  // Drawn from no rows: the day's free times are asked by the app; without it, the server checks the time on posting.
  drawnFrom: [],
  read: async () => [],
  present: () => ({}),
  // The form opens on the first day with a time left and lists the times still ahead, as the
  // day's answer will: drawn again when a time goes.
  clock: (now) => {
    const day = firstTableDay(now);
    return `${day} ${tableTimesLeft(day, now)[0]}`;
  },
  address: (request) => {
    const params = new URL(request.url, 'http://x').searchParams;
    const kept = ADDRESS_NAMES.flatMap((name) => {
      const value = params.get(name);
      return value === null || value.length > 40 ? [] : [[name, value]];
    });
    return kept.length === 0 ? PAGE : `${PAGE}?${new URLSearchParams(kept).toString()}`;
  },
});

export type TableBookFailure = 'invalid' | 'email' | 'full' | 'limit';

function backToPage(reply: FastifyReply, query: Record<string, string>) {
  return reply.code(303).header('location', `${PAGE}?${new URLSearchParams(query).toString()}`).header('cache-control', 'no-store').send();
}

export async function tableBookPageRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(PAGE, { config: strictRateLimit(app), schema: { hide: true } }, async (request, reply) => {
    const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const text = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
    const language: Language = text('language') === 'en' ? 'en' : 'ru';
    const kept = { date: text('date').slice(0, 10), party: text('party').slice(0, 3) };
    const failed = (reason: TableBookFailure) => backToPage(reply, { ...kept, failed: reason });
    const parsed = tableBookingSchema().safeParse({
      date: text('date'),
      time: text('time'),
      party: Number(text('party')),
      name: text('name'),
      phone: text('phone'),
      email: text('email') || undefined,
      wishes: text('wishes'),
      language,
    });
    if (!parsed.success) return failed('invalid');
    const user = request.user;
    const email = parsed.data.email ?? user?.email ?? null;
    if (!email) return failed('email');
    try {
      const at = new Date();
      const { row, token } = await bookTableOnSite(request, { ...parsed.data, email }, at);
      const table = presentTable(row, at);
      const where = { date: table.date, time: table.time, party: String(table.party) };
      // The address says nothing the booker typed: an unproved e-mail's table says only until when it is kept.
      if (token && table.hold_until) return backToPage(reply, { booked: 'awaiting', ...where, until: table.hold_until });
      return backToPage(reply, { booked: table.status === 'confirmed' ? 'confirmed' : 'requested', ...where });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 409) return failed('full');
      if (error instanceof HttpError && error.statusCode === 429) return failed('limit');
      throw error;
    }
  });
}
