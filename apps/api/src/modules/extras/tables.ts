/**
 * The extras module's tables (decision 044): the extras sold with a stay and those a booking took.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, serial } from 'drizzle-orm/pg-core';
import { EXTRA_COUNTS } from '@hotel/domain';
import { createdAt, localized, type StoredImage } from '../../db/columns';
import { upperKey } from '../../db/keys';

/**
 * Extras with the stay (issue 23, point 5; decision 044): breakfast, a transfer, a late check-out,
 * parking. `counts` says how the price is taken (rules/extras.ts); `room_ids` null offers it in
 * every room. Staff deactivate an extra rather than delete it: bookings keep their lines anyway.
 */
export const stayExtraCountEnum = pgEnum('stay_extra_count', EXTRA_COUNTS);

export const stayExtras = pgTable(
  'stay_extras',
  {
    id: serial('id').primaryKey(),
    name: localized('name'),
    description: localized('description'),
    price: integer('price').notNull(),
    counts: stayExtraCountEnum('counts').notNull(),
    image: jsonb('image').$type<StoredImage | null>(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The rooms that offer it; null: every room. */
    roomIds: integer('room_ids').array(),
    createdAt: createdAt(),
  },
  (t) => [check('stay_extras_price_positive', sql`${t.price} > 0`)],
);

/**
 * The extras a reservation took, priced at booking: the names, the unit price and the total are
 * kept as they were, whatever staff change later. Their sum is part of `reservations.price`, never
 * of the first-night fee.
 */
export const reservationExtras = pgTable(
  'reservation_extras',
  {
    id: serial('id').primaryKey(),
    /** The hotel module's reservation the extra was booked with. */
    reservationId: integer('reservation_id')
      .notNull()
      .references(upperKey('reservation'), { onDelete: 'cascade' }),
    extraId: integer('extra_id').references(() => stayExtras.id, { onDelete: 'set null' }),
    name: localized('name'),
    counts: stayExtraCountEnum('counts').notNull(),
    quantity: integer('quantity').notNull(),
    /** The nights the price is taken for; 1 for a per-stay or per-trip extra. */
    times: integer('times').notNull(),
    unitPrice: integer('unit_price').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    index('reservation_extras_reservation_idx').on(t.reservationId),
    check('reservation_extras_amounts', sql`${t.quantity} > 0 AND ${t.times} > 0 AND ${t.unitPrice} > 0 AND ${t.total} = ${t.unitPrice} * ${t.quantity} * ${t.times}`),
  ],
);
