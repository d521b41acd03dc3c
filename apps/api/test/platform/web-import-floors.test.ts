/**
 * The web app's one way down (issue 44, point 7; docs/decisions/031-web-one-way.md): app/ (the
 * router, its route tables, guards) composes screens, screens compose features, features use
 * shared/. Lint refuses an import back up into app/; the pages' addresses everyone names live in
 * shared/paths.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

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
