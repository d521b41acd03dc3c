/**
 * The account module's tables: the guests a user books for and their delivery addresses.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../auth/tables';

/** People a user books rooms for (the user counts as a guest themselves). */
export const guests = pgTable(
  'guests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    secondName: text('second_name'),
    createdAt: createdAt(),
  },
  (t) => [index('guests_user_idx').on(t.userId)],
);

/** Delivery addresses of a user; at most one is primary. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: text('address').notNull(),
    entrance: integer('entrance'),
    floor: integer('floor'),
    apartment: integer('apartment'),
    intercom: text('intercom'),
    comment: text('comment'),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_primary_per_user').on(t.userId).where(sql`${t.isPrimary}`),
    check('addresses_positive_numbers', sql`coalesce(${t.entrance}, 1) > 0 AND coalesce(${t.floor}, 1) > 0 AND coalesce(${t.apartment}, 1) > 0`),
  ],
);
