import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-file.ts'],
    // Files share their worker's modules instead of loading Fastify, Drizzle, PGlite and the app
    // again for each (about a third of the project's CPU). What a file owns is not in a module:
    // its app, database copy, data folder and ports come from createTestApp() (test/app.ts), and
    // the setup file puts clocks, stubs and spies back after each file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
