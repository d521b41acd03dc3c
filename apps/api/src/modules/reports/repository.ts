/**
 * Every figure of the owner's reports, as SQL over reservations, room holds, orders and their
 * dishes (the money's figures are the payments page's own, payments/ledger.ts). A period is a
 * range of hotel days (Europe/Minsk), both included; the definitions are the domain's
 * (packages/domain/src/schemas/reports.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { HOTEL_TIME_ZONE, type LocalizedText, type ReportPage, type RestaurantSummary, type RoomSummary } from '@hotel/domain';
import type { Db } from '../../db/client';

export interface Period {
  from: string;
  to: string;
}

type Rooms = ReportPage['rooms'];
type Restaurant = ReportPage['restaurant'];

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A timestamp's hotel day. */
const hotelDay = (column: SQL) => sql`(${column} AT TIME ZONE ${HOTEL_TIME_ZONE})::date`;

/**
 * A timestamp within the period's hotel days, as bounds computed once: an index (or a plain scan)
 * compares instants instead of converting every row to the hotel's clock.
 */
const during = (column: SQL, p: Period) =>
  sql`${column} >= (${p.from}::date::timestamp AT TIME ZONE ${HOTEL_TIME_ZONE}) AND ${column} < ((${p.to}::date + 1)::timestamp AT TIME ZONE ${HOTEL_TIME_ZONE})`;

/** The period as a range of nights: its first day up to the day after its last. */
const nightsOf = (p: Period) => sql`daterange(${p.from}::date, ${p.to}::date + 1)`;

/** The nights of `stay` inside the period. */
const nightsInside = (stay: SQL, p: Period) => sql`(least(upper(${stay}), ${p.to}::date + 1) - greatest(lower(${stay}), ${p.from}::date))`;

/** Stays that were sold by the site: neither cancelled nor a no-show. */
const SOLD = sql`r.canceled_at IS NULL AND r.no_show_at IS NULL`;

/** A booking's extras' lines: its price less them is what its nights cost (decision 044). */
const extrasOf = (reservation: SQL) => sql`(SELECT coalesce(sum(x.total), 0) FROM reservation_extras x WHERE x.reservation_id = ${reservation})`;

/** A share of a booking's amount for its nights inside the period, spread evenly over its nights. */
const forNightsInside = (amount: SQL, stay: SQL, p: Period) => sql`${amount}::numeric * ${nightsInside(stay, p)} / (upper(${stay}) - lower(${stay}))`;

/** What succeeded charges of a booking's `purpose` brought in, less what was refunded of them. */
const keptOf = (reservation: SQL, purpose: 'reservation_fee' | 'stay') => sql`(
  SELECT coalesce(sum(pay.amount - coalesce((SELECT sum(back.amount) FROM refunds back WHERE back.payment_id = pay.id AND back.status = 'succeeded'), 0)), 0)
  FROM payments pay WHERE pay.reservation_id = ${reservation} AND pay.purpose = ${purpose} AND pay.status = 'succeeded')`;

/** Orders counted as sales: paid and not cancelled since. */
const PAID = sql`o.paid_at IS NOT NULL AND o.status <> 'canceled'`;

const n = (value: unknown) => Number(value ?? 0);

export async function roomCount(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM rooms`);
  return n(row?.n);
}

/** Occupancy, ADR, RevPAR, extras and the money kept of stays not slept in, for one period (definitions: the domain's `roomSummarySchema`). */
export async function roomSummary(db: Db, p: Period, rooms: number): Promise<RoomSummary> {
  const [row] = await rows<Record<string, string | number | null>>(
    db,
    sql`
      WITH site AS (
        SELECT ${nightsInside(sql`r.stay`, p)} AS nights,
               ${forNightsInside(sql`(r.price - ${extrasOf(sql`r.id`)})`, sql`r.stay`, p)} AS revenue,
               ${forNightsInside(extrasOf(sql`r.id`), sql`r.stay`, p)} AS extras
        FROM reservations r
        WHERE ${SOLD} AND r.stay && ${nightsOf(p)}
      ),
      imported AS (
        SELECT ${nightsInside(sql`h.stay`, p)} AS nights FROM room_holds h WHERE h.kind = 'import' AND h.stay && ${nightsOf(p)}
      ),
      unslept AS (
        SELECT r.no_show_at, ${keptOf(sql`r.id`, 'reservation_fee')} AS fee, ${keptOf(sql`r.id`, 'stay')} AS prepaid
        FROM reservations r
        WHERE (r.no_show_at IS NOT NULL AND ${during(sql`r.no_show_at`, p)})
           OR (r.no_show_at IS NULL AND r.canceled_at IS NOT NULL AND r.payment_failed_at IS NULL AND ${during(sql`r.canceled_at`, p)})
      )
      SELECT
        (SELECT coalesce(sum(nights), 0) FROM site)::int AS site_nights,
        (SELECT coalesce(round(sum(revenue)), 0) FROM site)::bigint AS revenue,
        (SELECT coalesce(round(sum(extras)), 0) FROM site)::bigint AS extras_revenue,
        (SELECT coalesce(sum(nights), 0) FROM imported)::int AS imported_nights,
        (SELECT count(*) FROM reservations r WHERE ${SOLD} AND lower(r.stay) BETWEEN ${p.from}::date AND ${p.to}::date)::int AS bookings,
        (SELECT count(*) FROM unslept WHERE no_show_at IS NULL)::int AS cancellations,
        (SELECT count(*) FROM unslept WHERE no_show_at IS NOT NULL)::int AS no_shows,
        (SELECT coalesce(sum(fee), 0) FROM unslept)::bigint AS fees_charged,
        (SELECT coalesce(sum(prepaid), 0) FROM unslept)::bigint AS prepayments_kept
    `,
  );
  const days = Math.round((Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / 86_400_000) + 1;
  const available = rooms * days;
  const siteNights = n(row?.site_nights);
  const importedNights = n(row?.imported_nights);
  const revenue = n(row?.revenue);
  const feesCharged = n(row?.fees_charged);
  const prepaymentsKept = n(row?.prepayments_kept);
  const sold = siteNights + importedNights;
  return {
    available,
    sold,
    site_nights: siteNights,
    imported_nights: importedNights,
    revenue,
    extras_revenue: n(row?.extras_revenue),
    occupancy: available === 0 ? 0 : Math.min(1, sold / available),
    adr: siteNights === 0 ? 0 : Math.round(revenue / siteNights),
    revpar: available === 0 ? 0 : Math.round(revenue / available),
    bookings: n(row?.bookings),
    cancellations: n(row?.cancellations),
    no_shows: n(row?.no_shows),
    fees_charged: feesCharged,
    prepayments_kept: prepaymentsKept,
    kept: feesCharged + prepaymentsKept,
  };
}

/** Nights sold (the site's and booking sites') on each day of the period. */
export async function occupancyByDay(db: Db, p: Period, rooms: number): Promise<Rooms['by_day']> {
  const found = await rows<{ day: string; sold: number }>(
    db,
    sql`
      WITH held AS (
        SELECT r.stay FROM reservations r WHERE ${SOLD} AND r.stay && ${nightsOf(p)}
        UNION ALL
        SELECT h.stay FROM room_holds h WHERE h.kind = 'import' AND h.stay && ${nightsOf(p)}
      ),
      nights AS (
        SELECT g::date AS night
        FROM held, generate_series(greatest(lower(held.stay), ${p.from}::date), least(upper(held.stay), ${p.to}::date + 1) - 1, interval '1 day') g
      )
      SELECT to_char(d, 'YYYY-MM-DD') AS day, count(nights.night)::int AS sold
      FROM generate_series(${p.from}::date, ${p.to}::date, interval '1 day') d
      LEFT JOIN nights ON nights.night = d::date
      GROUP BY d ORDER BY d
    `,
  );
  return found.map((row) => ({ day: row.day, sold: n(row.sold), available: rooms, occupancy: rooms === 0 ? 0 : Math.min(1, n(row.sold) / rooms) }));
}

/** Each room's nights sold (the site's and booking sites') and the site's room revenue (without extras) in the period. */
export async function nightsByRoom(db: Db, p: Period): Promise<Rooms['by_room']> {
  const found = await rows<{ room_id: number; name: LocalizedText; nights: number; revenue: number }>(
    db,
    sql`
      WITH sold AS (
        SELECT r.room_id, ${nightsInside(sql`r.stay`, p)} AS nights,
               ${forNightsInside(sql`(r.price - ${extrasOf(sql`r.id`)})`, sql`r.stay`, p)} AS revenue
        FROM reservations r WHERE ${SOLD} AND r.stay && ${nightsOf(p)}
        UNION ALL
        SELECT h.room_id, ${nightsInside(sql`h.stay`, p)}, 0 FROM room_holds h WHERE h.kind = 'import' AND h.stay && ${nightsOf(p)}
      )
      SELECT rooms.id AS room_id, rooms.name, coalesce(sum(sold.nights), 0)::int AS nights, coalesce(round(sum(sold.revenue)), 0)::bigint AS revenue
      FROM rooms LEFT JOIN sold ON sold.room_id = rooms.id
      GROUP BY rooms.id ORDER BY rooms.position, rooms.id
    `,
  );
  return found.map((row) => ({ room_id: row.room_id, name: row.name, nights: n(row.nights), revenue: n(row.revenue) }));
}

/** Bookings of the site arriving in the period by their nights (14 stands for 14 or more). */
export async function lengthOfStay(db: Db, p: Period): Promise<Rooms['length_of_stay']> {
  const found = await rows<{ nights: number; bookings: number }>(
    db,
    sql`
      SELECT least(upper(r.stay) - lower(r.stay), 14) AS nights, count(*)::int AS bookings
      FROM reservations r WHERE ${SOLD} AND lower(r.stay) BETWEEN ${p.from}::date AND ${p.to}::date
      GROUP BY 1 ORDER BY 1
    `,
  );
  return found.map((row) => ({ nights: n(row.nights), bookings: n(row.bookings) }));
}

/** Where lead-time buckets start, in days between booking and arrival. */
export const LEAD_TIME_BUCKETS = [0, 1, 3, 7, 14, 30, 60, 90] as const;

/** Bookings of the site arriving in the period by the days between booking and arrival. */
export async function leadTime(db: Db, p: Period): Promise<Rooms['lead_time']> {
  const bounds = sql.raw(`ARRAY[${LEAD_TIME_BUCKETS.slice(1).join(',')}]`);
  const found = await rows<{ bucket: number; bookings: number }>(
    db,
    sql`
      SELECT width_bucket(greatest(lower(r.stay) - ${hotelDay(sql`r.created_at`)}, 0), ${bounds}) AS bucket, count(*)::int AS bookings
      FROM reservations r WHERE ${SOLD} AND lower(r.stay) BETWEEN ${p.from}::date AND ${p.to}::date
      GROUP BY 1
    `,
  );
  const counts = new Map(found.map((row) => [n(row.bucket), n(row.bookings)]));
  return LEAD_TIME_BUCKETS.map((days, index) => ({ days, bookings: counts.get(index) ?? 0 }));
}

/** Nights sold by the site, by each channel staff book through (phone, walk_in, email, booking_site; decision 056), and by each booking site's calendar (by the name staff gave the feed). */
export async function channels(db: Db, p: Period): Promise<Rooms['channels']> {
  const found = await rows<{ channel: string; nights: number }>(
    db,
    sql`
      SELECT 'site' AS channel, coalesce(sum(${nightsInside(sql`r.stay`, p)}), 0)::int AS nights
      FROM reservations r WHERE ${SOLD} AND r.channel = 'site' AND r.stay && ${nightsOf(p)}
      UNION ALL
      SELECT r.channel, sum(${nightsInside(sql`r.stay`, p)})::int
      FROM reservations r WHERE ${SOLD} AND r.channel <> 'site' AND r.stay && ${nightsOf(p)}
      GROUP BY r.channel
      UNION ALL
      SELECT f.name, sum(${nightsInside(sql`h.stay`, p)})::int
      FROM room_holds h JOIN calendar_feeds f ON f.id = h.feed_id
      WHERE h.kind = 'import' AND h.stay && ${nightsOf(p)}
      GROUP BY f.name
      ORDER BY nights DESC, channel
    `,
  );
  return found.map((row) => ({ channel: row.channel, nights: n(row.nights) }));
}

/** Orders paid and cancelled, revenue and the average order, by the day orders were placed. */
export async function restaurantSummary(db: Db, p: Period): Promise<RestaurantSummary> {
  const [row] = await rows<Record<string, number | string | null>>(
    db,
    sql`
      SELECT count(*) FILTER (WHERE ${PAID})::int AS paid,
             count(*) FILTER (WHERE o.status = 'canceled')::int AS canceled,
             coalesce(sum(o.total) FILTER (WHERE ${PAID}), 0)::bigint AS revenue
      FROM orders o WHERE ${during(sql`o.created_at`, p)}
    `,
  );
  const paid = n(row?.paid);
  const revenue = n(row?.revenue);
  return { paid, canceled: n(row?.canceled), revenue, average: paid === 0 ? 0 : Math.round(revenue / paid) };
}

export async function restaurantByDay(db: Db, p: Period): Promise<Restaurant['by_day']> {
  const found = await rows<{ day: string; orders: number; revenue: number }>(
    db,
    sql`
      WITH paid AS (
        SELECT ${hotelDay(sql`o.created_at`)} AS day, o.total FROM orders o
        WHERE ${PAID} AND ${during(sql`o.created_at`, p)}
      )
      SELECT to_char(d, 'YYYY-MM-DD') AS day, count(paid.day)::int AS orders, coalesce(sum(paid.total), 0)::bigint AS revenue
      FROM generate_series(${p.from}::date, ${p.to}::date, interval '1 day') d
      LEFT JOIN paid ON paid.day = d::date
      GROUP BY d ORDER BY d
    `,
  );
  return found.map((row) => ({ day: row.day, orders: n(row.orders), revenue: n(row.revenue) }));
}

/** Paid orders by ISO weekday and hour on the hotel clock; only the hours that had orders. */
export async function restaurantByHour(db: Db, p: Period): Promise<Restaurant['by_hour']> {
  const found = await rows<{ weekday: number; hour: number; orders: number; revenue: number }>(
    db,
    sql`
      SELECT extract(isodow FROM o.created_at AT TIME ZONE ${HOTEL_TIME_ZONE})::int AS weekday,
             extract(hour FROM o.created_at AT TIME ZONE ${HOTEL_TIME_ZONE})::int AS hour,
             count(*)::int AS orders, sum(o.total)::bigint AS revenue
      FROM orders o WHERE ${PAID} AND ${during(sql`o.created_at`, p)}
      GROUP BY 1, 2 ORDER BY 1, 2
    `,
  );
  return found.map((row) => ({ weekday: n(row.weekday), hour: n(row.hour), orders: n(row.orders), revenue: n(row.revenue) }));
}

export const TOP_DISHES = 10;

/** The dishes of paid orders by revenue, named as they were ordered. */
export async function topDishes(db: Db, p: Period): Promise<Restaurant['top_dishes']> {
  // Grouped by the two names as text: cheaper than comparing the jsonb they are kept in.
  const found = await rows<{ ru: string; en: string; quantity: number; revenue: number }>(
    db,
    sql`
      SELECT i.name->>'ru' AS ru, i.name->>'en' AS en, sum(i.quantity)::int AS quantity, sum(i.price * i.quantity)::bigint AS revenue
      FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE ${PAID} AND ${during(sql`o.created_at`, p)}
      GROUP BY 1, 2 ORDER BY revenue DESC, quantity DESC LIMIT ${TOP_DISHES}
    `,
  );
  return found.map((row) => ({ name: { ru: row.ru, en: row.en }, quantity: n(row.quantity), revenue: n(row.revenue) }));
}

/** Orders delivered in the period by the hour (hotel clock) they were delivered. */
export async function deliveryHours(db: Db, p: Period): Promise<Restaurant['delivery_hours']> {
  const found = await rows<{ hour: number; orders: number }>(
    db,
    sql`
      SELECT extract(hour FROM o.delivered_at AT TIME ZONE ${HOTEL_TIME_ZONE})::int AS hour, count(*)::int AS orders
      FROM orders o WHERE o.delivered_at IS NOT NULL AND ${during(sql`o.delivered_at`, p)}
      GROUP BY 1 ORDER BY 1
    `,
  );
  return found.map((row) => ({ hour: n(row.hour), orders: n(row.orders) }));
}
