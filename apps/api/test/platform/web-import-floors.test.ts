/**
 * The web app's one way down (issue 44, point 7; docs/decisions/031-web-one-way.md): app/ (the
 * router, its route tables, guards) composes screens, screens compose features, features use
 * shared/. Lint refuses an import back up into app/; the pages' addresses everyone names live in
 * shared/paths.ts.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

// What these tests check is what lint says, not how soon: a busy machine gets time.
vi.setConfig({ testTimeout: 120_000 });

// The first lint that follows an import loads the parser, the resolver and every tsconfig: slow
// on a busy machine, once, here rather than in the first test.
beforeAll(async () => {
  await eslint.lintText("import { paths } from '../../../shared/paths';\nexport const home = paths.home;\n", { filePath: path.join(root, 'apps/web/src/features/hotel/components/warm-up.tsx') });
}, 240_000);

/** The no-restricted-paths messages lint gives this code as if it were the file at `file` (under apps/web/src). */
async function floorsBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

describe('the web app imports only downwards (issue 44, point 7)', () => {
  it.each([
    ['a feature importing the router', 'features/hotel/components/floor-fixture.tsx', "import { routes } from '../../../app/router';\nexport const all = routes;\n"],
    ['shared code importing a guard', 'shared/layout/floor-fixture.tsx', "import { RequireUser } from '../../app/guards/guards';\nexport const guard = RequireUser;\n"],
    ['a screen importing a route table', 'routes/floor-fixture.tsx', "import { publicRoutes } from '../app/route-tables/public-routes';\nexport const table = publicRoutes;\n"],
  ])('lint refuses %s', async (_what, file, code) => {
    expect(await floorsBroken(file, code)).toHaveLength(1);
  });

  it('lets features, screens and the app name pages through shared/paths.ts', async () => {
    expect(await floorsBroken('features/hotel/components/floor-fixture.tsx', "import { paths } from '../../../shared/paths';\nexport const home = paths.home;\n")).toEqual([]);
    expect(await floorsBroken('routes/floor-fixture.tsx', "import { paths } from '../shared/paths';\nexport const home = paths.home;\n")).toEqual([]);
    expect(await floorsBroken('app/floor-fixture.tsx', "import { paths } from '../shared/paths';\nexport const home = paths.home;\n")).toEqual([]);
  });
});

describe('the web app has no import cycle and no arrow back up (issue 44)', () => {
  it.each([
    ['shared code importing a feature', 'shared/layout/floor-fixture.tsx', "import { AdminPromo } from '../../features/promo/components/admin-promo';\nexport const screen = AdminPromo;\n"],
    ['shared code importing a screen', 'shared/layout/floor-fixture.tsx', "import { Component } from '../../routes/terms';\nexport const screen = Component;\n"],
    ['a feature importing a screen', 'features/promo/components/floor-fixture.tsx', "import { Component } from '../../../routes/terms';\nexport const screen = Component;\n"],
    ['a feature importing another', 'features/promo/components/floor-fixture.tsx', "import { AdminReviews } from '../../reviews/components/admin-reviews';\nexport const screen = AdminReviews;\n"],
  ])('lint refuses %s', async (_what, file, code) => {
    expect(await floorsBroken(file, code)).toHaveLength(1);
  });

  it('lint finds an import cycle between the web\'s files', async () => {
    // Real files: no-cycle follows imports on disk, which lintText's imaginary file cannot show.
    const under = path.join(root, 'apps/web/src/features/promo');
    const dir = await mkdtemp(path.join(under, 'cycle-fixture-'));
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'a.tsx'), "import { b } from './b';\nexport const A = () => <p>{b()}</p>;\n");
      await writeFile(path.join(dir, 'b.ts'), "import { A } from './a';\nexport const b = (): string => typeof A;\n");
      const results = await eslint.lintFiles([path.join(dir, '*.{ts,tsx}')]);
      expect(results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'import-x/no-cycle'))).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
