/**
 * Timers once per cluster (issue 22, point 2; jobs.ts): two instances on one PostgreSQL run each
 * tick of a job once between them, counted in the database, and an instance that dies in the
 * middle of a round lets the other take the next tick; their calendar import timers read each
 * booking site once per tick.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { calendarFeeds } from '../../src/db/schema';
import { jobKey, JOBS_APPLICATION_NAME, scheduleJob, type JobSchedule } from '../../src/jobs';
import { parseAllowedNetworks } from '../../src/modules/calendars/feed-address';
import { scheduleCalendarImports } from '../../src/modules/calendars/import';
import { createTestApp, type TestApp } from '../app';
import { insertRooms } from '../hotel-fixtures';
import { bookingComFeed, startBookingSites } from '../support/booking-sites';

const TICK_MS = 200;

/** A log that keeps what the scheduler says, so a test can wait for "tick taken" instead of sleeping. */
function recordingLog() {
  const lines: { level: string; object: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    error: (object: unknown, message: string) => lines.push({ level: 'error', object: object as Record<string, unknown>, message }),
    debug: (object: unknown, message: string) => lines.push({ level: 'debug', object: object as Record<string, unknown>, message }),
  };
}

async function runs(t: TestApp, job: string) {
  const { rows } = (await t.database.db.execute(
    sql`select tick::text, instance from job_test_runs where job = ${job} order by tick, instance`,
  )) as unknown as { rows: { tick: string; instance: string }[] };
  return rows;
}

describe('a job on the embedded database or one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' });
    await t.database.db.execute(sql`create table job_test_runs (job text not null, tick bigint not null, instance text not null)`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs every tick, never two rounds at once, and logs a failed round without stopping', async () => {
    const log = recordingLog();
    let inRound = 0;
    let overlapped = false;
    let failOnce = true;
    const schedule = scheduleJob(t.database.jobLocks, { name: 'solo', intervalMs: TICK_MS, firstAfterMs: 0, log }, async (tick) => {
      inRound += 1;
      overlapped ||= inRound > 1;
      try {
        if (failOnce) {
          failOnce = false;
          throw new Error('the provider did not answer');
        }
        await t.database.db.execute(sql`insert into job_test_runs values ('solo', ${tick}, 'a')`);
      } finally {
        inRound -= 1;
      }
    });
    try {
      await expect.poll(async () => (await runs(t, 'solo')).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    } finally {
      await schedule.stop();
    }
    expect(overlapped).toBe(false);
    expect(log.lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual(['job failed']);
    const ticks = (await runs(t, 'solo')).map((row) => row.tick);
    expect(new Set(ticks).size).toBe(ticks.length);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: Database;
  let admin: pg.Client;

  beforeAll(async () => {
    a = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' });
    const url = (a.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    b = await openDatabase({ databaseUrl: url });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await a.database.db.execute(sql`create table job_test_runs (job text not null, tick bigint not null, instance text not null)`);
  });
  afterAll(async () => {
    await admin?.end();
    await b?.close();
    await a?.close();
  });

  const instances = () => [
    { name: 'a', database: a.database },
    { name: 'b', database: b },
  ];

  it('each tick runs once across both, counted in the database', async () => {
    const schedules: JobSchedule[] = instances().map(({ name, database }) =>
      scheduleJob(database.jobLocks, { name: 'shared', intervalMs: TICK_MS, firstAfterMs: 0, log: recordingLog() }, async (tick) => {
        // A round far shorter than the instances' timers are apart: the tick's lock outlives it.
        await database.db.execute(sql`insert into job_test_runs values ('shared', ${tick}, ${name})`);
      }),
    );
    try {
      await expect.poll(async () => new Set((await runs(a, 'shared')).map((row) => row.tick)).size, { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
    } finally {
      await Promise.all(schedules.map((schedule) => schedule.stop()));
    }
    const rows = await runs(a, 'shared');
    const ticks = rows.map((row) => row.tick);
    expect(new Set(ticks).size, JSON.stringify(rows)).toBe(ticks.length);
  });

  it('an instance that dies during a round lets the other take the next tick', async () => {
    let releaseA!: () => void;
    const aHangs = new Promise<void>((resolve) => {
      releaseA = resolve;
    });
    let aStarted!: (tick: number) => void;
    const aRound = new Promise<number>((resolve) => {
      aStarted = resolve;
    });
    const logB = recordingLog();
    // A starts first and hangs in its round, as an import stuck on a booking site would.
    const scheduleA = scheduleJob(a.database.jobLocks, { name: 'import', intervalMs: TICK_MS, firstAfterMs: 0, log: recordingLog() }, async (tick) => {
      aStarted(tick);
      await aHangs;
    });
    const hungTick = await aRound;
    const scheduleB = scheduleJob(b.jobLocks, { name: 'import', intervalMs: TICK_MS, log: logB }, async (tick) => {
      await b.db.execute(sql`insert into job_test_runs values ('import', ${tick}, 'b')`);
    });
    try {
      // While A's round runs, B's ticks are refused: the job's lock is A's.
      await expect.poll(() => logB.lines.filter((line) => line.message === 'job tick taken by another instance').length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(await runs(a, 'import')).toEqual([]);

      // A dies: its connection goes, and the locks with it.
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(l.pid) from pg_locks l join pg_stat_activity s using (pid)
          where l.locktype = 'advisory' and l.granted and l.classid = $1 and l.objid = 0 and s.application_name = $2`,
        [jobKey('import'), JOBS_APPLICATION_NAME],
      );
      expect(rowCount).toBe(1);
      await expect.poll(async () => (await runs(a, 'import')).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      const [taken] = await runs(a, 'import');
      expect(Number(taken!.tick)).toBeGreaterThan(hungTick);
      expect(taken!.instance).toBe('b');
    } finally {
      releaseA();
      await Promise.all([scheduleA.stop(), scheduleB.stop()]);
    }
  });

  it("the calendar import timer of both reads each booking site's feed once per tick", async () => {
    const sites = await startBookingSites();
    const tickMs = 300;
    try {
      const room = await insertRooms(a);
      sites.serve('/feeds/cluster.ics', { kind: 'text', body: bookingComFeed([]) });
      await a.database.db.insert(calendarFeeds).values({ roomId: room.single, name: 'Booking.com', url: sites.url('/feeds/cluster.ics') });
      const options = { firstAfterMs: 0, timeoutMs: 2000, allowedNetworks: parseAllowedNetworks('127.0.0.1/32') };
      const firstTick = Math.floor(Date.now() / tickMs);
      const schedules = [a.database, b].map((database) => scheduleCalendarImports(database.db, database.jobLocks, tickMs, recordingLog(), options));
      try {
        await expect.poll(() => sites.hits('/feeds/cluster.ics'), { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
      } finally {
        await Promise.all(schedules.map((schedule) => schedule.stop()));
      }
      const ticks = Math.floor(Date.now() / tickMs) - firstTick + 1;
      // Two instances each reading every tick would be twice the ticks.
      expect(sites.hits('/feeds/cluster.ics')).toBeLessThanOrEqual(ticks);
    } finally {
      await sites.close();
    }
  });
});
