import { configDefaults, defineProject } from 'vitest/config';
import { FILES_AT_ONCE } from '../../vitest.shared';

/**
 * Files whose tests never reach the run's database: they open a database of their own whatever
 * DATABASE_URL says (the data folder's lock, the database thread, PostgreSQL's outages), or none at all (lint
 * rules, calendar files, the sandbox's cards, the translations). The run on a PostgreSQL server
 * would repeat them to the letter, so they run once, in the embedded run.
 */
const EMBEDDED_RUN_ONLY = [
  'test/platform/data-folder-lock.test.ts',
  'test/platform/database-outages.test.ts',
  'test/platform/pglite-thread.test.ts',
  'test/platform/docs.test.ts',
  'test/platform/routes-call-services.test.ts',
  'test/platform/web-import-floors.test.ts',
  'test/platform/test-layout.test.ts',
  'test/platform/import-floors.test.ts',
  'test/hotel/hotel-ics.test.ts',
  'src/modules/payments/sandbox/cards.test.ts',
  'src/i18n/locales.test.ts',
];

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: process.env.DATABASE_URL ? [...configDefaults.exclude, ...EMBEDDED_RUN_ONLY] : configDefaults.exclude,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-file.ts'],
    // Files share their worker's modules instead of loading Fastify, Drizzle, PGlite and the app
    // again for each (about a third of the project's CPU). What a file owns is not in a module:
    // its app, database copy, data folder and ports come from createTestApp() (test/app.ts), and
    // the setup file puts clocks, stubs and spies back after each file.
    isolate: false,
    maxWorkers: FILES_AT_ONCE,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
