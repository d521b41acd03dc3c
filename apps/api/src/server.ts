/**
 * Entry point of `npm start`: validates the environment, opens the database (PGlite under var/
 * unless DATABASE_URL is set), applies migrations, loads the demo content on first start, and
 * serves the API and the web app on one port.
 */
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { checkServerEnv, databaseConfig, loadEnv } from './env';
import { serveSuperuserRequests } from './modules/auth/superuser';
import { importOptions, scheduleCalendarImports } from './modules/calendars/import';
import { seedDemoContent } from './seed/seed';
import { createDiskStorage } from './storage';

async function main() {
  const env = checkServerEnv(loadEnv());
  const database = await openDatabase(databaseConfig(env));
  await database.migrate();
  serveSuperuserRequests(database);
  const storage = createDiskStorage(env.DATA_DIR);
  const app = await buildApp({ env, database, storage, serveWebApp: true });

  if (env.SEED_DEMO) {
    const seeded = await seedDemoContent(database.db, storage);
    if (seeded) app.log.info('demo content loaded');
  }

  // Booking sites' calendars, read on a timer (modules/calendars/import.ts).
  const imports = env.CALENDAR_SYNC_MINUTES > 0 ? scheduleCalendarImports(database.db, env.CALENDAR_SYNC_MINUTES * 60_000, app.log, importOptions(env)) : null;
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    imports?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  const address = await app.listen({ host: env.HOST, port: env.PORT });
  const port = new URL(address).port;
  const url = env.PUBLIC_URL ?? `http://localhost:${port}`;
  app.log.info({ url, database: database.driver }, 'listening');
  // The one line a newcomer looks for after `npm start`.
  process.stdout.write(`\n  House 1799 is running at ${url}\n  API docs: ${url}/api/docs\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
