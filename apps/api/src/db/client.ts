/**
 * One database interface over two drivers: embedded PGlite (the default, no server needed) and
 * node-postgres when DATABASE_URL is set. Code is typed against PgDatabase so it runs on both.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { analyze } from './repository';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { localJobLocks, serverJobLocks, type JobLocks } from '../jobs';
import { migrationsFolder } from '../paths';
import { lockDataFolder, type DataFolderLock } from './data-folder-lock';
import { oneQueryAtATime } from './one-query-at-a-time';
import { pgliteNotifications, serverNotifications, type Notifications } from './notifications';
import { openPgliteThread } from './pglite-thread-client';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of `Db`, as `db.transaction(async (tx) => …)` hands it over. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  /** The PGlite instance when it runs in this thread: an in-memory one. */
  pglite?: PGlite;
  /** The embedded database's whole folder as a tar file (tests copy a migrated template). */
  dump?: () => Promise<Blob>;
  driver: DbDriver;
  /** The embedded database's hold on its folder (data-folder-lock.ts); none for a server or a dump. */
  lock?: DataFolderLock;
  /** LISTEN/NOTIFY on this database (notifications.ts); its connection opens on first use. */
  notifications: Notifications;
  /** Which instance runs a timer's tick (jobs.ts): advisory locks on a server, always this one embedded. */
  jobLocks: JobLocks;
  /**
   * Tells `listener` of every server connection lost (the pool's, the listener's): PostgreSQL
   * restarted, failed over, or ended it for idling. The pool replaces its own on next use and the
   * listener reconnects; the server logs them (app.ts). Never called for the embedded database.
   */
  onConnectionLost(listener: (error: Error, connection: string) => void): void;
  /**
   * How many statements wait for the embedded database or run on it now; it runs them one at a
   * time (plugins/database-queue.ts bounds them). None for a server.
   */
  pending?: () => number;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseConfig =
  | { databaseUrl: string }
  | { pgliteDir: string }
  /** An in-memory PGlite started from a dump (tests copy a migrated template this way). */
  | { pgliteDump: Blob };

/**
 * PostgreSQL's defaults size its buffer cache for a server (128 MB); an eight-room site's whole
 * database is a few megabytes, and PGlite's memory never shrinks once grown.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A new data folder is initialised (initdb) in a short-lived child process: initdb holds over half
 * a gigabyte at its peak, which the server would otherwise keep as its high-water mark and partly
 * never give back. The child runs PostgreSQL's WebAssembly on V8's baseline compiler alone and with
 * the server's small shared buffers, which halves that peak (1.1 GB otherwise); the server then
 * opens the folder initdb left.
 */
async function initialiseDataFolder(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(pglite)});
PGlite.create(process.argv[1], { startParams: ${JSON.stringify(PGLITE_START_PARAMS)} }).then((db) => db.close()).catch((error) => { console.error(error.message); process.exit(1); });`;
  await promisify(execFile)(process.execPath, ['--liftoff-only', '-e', script, dir], { maxBuffer: 1024 * 1024 });
}

/** How the pool's connections are named in `pg_stat_activity`. */
export const POOL_APPLICATION_NAME = 'hotel-pool';

/**
 * Any constant, apart from the seed's (seed.ts): serialises the migrations of instances started
 * at once on one database, or of a rolling upgrade; the second waits, then finds them applied.
 */
const MIGRATIONS_LOCK = 1800;

/**
 * How long a request waits for a new connection to PostgreSQL before it is answered 503: a server
 * that is down refuses at once, one that is unreachable would otherwise hold every request (and
 * readiness) until the operating system gives up, minutes later.
 */
const CONNECT_TIMEOUT_MS = 5000;

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if ('databaseUrl' in config) {
    const listeners = new Set<(error: Error, connection: string) => void>();
    const lost = (connection: string) => (error: Error) => {
      for (const listener of listeners) listener(error, connection);
    };
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      application_name: POOL_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection ended by the server emits 'error' on the pool, which drops it and opens
    // another on next use; without a listener, Node would end the whole process on it.
    pool.on('error', lost('pool'));
    pool.on('connect', oneQueryAtATime);
    const db = drizzlePg({ client: pool, schema });
    const notifications = serverNotifications({ connectionString: config.databaseUrl, onError: lost('listener') });
    const jobLocks = serverJobLocks(config.databaseUrl);
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      notifications,
      jobLocks,
      onConnectionLost: (listener) => void listeners.add(listener),
      migrate: async () => {
        // The lock is the session's, on a connection of its own: drizzle's migrator takes its own
        // from the pool, and a second instance blocks here until the first has committed.
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
          await migratePg(db, { migrationsFolder });
        } finally {
          // A connection that cannot give the lock back is closed, which gives it back.
          const unlocked = await lock.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK]).then(() => true, () => false);
          lock.release(!unlocked);
        }
        await analyze(db as unknown as Db);
      },
      close: async () => {
        await jobLocks.close();
        await notifications.close();
        await pool.end();
      },
    };
  }
  let client: PGliteInterface;
  let inThisThread: PGlite | undefined;
  let lock: DataFolderLock | undefined;
  if ('pgliteDir' in config) {
    // Before PGlite touches the folder: a second process must not even read it.
    lock = await lockDataFolder(config.pgliteDir);
    try {
      await initialiseDataFolder(config.pgliteDir);
      // A data folder is the server's database: PGlite runs in a thread of its own (pglite-thread.ts).
      client = await openPgliteThread({ dataDir: config.pgliteDir, startParams: PGLITE_START_PARAMS });
    } catch (error) {
      await lock.release();
      throw error;
    }
  } else {
    inThisThread = await PGlite.create({ loadDataDir: config.pgliteDump, extensions: { btree_gist }, startParams: PGLITE_START_PARAMS });
    client = inThisThread;
  }
  const pending = countPending(client);
  // Drizzle's PGlite driver uses query, exec and transaction, which the thread's client offers too.
  const db = drizzlePglite({ client: client as PGlite, schema });
  const notifications = pgliteNotifications(client);
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    pglite: inThisThread,
    dump: () => client.dumpDataDir('none'),
    pending,
    lock,
    notifications,
    jobLocks: localJobLocks(),
    onConnectionLost: () => {},
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      await analyze(db as unknown as Db);
    },
    close: async () => {
      await notifications.close();
      await client.close();
      await lock?.release();
    },
  };
}

/**
 * Counts what is handed to PGlite and not yet done: statements, scripts and whole transactions
 * (whose own statements then run inside them and are not counted again).
 */
function countPending(client: PGliteInterface): () => number {
  let pending = 0;
  const count = <Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>) =>
    (...args: Args): Promise<Result> => {
      pending += 1;
      return run(...args).finally(() => {
        pending -= 1;
      });
    };
  client.query = count(client.query.bind(client)) as PGliteInterface['query'];
  client.exec = count(client.exec.bind(client));
  client.transaction = count(client.transaction.bind(client)) as PGliteInterface['transaction'];
  return () => pending;
}
