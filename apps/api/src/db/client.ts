/**
 * One database interface over two drivers: embedded PGlite (the default, no server needed) and
 * node-postgres when DATABASE_URL is set. Code is typed against PgDatabase so it runs on both.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { lockDataFolder, type DataFolderLock } from './data-folder-lock';
import { pgliteNotifications, serverNotifications, type Notifications } from './notifications';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  /** The PGlite instance, when that is the driver (tests dump it into a template). */
  pglite?: PGlite;
  driver: DbDriver;
  /** The embedded database's hold on its folder (data-folder-lock.ts); none for a server or a dump. */
  lock?: DataFolderLock;
  /** LISTEN/NOTIFY on this database (notifications.ts); its connection opens on first use. */
  notifications: Notifications;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseConfig =
  | { databaseUrl: string }
  | { pgliteDir: string }
  /** An in-memory PGlite started from a dump (tests copy a migrated template this way). */
  | { pgliteDump: Blob };

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if ('databaseUrl' in config) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    const db = drizzlePg({ client: pool, schema });
    const notifications = serverNotifications({ connectionString: config.databaseUrl });
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      notifications,
      migrate: () => migratePg(db, { migrationsFolder }),
      close: async () => {
        await notifications.close();
        await pool.end();
      },
    };
  }
  const extensions = { btree_gist };
  let client: PGlite;
  let lock: DataFolderLock | undefined;
  if ('pgliteDir' in config) {
    // Before PGlite touches the folder: a second process must not even read it.
    lock = await lockDataFolder(config.pgliteDir);
    try {
      client = await PGlite.create(config.pgliteDir, { extensions });
    } catch (error) {
      await lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create({ loadDataDir: config.pgliteDump, extensions });
  }
  const db = drizzlePglite({ client, schema });
  const notifications = pgliteNotifications(client);
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    pglite: client,
    lock,
    notifications,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      await notifications.close();
      await client.close();
      await lock?.release();
    },
  };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
