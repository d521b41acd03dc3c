import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
    // In CI a JSON report is written too, for the summary line .ci/run prints.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI ? { json: process.env.VITEST_JSON ?? 'test-results/vitest.json' } : undefined,
  },
});
