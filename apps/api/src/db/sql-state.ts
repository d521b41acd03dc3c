/**
 * PostgreSQL's error codes (SQLSTATE) as node-postgres and PGlite report them, however drizzle wraps
 * them (`cause`): the one place that reads them.
 */

/** Whether an error carries this SQLSTATE. */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** SQLSTATE 23505 (unique_violation). */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** SQLSTATE 23P01 (exclusion_violation). */
export const isExclusionViolation = (error: unknown) => hasSqlState(error, '23P01');

/**
 * SQLSTATE 40P01 (deadlock_detected). Two bookings of the same nights at the same moment can each
 * wait for the other's check of an exclusion constraint (every booking is checked by two:
 * reservations' own and room_holds'); PostgreSQL then aborts one of them. It lost the race.
 */
export const isDeadlock = (error: unknown) => hasSqlState(error, '40P01');
