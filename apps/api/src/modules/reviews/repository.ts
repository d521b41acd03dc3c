/**
 * The reviews module's SQL: the guests' reviews and the letters asking for them. It writes only
 * `reviews` and `review_requests`; it reads reservations and orders to know which of them are
 * finished and whose they are.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CHECK_OUT_TIME, HOTEL_TIME_ZONE, type LocalizedText, type ReviewKind, type ReviewState } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { users } from '../auth/tables';
import { reviewRequests, reviews } from './tables';

export type ReviewRow = typeof reviews.$inferSelect;

/** A review with its author's name and e-mail, as every list reads it. */
export interface ReviewWithAuthor extends ReviewRow {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The moment a stay's check-out is (its departure day at CHECK_OUT_TIME, the hotel's clock). */
const checkOutMoment = (stay: SQL) => sql`((upper(${stay})::timestamp + ${CHECK_OUT_TIME}::time) AT TIME ZONE ${HOTEL_TIME_ZONE})`;

/** Stays that took place and are over: neither cancelled nor a no-show, past check-out. */
const FINISHED_STAY = sql`r.canceled_at IS NULL AND r.no_show_at IS NULL AND ${checkOutMoment(sql`r.stay`)} <= now()`;
/** Orders handed to the guest. */
const DELIVERED_ORDER = sql`o.status = 'completed'`;

export interface SubjectRow {
  userId: number;
  finished: boolean;
}

/** Whose the stay or order is and whether it is over, or undefined when there is none. */
export async function findSubject(db: Db, kind: ReviewKind, id: number): Promise<SubjectRow | undefined> {
  const [row] =
    kind === 'stay'
      ? await rows<{ user_id: number; finished: boolean }>(db, sql`SELECT r.user_id, (${FINISHED_STAY}) AS finished FROM reservations r WHERE r.id = ${id}`)
      : await rows<{ user_id: number; finished: boolean }>(db, sql`SELECT o.user_id, (${DELIVERED_ORDER}) AS finished FROM orders o WHERE o.id = ${id}`);
  return row && { userId: Number(row.user_id), finished: row.finished === true || (row.finished as unknown) === 't' };
}

/** Adds the review; answers null when the stay or order has one already (the unique indexes). */
export async function insertReview(
  db: Db,
  review: { userId: number; kind: ReviewKind; subjectId: number; stars: number; text: string; language: ReviewRow['language'] },
): Promise<ReviewRow | null> {
  const [row] = await db
    .insert(reviews)
    .values({
      userId: review.userId,
      kind: review.kind,
      reservationId: review.kind === 'stay' ? review.subjectId : null,
      orderId: review.kind === 'order' ? review.subjectId : null,
      stars: review.stars,
      text: review.text,
      language: review.language,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

const withAuthor = {
  id: reviews.id,
  userId: reviews.userId,
  kind: reviews.kind,
  reservationId: reviews.reservationId,
  orderId: reviews.orderId,
  stars: reviews.stars,
  text: reviews.text,
  language: reviews.language,
  state: reviews.state,
  answer: reviews.answer,
  answeredAt: reviews.answeredAt,
  moderatedAt: reviews.moderatedAt,
  createdAt: reviews.createdAt,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** The newest approved reviews of a kind, and the count and mean of all of them. */
export async function approvedReviews(db: Db, kind: ReviewKind, limit: number): Promise<{ list: ReviewWithAuthor[]; count: number; average: number | null }> {
  const list = await db
    .select(withAuthor)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.kind, kind), eq(reviews.state, 'approved')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  const [summary] = await rows<{ n: number; mean: string | number | null }>(
    db,
    sql`SELECT count(*)::int AS n, round(avg(stars)::numeric, 1) AS mean FROM reviews WHERE kind = ${kind} AND state = 'approved'`,
  );
  return { list, count: Number(summary?.n ?? 0), average: summary?.mean == null ? null : Number(summary.mean) };
}

/** Staff's list: newest first, by state and kind. */
export async function listReviews(db: Db, filter: { state?: ReviewState; kind?: ReviewKind }, limit: number): Promise<ReviewWithAuthor[]> {
  return db
    .select(withAuthor)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(filter.state ? eq(reviews.state, filter.state) : undefined, filter.kind ? eq(reviews.kind, filter.kind) : undefined))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/** How many reviews are in each state (of the kind, when given). */
export async function countByState(db: Db, kind?: ReviewKind): Promise<Record<ReviewState, number>> {
  const found = await rows<{ state: ReviewState; n: number }>(
    db,
    sql`SELECT state, count(*)::int AS n FROM reviews ${kind ? sql`WHERE kind = ${kind}` : sql``} GROUP BY state`,
  );
  const counts: Record<ReviewState, number> = { pending: 0, approved: 0, hidden: 0 };
  for (const row of found) counts[row.state] = Number(row.n);
  return counts;
}

export async function findReview(db: Db, id: number): Promise<ReviewWithAuthor | undefined> {
  const [row] = await db.select(withAuthor).from(reviews).innerJoin(users, eq(users.id, reviews.userId)).where(eq(reviews.id, id));
  return row;
}

/** What staff change of a review, as the change log keeps it: whether it is shown, and its answer. */
export type Moderated = {
  shown: boolean;
  answer: string | null;
};

/**
 * Staff's change: its state, its answer ('' takes it away). Answers the review before and after,
 * or null when there is no such review; the row is locked until the transaction ends.
 */
export async function moderateReview(
  tx: Tx,
  id: number,
  change: { state?: 'approved' | 'hidden'; answer?: string },
): Promise<{ before: Moderated; after: Moderated } | null> {
  const [was] = await tx.select({ state: reviews.state, answer: reviews.answer }).from(reviews).where(eq(reviews.id, id)).for('update');
  if (!was) return null;
  const now = new Date();
  const [row] = await tx
    .update(reviews)
    .set({
      ...(change.state ? { state: change.state, moderatedAt: now } : {}),
      ...(change.answer !== undefined ? { answer: change.answer || null, answeredAt: change.answer ? now : null } : {}),
    })
    .where(eq(reviews.id, id))
    .returning({ state: reviews.state, answer: reviews.answer });
  return { before: { shown: was.state === 'approved', answer: was.answer }, after: { shown: row!.state === 'approved', answer: row!.answer } };
}

export interface ReviewableRow {
  kind: ReviewKind;
  subjectId: number;
  room: LocalizedText | null;
  from: string;
  to: string;
  reviewId: number | null;
}

/** The guest's finished stays and delivered orders, newest first, with the id of their review if any. */
export async function reviewables(db: Db, userId: number): Promise<ReviewableRow[]> {
  const found = await rows<{ kind: ReviewKind; subject_id: number; room: LocalizedText | null; from: string; to: string; review_id: number | null; at: string }>(
    db,
    sql`
      SELECT 'stay' AS kind, r.id AS subject_id, rm.name AS room, lower(r.stay)::text AS "from", upper(r.stay)::text AS "to",
             v.id AS review_id, upper(r.stay)::timestamp AS at
      FROM reservations r
      JOIN rooms rm ON rm.id = r.room_id
      LEFT JOIN reviews v ON v.reservation_id = r.id
      WHERE r.user_id = ${userId} AND ${FINISHED_STAY}
      UNION ALL
      SELECT 'order', o.id, NULL, d.day::text, d.day::text, v.id, coalesce(o.delivered_at, o.updated_at) AT TIME ZONE ${HOTEL_TIME_ZONE}
      FROM orders o
      CROSS JOIN LATERAL (SELECT (coalesce(o.delivered_at, o.updated_at) AT TIME ZONE ${HOTEL_TIME_ZONE})::date AS day) d
      LEFT JOIN reviews v ON v.order_id = o.id
      WHERE o.user_id = ${userId} AND ${DELIVERED_ORDER}
      ORDER BY at DESC, subject_id DESC
      LIMIT 100`,
  );
  return found.map((row) => ({
    kind: row.kind,
    subjectId: Number(row.subject_id),
    room: typeof row.room === 'string' ? (JSON.parse(row.room) as LocalizedText) : row.room,
    from: row.from,
    to: row.to,
    reviewId: row.review_id === null ? null : Number(row.review_id),
  }));
}

export async function reviewsOf(db: Db, userId: number): Promise<ReviewWithAuthor[]> {
  return db.select(withAuthor).from(reviews).innerJoin(users, eq(users.id, reviews.userId)).where(eq(reviews.userId, userId));
}

export interface DueRequest {
  kind: ReviewKind;
  subjectId: number;
  userId: number;
  email: string;
  firstName: string | null;
  language: ReviewRow['language'];
  isActive: boolean;
  room: LocalizedText | null;
}

/**
 * Takes the letters due: stays and orders that ended within the last `withinDays` days, not
 * reviewed and not asked about yet. Each is recorded as asked in the same statement, so another
 * round (or instance) never takes it again.
 */
export async function takeDueRequests(db: Db, withinDays: number, limit: number): Promise<DueRequest[]> {
  const found = await rows<{ kind: ReviewKind; subject_id: number; user_id: number }>(
    db,
    sql`
      WITH due AS (
        SELECT 'stay'::review_kind AS kind, r.id AS subject_id, r.user_id
        FROM reservations r
        WHERE ${FINISHED_STAY} AND ${checkOutMoment(sql`r.stay`)} > now() - make_interval(days => ${withinDays}::int)
          AND NOT EXISTS (SELECT 1 FROM reviews v WHERE v.reservation_id = r.id)
        UNION ALL
        SELECT 'order'::review_kind, o.id, o.user_id
        FROM orders o
        WHERE ${DELIVERED_ORDER} AND coalesce(o.delivered_at, o.updated_at) > now() - make_interval(days => ${withinDays}::int)
          AND NOT EXISTS (SELECT 1 FROM reviews v WHERE v.order_id = o.id)
      )
      INSERT INTO review_requests (kind, subject_id, user_id)
      SELECT kind, subject_id, user_id FROM due
      WHERE NOT EXISTS (SELECT 1 FROM review_requests q WHERE q.kind = due.kind AND q.subject_id = due.subject_id)
      ORDER BY subject_id
      LIMIT ${limit}
      ON CONFLICT DO NOTHING
      RETURNING kind, subject_id, user_id`,
  );
  if (found.length === 0) return [];
  const details = await rows<{ id: number; email: string; first_name: string | null; language: ReviewRow['language']; is_active: boolean }>(
    db,
    sql`SELECT id, email, first_name, language, is_active FROM users WHERE id IN (${sql.join(
      found.map((row) => sql`${row.user_id}`),
      sql`, `,
    )})`,
  );
  const byId = new Map(details.map((row) => [Number(row.id), row]));
  const stays = found.filter((row) => row.kind === 'stay').map((row) => Number(row.subject_id));
  const rooms =
    stays.length === 0
      ? []
      : await rows<{ id: number; name: LocalizedText | string }>(
          db,
          sql`SELECT r.id, rm.name FROM reservations r JOIN rooms rm ON rm.id = r.room_id WHERE r.id IN (${sql.join(
            stays.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
  const roomOf = new Map(rooms.map((row) => [Number(row.id), typeof row.name === 'string' ? (JSON.parse(row.name) as LocalizedText) : row.name]));
  return found.flatMap((row) => {
    const user = byId.get(Number(row.user_id));
    if (!user) return [];
    return [
      {
        kind: row.kind,
        subjectId: Number(row.subject_id),
        userId: Number(row.user_id),
        email: user.email,
        firstName: user.first_name,
        language: user.language,
        isActive: user.is_active === true || (user.is_active as unknown) === 't',
        room: row.kind === 'stay' ? (roomOf.get(Number(row.subject_id)) ?? null) : null,
      },
    ];
  });
}

/** Gives a request back (its letter was not sent): the next round asks again. */
export async function releaseRequest(db: Db, kind: ReviewKind, subjectId: number): Promise<void> {
  await db.delete(reviewRequests).where(and(eq(reviewRequests.kind, kind), eq(reviewRequests.subjectId, subjectId)));
}

/** The letters asked so far, for tests and the log. */
export async function requestCount(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM review_requests`);
  return Number(row?.n ?? 0);
}
