/**
 * One connection, one statement at a time (src/db/one-query-at-a-time.ts): services that read side
 * by side with `Promise.all` are handed a transaction (the folio's `assemble`, a room's rates), and
 * the jobs' locks and the notifications' LISTENs share a connection of their own. node-postgres
 * deprecates a statement sent while another runs on the same connection (pg 9 refuses it), so each
 * waits for the last. The count is taken under node-postgres's own `Client.prototype.query`.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverNotifications } from '../../src/db/notifications';
import { rooms } from '../../src/db/schema';
import { ratesOfRoom } from '../../src/modules/hotel/rates';
import { createTestApp, type TestApp } from '../app';
import { insertRooms } from '../hotel-fixtures';

const server = Boolean(process.env.DATABASE_URL);

/** The most statements one connection had running at once, since the last reset. */
const busiest = { now: new Map<pg.ClientBase, number>(), most: 0 };
const original = pg.Client.prototype.query;

describe('statements on one connection run one at a time', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Before the app opens its connections: each takes its `query` when it connects.
    pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
      const answer = (original as (...args: unknown[]) => unknown).apply(this, args);
      if (!(answer instanceof Promise)) return answer;
      const running = (busiest.now.get(this) ?? 0) + 1;
      busiest.now.set(this, running);
      busiest.most = Math.max(busiest.most, running);
      const done = () => busiest.now.set(this, (busiest.now.get(this) ?? 1) - 1);
      answer.then(done, done);
      return answer;
    } as typeof original;
    t = await createTestApp();
    await insertRooms(t);
  });
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await t?.close();
  });

  const reset = () => {
    busiest.now.clear();
    busiest.most = 0;
  };

  it('reads side by side in a transaction: every answer is its own, and the connection had one statement at a time', async () => {
    reset();
    const answers = await t.database.db.transaction((tx) =>
      Promise.all([1, 2, 3].map(async (n) => {
        const { rows } = (await tx.execute(sql`select pg_sleep(0.02), ${n}::int as n`)) as unknown as { rows: { n: number }[] };
        return rows[0]!.n;
      })),
    );
    expect(answers).toEqual([1, 2, 3]);
    if (server) expect(busiest.most).toBe(1);
  });

  it('a room’s rates, read in a transaction, are the rates read on the pool', async () => {
    const [room] = await t.database.db.select().from(rooms).limit(1);
    const onPool = await ratesOfRoom(t.database.db, room!);
    reset();
    const inTransaction = await t.database.db.transaction((tx) => ratesOfRoom(tx, room!));
    expect(inTransaction).toEqual(onPool);
    if (server) expect(busiest.most).toBe(1);
  });

  it.runIf(server)('a connection of its own (the notifications’) says LISTEN for several channels asked for at once one at a time', async () => {
    // The app's own listens on every channel already; a new one has none yet.
    const notifications = serverNotifications({ connectionString: process.env.DATABASE_URL! });
    try {
      reset();
      await Promise.all((['rooms', 'orders', 'menu'] as const).map((channel) => notifications.listen(channel, () => {})));
      expect(busiest.most).toBe(1);
    } finally {
      await notifications.close();
    }
  });

  it('a statement that fails in a transaction gives its error to its caller alone: the statements queued behind it still run', async () => {
    const [failed, next] = await t.database.db.transaction((tx) =>
      Promise.allSettled([
        tx.transaction((inner) => inner.execute(sql`select 1 / 0`)),
        tx.execute(sql`select 2 as n`),
      ]),
    );
    expect(failed.status).toBe('rejected');
    expect(next.status === 'fulfilled' && (next.value as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });
});
