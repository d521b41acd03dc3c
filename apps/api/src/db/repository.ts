/**
 * The database's own statements, about no owner's table: whether it answers, which migrations it
 * has, fresh planner statistics, and the advisory locks the timers share (jobs.ts). The code that
 * decides what they mean (lifecycle.ts, health/, jobs.ts) calls these and writes no SQL.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';
import { oneQueryAtATime } from './one-query-at-a-time';

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Fresh statistics for the planner. Tables filled by a migration or a seed are otherwise planned
 * as if empty or guessed (140 rows for eight rooms) until autovacuum comes round, which PGlite,
 * running no background workers, never does.
 */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/** The `created_at` of the newest migration applied (drizzle's record: the journal's `when`); null before any, or when unreadable. */
export async function newestAppliedMigration(db: Db): Promise<number | null> {
  try {
    const { rows } = (await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { newest: string | null }[];
    };
    return Number(rows[0]?.newest ?? 0);
  } catch {
    return null;
  }
}

/**
 * A connection of its own to PostgreSQL, named in `pg_stat_activity`, for what a pool's connections
 * cannot hold: session-level advisory locks, LISTEN.
 */
export function ownConnection(connectionString: string, applicationName: string): pg.Client {
  return oneQueryAtATime(new pg.Client({ connectionString, application_name: applicationName }));
}

/** Takes the session advisory lock (key, second key) unless another session holds it. */
export async function tryAdvisoryLock(client: pg.Client, key: number, second: number): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [key, second]);
  return rows[0]!.ok;
}

export async function advisoryUnlock(client: pg.Client, key: number, second: number): Promise<void> {
  await client.query('select pg_advisory_unlock($1, $2)', [key, second]);
}
