import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { FILES_AT_ONCE } from './vitest.shared';

/**
 * Files that take a minute or more on their own (a server started as a child process, the demo
 * content drawn, the fuzzer): they start first, so the run does not end with one of them alone
 * on one core while the other waits. Vitest orders files by the durations it remembers, but a
 * fresh clone (CI) remembers none and falls back to file size.
 */
const HEAVY_FIRST = [
  'fuzz.test.ts',
  // Second on PostgreSQL (182 s of a 507 s run under load): ordered by size it started at 325 s
  // and ran on alone at the end of the run (decision 062).
  'admin-fuzz.test.ts',
  'data-folder-lock.test.ts',
  'seed.test.ts',
  'deployment.test.ts',
  'deploy-files.test.ts',
  'hotel-page.test.ts',
  'delivery-page.test.ts',
  'payments.test.ts',
  'account-hardening.test.ts',
  'backup.test.ts',
  'process-health.test.ts',
];

class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = HEAVY_FIRST.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
      return index === -1 ? HEAVY_FIRST.length : index;
    };
    return sorted
      .map((spec, position) => ({ spec, position }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.position - b.position)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
    // The projects' own configs set how many files run at once (FILES_AT_ONCE): a project does not
    // take this value from here, and left to itself ran one file at a time.
    maxWorkers: FILES_AT_ONCE,
    sequence: { sequencer: HeavyFirstSequencer },
    // In CI a JSON report is written too, for the summary line .ci/run prints.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI ? { json: process.env.VITEST_JSON ?? 'test-results/vitest.json' } : undefined,
  },
});
