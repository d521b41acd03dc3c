/**
 * A fresh application for one test file, on its own copy of the migrated template database.
 *   const t = await createTestApp();  …  await t.close();
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { inject } from 'vitest';
import { CLIENT_TOKEN_HEADER } from '@hotel/domain';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { loadEnv, type Env } from '../src/env';
import { createStorage } from '../src/storage';
import type { Mailer } from '../src/mail/mailer';

export const TEST_CLIENT_TOKEN = 'test-client-token';

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const postgresTemplate = inject('postgresTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (postgresTemplate && databaseUrl) {
    const name = `hotel_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplate}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    // A test's database is thrown away: waiting for each commit to reach the disk (the server's
    // default) bought no durability a test looks at and cost about a quarter of the run.
    // Percent-encoded by hand: libpq (pg_dump in the backup tests) reads no `+` as a space.
    url.search = `?options=${encodeURIComponent('-c synchronous_commit=off')}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    return {
      database,
      drop: async () => {
        // pool.end() resolves before its connections have said goodbye; a forced drop would kill
        // them mid-way and their FATAL 57P01 would surface as an unhandled error. Wait for them.
        for (let i = 0; i < 100; i += 1) {
          const { rows } = await admin.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]!.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const database = await openDatabase({ pgliteDump: await pgliteTemplate() });
  return { database, drop: async () => {} };
}

/**
 * The migrated template, read once per worker: a Blob cannot change, and each copy is unpacked
 * from it into a database of its own. Read again for every file, the template cost each copy a
 * fifth more CPU (about 0.55 CPU-seconds against 0.45).
 */
let template: { file: string; blob: Promise<Blob> } | undefined;
function pgliteTemplate(): Promise<Blob> {
  const file = inject('pgliteTemplate');
  if (template?.file !== file) template = { file, blob: readFile(file).then((dump) => new Blob([dump])) };
  return template.blob;
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  env: Env;
  dataDir: string;
  /** Headers every API call needs (the client token). */
  headers: Record<string, string>;
  /** Every line the app logged so far, as JSON text. */
  logLines: string[];
  close(): Promise<void>;
}

/**
 * What no log line may hold (logging.ts). Every test app logs at info level into memory and its
 * close() fails the file when a line breaks this, so the whole suite's log is checked.
 */
export const FORBIDDEN_IN_LOGS: [string, RegExp][] = [
  // Not a path like node_modules/@scope/package/index.js in a stack.
  ['an e-mail address', /[^\s"'@<>(),;:/\\]+@[^\s"'@<>(),;:/\\]+\.[a-z]{2,}/i],
  ['an argon2 hash', /\$argon2/],
  ['a phone number', /\+\d[\d\s()-]{7,}\d/],
  ['a six-digit code', /"\d{6}"/],
];

export function forbiddenLogLines(lines: string[]): string[] {
  return lines.flatMap((line) =>
    FORBIDDEN_IN_LOGS.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${what}: ${line.slice(0, 300)}`),
  );
}

export interface TestAppOptions {
  /** Replaces the mailer (e.g. one that captures letters); default: the outbox under dataDir. */
  mailer?: Mailer;
  /** Serves this build of the web app (see test/web-build.ts), as `npm start` serves apps/web/dist. */
  webDistFolder?: string;
  /** Draws the pages rendered with data as the app gets ready, as the server does. */
  drawPagesAhead?: boolean;
}

export async function createTestApp(overrides: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CLIENT_TOKEN: TEST_CLIENT_TOKEN,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    // Orders at any hour, or the order tests would fail at night; test/orders/orders-after-hours.test.ts turns it off.
    ORDERS_ANY_HOUR: 'true',
    // No review letters on a timer: test/reviews/reviews.test.ts sends a round itself.
    REVIEW_LETTERS_INTERVAL_SECONDS: '0',
    // No check-in reminders or erasure on a timer: test/folio/check-in.test.ts runs a round itself.
    CHECK_IN_INTERVAL_SECONDS: '0',
    // Users and codes are set-up here; the product's own hashing has its test in auth.test.ts.
    PASSWORD_HASHING: 'fast-for-tests',
    // A test file sends one user many letters in one day; the daily cap per recipient has its own
    // test (test/restaurant/table-confirmation.test.ts), which sets it low.
    MAIL_PER_RECIPIENT_PER_DAY: '1000',
    ...overrides,
  });
  const { database, drop } = await openTestDatabase();
  // The disk under dataDir, or the bucket an override names (S3_BUCKET).
  const storage = createStorage(env);
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp({
    env,
    database,
    storage,
    logStream,
    mailer: options.mailer,
    serveWebApp: options.webDistFolder !== undefined,
    webDistFolder: options.webDistFolder,
    drawPagesAhead: options.drawPagesAhead,
  });
  await app.ready();
  return {
    app,
    database,
    env,
    dataDir,
    headers: { [CLIENT_TOKEN_HEADER]: TEST_CLIENT_TOKEN },
    logLines,
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
      const leaks = forbiddenLogLines(logLines);
      if (leaks.length > 0) throw new Error(`The log holds personal data or secrets:\n${leaks.slice(0, 10).join('\n')}`);
    },
  };
}
