/**
 * Mail's table: letters counted per recipient per day.
 */
import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Letters per recipient per hotel day (MAIL_PER_RECIPIENT_PER_DAY): counted in the database so
 * that every instance shares the count. The recipient is kept as a SHA-256 of the address.
 */
export const mailRecipientDays = pgTable(
  'mail_recipient_days',
  {
    recipientHash: text('recipient_hash').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.recipientHash, t.day] })],
);
