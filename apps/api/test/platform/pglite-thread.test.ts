/**
 * The embedded database of a data folder runs in a thread of its own (src/db/pglite-thread.ts):
 * what the server relies on must come through it as it did in-process: rows, SQL errors with
 * their SQLSTATE and constraint (a taken night is told by them), transactions that commit or roll
 * back, notifications; and the server's thread stays free while a statement runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { hasSqlState } from '../../src/db/sql-state';

let dataDir: string;
let database: Database;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-thread-'));
  database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.db.execute(sql`CREATE TABLE thread_notes (id int PRIMARY KEY, note text NOT NULL, at timestamptz NOT NULL DEFAULT '2026-11-25 12:00:00+00')`);
});
afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Rows of a plain SQL statement (drizzle types them as the driver's result). */
async function rows<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

const count = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM thread_notes`))[0]!.n;

describe('the embedded database in its own thread', () => {
  it('answers rows, with timestamps as PostgreSQL writes them (drizzle reads them as text)', async () => {
    await database.db.execute(sql`INSERT INTO thread_notes (id, note) VALUES (1, 'первая')`);
    expect(await rows(sql`SELECT note, at FROM thread_notes WHERE id = 1`)).toEqual([{ note: 'первая', at: '2026-11-25 12:00:00+00' }]);
  });

  it('a failed statement keeps its SQLSTATE and constraint, which the server reads to answer 409', async () => {
    const failure = await database.db.execute(sql`INSERT INTO thread_notes (id, note) VALUES (1, 'again')`).catch((error: unknown) => error);
    expect(hasSqlState(failure, '23505')).toBe(true);
    const cause = (failure as { cause?: { constraint?: string } }).cause ?? failure;
    expect(cause).toMatchObject({ constraint: 'thread_notes_pkey' });
  });

  it('commits a transaction that returns and rolls back one that throws', async () => {
    const before = await count();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_notes (id, note) VALUES (2, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_notes (id, note) VALUES (3, 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(before + 1);
  });

  it('a statement that fails inside a transaction rolls the whole transaction back', async () => {
    const before = await count();
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_notes (id, note) VALUES (4, 'first')`);
        await tx.execute(sql`INSERT INTO thread_notes (id, note) VALUES (4, 'twice')`);
      })
      .catch((error: unknown) => error);
    expect(hasSqlState(failure, '23505')).toBe(true);
    expect(await count()).toBe(before);
  });

  it('delivers notifications', async () => {
    // Nothing else listens on this database, so the menu's channel is free for the test.
    const heard = new Promise<string>((resolve) => void database.notifications.listen('menu', resolve));
    await database.notifications.listen('menu', () => {});
    await database.db.execute(sql`SELECT pg_notify('menu', 'hello')`);
    expect(await heard).toBe('hello');
  });

  it('leaves the server’s thread free while a statement runs', async () => {
    const order: string[] = [];
    const slow = database.db.execute(sql`SELECT pg_sleep(1)`).then(() => order.push('statement'));
    setTimeout(() => order.push('timer'), 10);
    await slow;
    expect(order).toEqual(['timer', 'statement']);
  });

  it('copies the whole folder for the test template', async () => {
    const dump = await database.dump!();
    expect(dump.size).toBeGreaterThan(1024 * 1024);
  });
});
