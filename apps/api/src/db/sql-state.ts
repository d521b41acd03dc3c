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

/** What node-postgres and Node say when the connection to the server is gone or cannot be made. */
const CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended)/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * The database cannot be reached right now, as opposed to a statement that failed: class 08
 * (connection exception), 57P01–57P03 (the server shutting down, crashed or starting up), 53300
 * (too many connections), a socket refused or reset, node-postgres' connection messages. The
 * request may be retried in a moment, on this instance or another.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}
