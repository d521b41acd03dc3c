/**
 * `npm run create-superuser -- --email a@b.c [--password …]`: creates the user as an active
 * superuser, or promotes an existing one. A new user without --password gets a generated
 * password, printed once. Uses the same database as the server (DATABASE_URL or PGlite under
 * DATA_DIR, created on a fresh install as the server creates it) and applies pending migrations first. While the server runs on the embedded
 * database, which only one process may open, the command asks the running server to do it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { askDataFolderOwner, readControlSecret } from '../db/data-folder-lock';
import { openDatabase } from '../db/client';
import { databaseConfig, loadEnv } from '../env';
import { createSuperuser, type SuperuserResult } from '../modules/auth/superuser';

const usage = 'Usage: npm run create-superuser -- --email admin@example.com [--password <password>]';

let values: { email?: string; password?: string };
try {
  ({ values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } }));
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (!values.email) {
  console.error(usage);
  process.exit(2);
}
const input = { email: values.email, password: values.password };

/** Through the running server, if one holds the embedded database; null when none does. */
async function viaRunningServer(folder: string): Promise<SuperuserResult | null> {
  // Before the first start there is no folder, so nobody holds it: it is created and migrated below.
  if (!existsSync(folder)) return null;
  if (!(await askDataFolderOwner(folder, { op: 'hello' }).catch(() => null))) return null;
  const answer = await askDataFolderOwner(folder, { op: 'create-superuser', secret: readControlSecret(folder), ...input });
  if (!answer) return null;
  if (typeof answer.error === 'string') throw new Error(answer.error);
  return {
    created: answer.created === true,
    ...(typeof answer.generatedPassword === 'string' ? { generatedPassword: answer.generatedPassword } : {}),
  };
}

async function directly(): Promise<SuperuserResult> {
  const database = await openDatabase(databaseConfig(env));
  try {
    await database.migrate();
    return await createSuperuser(database.db, input);
  } finally {
    await database.close();
  }
}

const env = loadEnv();
try {
  const config = databaseConfig(env);
  const folder = 'pgliteDir' in config && config.pgliteDir ? path.resolve(config.pgliteDir) : null;
  const result = (folder ? await viaRunningServer(folder) : null) ?? (await directly());
  if (result.created) {
    console.log(`Superuser ${values.email.trim().toLowerCase()} created.`);
    if (result.generatedPassword) {
      console.log(`Password (shown only now, keep it safe): ${result.generatedPassword}`);
    }
  } else {
    console.log(`${values.email.trim()} is now an active superuser${values.password ? ' with the new password' : ''}.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
