/**
 * Tests mirror the code (issue 44, point 6): an API test lives in the folder of the module whose
 * rule it proves, `test/<module>/` with the names of `src/modules/`, or in `test/platform/` (the
 * process, the database, storage, deployment, lint and docs). Only the shared helpers lie in
 * `test/` itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const testRoot = path.resolve(import.meta.dirname, '..');
const modules = readdirSync(path.resolve(testRoot, '../src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const HELPER_FOLDERS = ['support'];

describe('the API tests are grouped by module (issue 44, point 6)', () => {
  it('no test file lies flat in apps/api/test/', () => {
    expect(readdirSync(testRoot).filter((name) => name.endsWith('.test.ts'))).toEqual([]);
  });

  it('every folder of tests is a module of src/modules/ or platform/', () => {
    const folders = readdirSync(testRoot, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !HELPER_FOLDERS.includes(entry.name))
      .map((entry) => entry.name);
    expect(folders.filter((name) => name !== 'platform' && !modules.includes(name))).toEqual([]);
  });
});

describe('every test project runs its files side by side (decision 069)', () => {
  const repository = path.resolve(testRoot, '../../..');
  const rootConfig = readFileSync(path.join(repository, 'vitest.config.ts'), 'utf8');
  const projects = [...rootConfig.matchAll(/projects: \[([^\]]*)\]/g)].flatMap((match) => [...match[1]!.matchAll(/'([^']+)'/g)].map((name) => name[1]!));

  it('each project listed in vitest.config.ts sets maxWorkers itself: a project does not take the root\'s, and alone ran one file at a time', () => {
    expect(projects.length).toBeGreaterThan(0);
    const without = projects.filter((project) => !/maxWorkers: FILES_AT_ONCE\b/.test(readFileSync(path.join(repository, project, 'vitest.config.ts'), 'utf8')));
    expect(without).toEqual([]);
  });
});
