/**
 * Entry point of `npm start`: validates the environment, opens the database (PGlite under var/
 * unless DATABASE_URL is set), applies migrations, loads the demo content on first start, and
 * serves the API and the web app on one port.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { serveBackupRequests } from './backup';
import { openDatabase } from './db/client';
import { checkServerEnv, databaseConfig, loadEnv, paymentProviderOf } from './env';
import { keepFilesPrivate, makePrivate } from './private-files';
import { serveSuperuserRequests } from './modules/auth/superuser';
import { importOptions, scheduleCalendarImports } from './modules/calendars/import';
import { leaveAndClose } from './process-health';
import { hasRooms } from './seed/seed';
import { createStorage } from './storage';

/**
 * Loads the demo content in a process of its own (seed/cli.ts; dist/seed.js once built). Drawing
 * its pictures holds a few hundred megabytes for a moment, and memory a process once held mostly
 * stays with it: in its own process it goes when the process does, and the server stays lean.
 */
function loadDemoContent(): Promise<void> {
  const entry = new URL(import.meta.url.endsWith('.ts') ? './seed/cli.ts' : './seed.js', import.meta.url);
  // The same flags (and, in development, the same TypeScript loader) as this process.
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(entry)], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Loading the demo content failed (exit code ${code})`))));
  });
}

async function main() {
  keepFilesPrivate();
  const env = checkServerEnv(loadEnv());
  let database = await openDatabase(databaseConfig(env));
  await database.migrate();
  if (env.SEED_DEMO && !(await hasRooms(database.db))) {
    // The embedded database is one process's at a time: the loader takes it, then gives it back.
    if (database.driver === 'pglite') await database.close();
    await loadDemoContent();
    if (database.driver === 'pglite') database = await openDatabase(databaseConfig(env));
  }
  // The embedded database's files so far (initdb's, the migrations', the demo content's); those it
  // makes later are 0666 until the next start, inside folders only the owner may enter.
  const { pgliteDir } = databaseConfig(env);
  if (pgliteDir) await makePrivate(pgliteDir);
  serveSuperuserRequests(database);
  serveBackupRequests(database);
  const storage = createStorage(env);
  const app = await buildApp({ env, database, storage, serveWebApp: true, drawPagesAhead: true });

  // Booking sites' calendars, read on a timer (modules/calendars/import.ts).
  const imports = env.CALENDAR_SYNC_MINUTES > 0 ? scheduleCalendarImports(database.db, database.jobLocks, env.CALENDAR_SYNC_MINUTES * 60_000, app.log, importOptions(env, app.log)) : null;
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const inTime = await leaveAndClose(app, env.SHUTDOWN_DELAY_SECONDS * 1000, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    await imports?.stop();
    await database.close();
    process.exit(inTime ? 0 : 1);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.ready();
  // Start-up's garbage (the migrations, the demo content's check, the pages drawn ahead) is
  // collected while nobody waits, not in the middle of the first visitor's page: the server's
  // flags expose the collector (scripts/server-flags.mjs; docs/decisions/082-drawn-before-asked.md).
  globalThis.gc?.();
  const address = await app.listen({ host: env.HOST, port: env.PORT });
  const port = new URL(address).port;
  const url = env.PUBLIC_URL ?? `http://localhost:${port}`;
  app.log.info({ url, database: database.driver, storage: storage.describe }, 'listening');
  // The one line a newcomer looks for after `npm start`.
  const payments = paymentProviderOf(env) === 'sandbox' ? '  Payments: the built-in sandbox; no money moves (PAYMENT_PROVIDER=bepaid for real ones)\n' : '';
  process.stdout.write(`\n  House 1799 is running at ${url}\n  API docs: ${url}/api/docs\n${payments}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
