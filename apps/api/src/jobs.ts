/**
 * Timers that must run once per cluster, not once per instance: settling pending payments and
 * importing booking sites' calendars. Two instances on one PostgreSQL would otherwise ask the
 * provider twice about each payment and read each feed twice (docs/decisions/034-beyond-one-machine.md).
 *
 * Ticks are numbered by the wall clock (tick n starts at n × interval), so every instance fires
 * the same tick at about the same moment. On PostgreSQL an instance runs a tick only when it takes
 * two advisory locks on a connection of its own: the tick's, which it keeps until its next tick so
 * that an instance firing late finds the tick taken, and the job's, held while the work runs so that
 * a long round never overlaps another instance's. A connection that dies (the instance with it)
 * gives both back; the next tick goes to whoever asks first. On the embedded database there is
 * one process, and every tick runs there.
 */
import type pg from 'pg';
import { advisoryUnlock, ownConnection, tryAdvisoryLock } from './db/repository';

export interface JobClaim {
  /** Gives back the job's lock; the tick's stays taken until this instance's next tick. */
  finished(): Promise<void>;
}

export interface JobLocks {
  /** This instance's right to run `job`'s tick, or null when another instance has it or runs the job. */
  claim(job: string, tick: number): Promise<JobClaim | null>;
  close(): Promise<void>;
}

/** The embedded database is one process's: every tick is this instance's. */
export function localJobLocks(): JobLocks {
  const granted: JobClaim = { finished: async () => {} };
  return { claim: async () => granted, close: async () => {} };
}

/** How the locks' connection is named in `pg_stat_activity`. */
export const JOBS_APPLICATION_NAME = 'hotel-jobs';

/** A job's lock key: a positive int4 from its name, the same on every instance. */
export function jobKey(job: string): number {
  let hash = 0x811c9dc5;
  for (const char of job) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash & 0x7fffffff;
}

/** The second key of a lock: 0 is the job's running lock, ticks are 1 and up (int4, wrapping). */
const RUNNING = 0;
const tickKey = (tick: number) => (tick % 0x7ffffffe) + 1;

export function serverJobLocks(connectionString: string): JobLocks {
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  /** The tick lock each job holds (on `client`). */
  const heldTicks = new Map<string, number>();

  const drop = (which: pg.Client) => {
    if (client !== which) return;
    client = undefined;
    // Whatever it held went with it.
    heldTicks.clear();
    which.end().catch(() => {});
  };

  const connection = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = ownConnection(connectionString, JOBS_APPLICATION_NAME);
      next.on('error', () => drop(next));
      next.on('end', () => drop(next));
      try {
        await next.connect();
      } catch (error) {
        next.end().catch(() => {});
        throw error;
      }
      client = next;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const tryLock = (connection: pg.Client, job: string, key: number) => tryAdvisoryLock(connection, jobKey(job), key);
  const unlock = (connection: pg.Client, job: string, key: number) => advisoryUnlock(connection, jobKey(job), key);

  return {
    async claim(job, tick) {
      // Session locks are re-entrant: a tick this connection holds is one it has run already.
      if (heldTicks.get(job) === tick) return null;
      const db = await connection();
      try {
        const took = await tryLock(db, job, tickKey(tick));
        // The previous tick's window is over either way: whoever fires it now is late.
        const previous = heldTicks.get(job);
        if (previous !== undefined && previous !== tick) {
          heldTicks.delete(job);
          await unlock(db, job, tickKey(previous));
        }
        if (!took) return null;
        heldTicks.set(job, tick);
        // The tick is this instance's, and spent even if another instance's round still runs.
        if (!(await tryLock(db, job, RUNNING))) return null;
      } catch (error) {
        drop(db);
        throw error;
      }
      return {
        async finished() {
          // A connection lost meanwhile has given the lock back already.
          if (client === db) await unlock(db, job, RUNNING).catch(() => drop(db));
        },
      };
    },
    async close() {
      const current = client ?? (await connecting?.catch(() => undefined));
      if (current) drop(current);
    },
  };
}

export interface JobOptions {
  /** The same on every instance: it names the locks. */
  name: string;
  intervalMs: number;
  /** When the first round runs, in the tick then current (default: at the first tick). */
  firstAfterMs?: number;
  log: { error(object: unknown, message: string): void; debug(object: unknown, message: string): void };
}

export interface JobSchedule {
  /** No further rounds; resolves once the running one is done. */
  stop(): Promise<void>;
}

/**
 * Runs `work` once per tick across the cluster. A round never overlaps this instance's previous
 * one; a failure is logged and the next tick still runs.
 */
export function scheduleJob(locks: JobLocks, options: JobOptions, work: (tick: number) => Promise<unknown>): JobSchedule {
  const { name, intervalMs, log } = options;
  let running: Promise<void> | null = null;
  let stopped = false;
  let first: NodeJS.Timeout | undefined;
  let next: NodeJS.Timeout | undefined;

  /** The newest tick this instance has tried: the first round and the timer may name the same one. */
  let lastTick = -1;
  const round = (tick: number) => {
    if (stopped || running || tick <= lastTick) return;
    lastTick = tick;
    running = (async () => {
      const claim = await locks.claim(name, tick);
      if (!claim) {
        log.debug({ job: name, tick }, 'job tick taken by another instance');
        return;
      }
      try {
        // Claimed after the tick's window closed (a slow connection, a busy machine): the instance
        // that ran it may have given its lock back when it took the next tick, so it is spent.
        if (Date.now() >= (tick + 1) * intervalMs) {
          log.debug({ job: name, tick }, 'job tick claimed too late');
          return;
        }
        await work(tick);
      } finally {
        await claim.finished();
      }
    })()
      .catch((error: unknown) => log.error({ err: error, job: name, tick }, 'job failed'))
      .finally(() => {
        running = null;
      });
  };

  // Each tick is scheduled from the clock, not from the previous timer, so rounds do not drift.
  const scheduleNext = () => {
    if (stopped) return;
    const tick = Math.floor(Date.now() / intervalMs) + 1;
    next = setTimeout(() => {
      round(tick);
      scheduleNext();
    }, tick * intervalMs - Date.now());
    next.unref();
  };

  if (options.firstAfterMs !== undefined) {
    first = setTimeout(() => round(Math.floor(Date.now() / intervalMs)), options.firstAfterMs);
    first.unref();
  }
  scheduleNext();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearTimeout(next);
      await running;
    },
  };
}
