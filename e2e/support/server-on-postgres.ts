/**
 * A server of a spec's own on a fresh PostgreSQL database, for the specs that must write what the
 * site could not have made (a stay that is over, or one in progress): the database is theirs to
 * write to, which the run's shared server (embedded PGlite, in its own process) is not. Each has
 * its own mail catcher; support/mail.ts and support/users.ts read its letters while it runs.
 */
import { randomUUID } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { startServer, type RunningServer } from './server';
import { startMailCatcher, type MailCatcher } from './smtp';

/** The PostgreSQL server npm test is given (TEST_DATABASE_URL; CI sets it), or one named for the end-to-end tests. */
export const POSTGRES = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

export interface ServerOnPostgres {
  server: RunningServer;
  /** A connection to the server's own database. */
  db: pg.Client;
  /** Requests to the server, signed out. */
  api: APIRequestContext;
  mail: MailCatcher;
  /** Stops the server and drops its database; the letters are read from the run's catcher again. */
  stop(): Promise<void>;
}

/** Starts the built server on a new database named after `name`; `env` adds to its settings. */
export async function startServerOnPostgres(name: string, env: Record<string, string>): Promise<ServerOnPostgres> {
  if (!POSTGRES) throw new Error('needs a PostgreSQL server: set TEST_DATABASE_URL (or E2E_DATABASE_URL)');
  const database = `hotel_${name}_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  const mail = await startMailCatcher();
  const previousMailDir = process.env.E2E_MAIL_DIR;
  process.env.E2E_MAIL_DIR = mail.dir;
  const server = await startServer({
    DATABASE_URL: url.toString(),
    SMTP_URL: mail.url,
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  return {
    server,
    db,
    api,
    mail,
    async stop() {
      await api.dispose();
      await db.end();
      await server.stop();
      await mail.close();
      if (previousMailDir !== undefined) process.env.E2E_MAIL_DIR = previousMailDir;
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A day counted from today on the hotel's clock (Europe/Minsk), as YYYY-MM-DD. */
export function hotelDay(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Minsk' }).format(Date.now() + offset * 86_400_000);
}

/** The errors a page of a browser context of the spec's own logs; the test expects none, as the fixtures' page does. */
export function watched(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}
