/**
 * Routes call services (issue 44, point 5): a route file takes from its module's repository only
 * the reads and row types written down in eslint.config.js (`ROUTE_REPOSITORY_READS`), so every
 * write, a refund's settling or a user's sign-up included, goes through the one service that
 * writes that state.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const modules = path.join(root, 'apps/api/src/modules');
const eslint = new ESLint({ cwd: root });

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(modules, file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('routes call services (issue 44, point 5)', () => {
  it.each([
    ['a sign-up writing the user itself', 'auth/routes.ts', "import { insertUser } from './repository';\nexport const write = insertUser;\n"],
    ['settling a refund past the payments service', 'payments/admin-routes.ts', "import { resolveRefund } from './repository';\nexport const write = resolveRefund;\n"],
    ['an admin route of a sub-folder', 'payments/sandbox/routes.ts', "import { settleSandboxPayment } from '../repository';\nexport const write = settleSandboxPayment;\n"],
    ['a profile saved by the route', 'account/routes.ts', "import { updateProfile } from './repository';\nexport const write = updateProfile;\n"],
  ])('lint refuses %s', async (_what, file, code) => {
    expect(await refusals(file, code)).toHaveLength(1);
  });

  it("lets a route read its repository's listed reads and name a row's type, and a service write", async () => {
    expect(await refusals('hotel/routes.ts', "import { listRooms, type RoomView } from './repository';\nexport const read = listRooms;\nexport type View = RoomView;\n")).toEqual([]);
    expect(await refusals('auth/sign-up.ts', "import { insertUser } from './repository';\nexport const write = insertUser;\n")).toEqual([]);
  });

  it('lists only reads that some route file still takes from a repository', async () => {
    const config = (await eslint.calculateConfigForFile(path.join(modules, 'hotel/routes.ts'))) as { rules: Record<string, [unknown, { patterns: { allowImportNames: string[] }[] }]> };
    const allowed = config.rules['no-restricted-imports']![1].patterns[0]!.allowImportNames;
    const routeFiles = readdirSync(modules, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('routes.ts'));
    const imported = new Set(
      routeFiles.flatMap((file) =>
        [...readFileSync(path.join(modules, file), 'utf8').matchAll(/import (?:type )?\{([^}]*)\} from '\.\.?\/repository'/g)].flatMap((match) =>
          match[1]!.split(',').map((name) => name.replace(/^\s*type\s+/, '').trim()).filter(Boolean),
        ),
      ),
    );
    expect(allowed.filter((name) => !imported.has(name))).toEqual([]);
    expect([...imported].filter((name) => !allowed.includes(name))).toEqual([]);
  });
});
