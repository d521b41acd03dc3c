/**
 * Backups that restore (issue 22, point 5): a folder holding the database, as pg_dump's custom
 * format on PostgreSQL or PGlite's own dump of its data folder for the embedded database, and
 * every stored picture (`uploads/`), with a manifest. `npm run backup` writes one, `npm run
 * restore` brings one back into an empty database and storage (docs/decisions/035-backups.md).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import type { Database, DatabaseConfig } from './db/client';
import { makePrivate } from './private-files';
import { createDiskStorage, type Storage } from './storage';
import { copyStoredFiles } from './storage/migrate';

const run = promisify(execFile);

export const POSTGRES_DUMP = 'database.pgdump';
export const PGLITE_DUMP = 'database.tar';
export const MANIFEST = 'manifest.json';

export interface Manifest {
  format: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** Pictures copied into `uploads/`. */
  pictures: number;
}

/** Writes the embedded database's dump into a file: whoever holds it does (this process or the running server). */
export type PgliteDumper = (file: string) => Promise<void>;

/** A dumper for a database this process has open. */
export const dumpOf = (database: Database): PgliteDumper => async (file) => {
  if (!database.dump) throw new Error('Only the embedded database is dumped this way');
  await writeFile(file, Buffer.from(await (await database.dump()).arrayBuffer()));
};

export async function backup(options: {
  /** A new or empty folder. */
  out: string;
  database: { databaseUrl: string } | { dump: PgliteDumper };
  storage: Storage;
}): Promise<Manifest> {
  const { out } = options;
  await mkdir(out, { recursive: true });
  if ((await readdir(out)).length > 0) throw new Error(`${out} is not empty: a backup goes into a new folder`);
  let kind: Manifest['database'];
  if ('databaseUrl' in options.database) {
    kind = 'postgres';
    // Custom format: compressed, and pg_restore can pick and reorder from it.
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(out, POSTGRES_DUMP)}`, options.database.databaseUrl]);
  } else {
    kind = 'pglite';
    await options.database.dump(path.join(out, PGLITE_DUMP));
  }
  // Pictures last: one uploaded meanwhile is in the storage but not yet in the dump, which is harmless.
  const { copied } = await copyStoredFiles(options.storage, createDiskStorage(out));
  const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), database: kind, pictures: copied };
  await writeFile(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(folder: string): Promise<Manifest> {
  const file = path.join(folder, MANIFEST);
  if (!existsSync(file)) throw new Error(`${folder} holds no ${MANIFEST}: not a backup made by npm run backup`);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`${file}: unknown backup format ${String(manifest.format)}`);
  return manifest;
}

/** Whether the database already has the site's tables: a restore goes into an empty one only. */
async function serverHasTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    return rows[0]!.n > 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into the database `config` names, which must be empty (a new PostgreSQL
 * database, or a data folder that does not exist yet), and its pictures into `storage`.
 */
export async function restore(options: { from: string; database: DatabaseConfig; storage: Storage }): Promise<Manifest> {
  const { from, database } = options;
  const manifest = await readManifest(from);
  if ('databaseUrl' in database) {
    if (manifest.database !== 'postgres') throw new Error('This backup is of the embedded database; restore it with DATABASE_URL unset');
    if (await serverHasTables(database.databaseUrl)) {
      throw new Error('The database is not empty: restore into a new database (createdb), then point DATABASE_URL at it');
    }
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${database.databaseUrl}`, path.join(from, POSTGRES_DUMP)]);
  } else if ('pgliteDir' in database) {
    if (manifest.database !== 'pglite') throw new Error('This backup is of a PostgreSQL server; restore it with DATABASE_URL set');
    if (existsSync(database.pgliteDir) && (await readdir(database.pgliteDir)).length > 0) {
      throw new Error(`${database.pgliteDir} is not empty: move it away (or set DATA_DIR to a new folder) to restore`);
    }
    const dump = await readFile(path.join(from, PGLITE_DUMP));
    // PGlite makes the data folder itself, but not the folders above it (a DATA_DIR not made yet).
    await mkdir(database.pgliteDir, { recursive: true });
    const restored = await PGlite.create({ dataDir: database.pgliteDir, loadDataDir: new Blob([dump]), extensions: { btree_gist } });
    await restored.close();
    await makePrivate(database.pgliteDir);
  } else {
    throw new Error('A restore needs a data folder or a database server');
  }
  await copyStoredFiles(createDiskStorage(from), options.storage);
  return manifest;
}

/** Lets `npm run backup` have the running server dump the embedded database, which only it may open. */
export function serveBackupRequests(database: Database): void {
  if (!database.lock || !database.dump) return;
  const dump = dumpOf(database);
  database.lock.serve('backup-dump', async (request) => {
    if (typeof request.file !== 'string' || !path.isAbsolute(request.file)) throw new Error('An absolute file name is needed');
    await dump(request.file);
    return { ok: true };
  });
}
