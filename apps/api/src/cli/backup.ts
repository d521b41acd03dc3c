/**
 * `npm run backup [-- --out <folder>]`: the database (pg_dump's custom format with DATABASE_URL,
 * else the embedded database's own dump) and every stored picture, into a new folder (default
 * backups/<date and time>/). While the server runs on the embedded database, which only one
 * process may open, the running server writes the dump. See backup.ts and the README.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup, dumpOf, type PgliteDumper } from '../backup';
import { askDataFolderOwner, readControlSecret } from '../db/data-folder-lock';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { repoRoot, typedPath } from '../paths';
import { keepFilesPrivate } from '../private-files';
import { createStorage } from '../storage';

async function main() {
  keepFilesPrivate();
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const env = loadEnv();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = values.out ? typedPath(values.out) : path.join(repoRoot, 'backups', stamp);
  const storage = createStorage(env);
  if (env.DATABASE_URL) {
    const manifest = await backup({ out, database: { databaseUrl: env.DATABASE_URL }, storage });
    console.log(`Backed up the database and ${manifest.pictures} pictures into ${out}`);
    return;
  }
  const folder = path.join(env.DATA_DIR, 'db');
  if (!existsSync(folder)) throw new Error(`There is no embedded database in ${folder} to back up`);
  const running = await askDataFolderOwner(folder, { op: 'hello' }).catch(() => null);
  let close = async () => {};
  let dump: PgliteDumper;
  if (running) {
    dump = async (file) => {
      const answer = await askDataFolderOwner(folder, { op: 'backup-dump', secret: readControlSecret(folder), file }, 600_000);
      if (!answer || typeof answer.error === 'string') throw new Error(`The running server did not dump the database: ${String(answer?.error ?? 'no answer')}`);
    };
  } else {
    const database = await openDatabase({ pgliteDir: folder });
    dump = dumpOf(database);
    close = () => database.close();
  }
  try {
    const manifest = await backup({ out, database: { dump }, storage });
    console.log(`Backed up the database and ${manifest.pictures} pictures into ${out}`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
