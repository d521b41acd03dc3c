/**
 * `npm run create-superuser -- --email a@b.c [--password …]`: creates the user as an active
 * superuser, or promotes an existing one. A new user without --password gets a generated
 * password, printed once. Uses the same database as the server (DATABASE_URL or PGlite under
 * DATA_DIR) and applies pending migrations first.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { databaseConfig, loadEnv } from '../env';
import { createSuperuser } from '../modules/auth/superuser';

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

const env = loadEnv();
const database = await openDatabase(databaseConfig(env));
try {
  await database.migrate();
  const result = await createSuperuser(database.db, { email: values.email, password: values.password });
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
} finally {
  await database.close();
}
