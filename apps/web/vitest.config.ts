import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { FILES_AT_ONCE } from '../../vitest.shared';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file in a fresh VM context of a long-lived worker: as isolated as a process of its own
    // (no store, storage or language leaks from one file to the next), without loading React,
    // the router and jsdom again for every file. On two cores this took the project from about
    // 300 s of CPU to 90.
    pool: 'vmThreads',
    maxWorkers: FILES_AT_ONCE,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Above Testing Library's wait (src/test/setup.ts), so a slow render fails as what it is.
    testTimeout: 20_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
