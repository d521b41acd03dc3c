/**
 * The API's floors are enforced by lint (eslint.config.js, `apiZones`; docs/decisions/030-server-modules.md):
 * each import below would put an arrow back up, and lint refuses it; the same import the right way
 * round passes. So is the home of SQL: a module's repository.ts, and no other file of it. No import
 * ring closes, in lint file by file and in `npm run graph:api` module by module.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

/** The messages of these rules lint gives this code as if it were the file at `file` (under apps/api/src). */
async function lintAs(file: string, code: string, rules: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/api/src', file) });
  return result!.messages.filter((message) => rules.includes(message.ruleId ?? '')).map((message) => message.message);
}

/** The no-restricted-paths messages lint gives this code as if it were the file at `file`. */
const floorsBroken = (file: string, code: string) => lintAs(file, code, ['import-x/no-restricted-paths']);

/** The messages of the rules that keep SQL in repositories. */
const sqlOutside = (file: string, code: string) => lintAs(file, code, ['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax']);

const QUERY = [
  "import { eq } from 'drizzle-orm';",
  "import type { Db } from '../../db/client';",
  "import { users } from '../../db/schema';",
  'export const read = (db: Db, id: number) => db.select().from(users).where(eq(users.id, id));',
  '',
].join('\n');

describe('the API imports only downwards', () => {
  it.each([
    ['a plugin importing a domain module', 'plugins/floor-fixture.ts', "import { listRooms } from '../modules/hotel/repository';\nexport const read = listRooms;\n"],
    ['the change log importing a domain module', 'change-log/floor-fixture.ts', "import { currentUser } from '../modules/auth/session';\nexport const who = currentUser;\n"],
    ['the database layer importing a domain module', 'db/floor-fixture.ts', "import { createOrder } from '../modules/orders/orders';\nexport const place = createOrder;\n"],
    ['a service importing routes', 'modules/orders/floor-fixture.ts', "import { orderRoutes } from './routes';\nexport const routes = orderRoutes;\n"],
    ["a module reading another module's repository", 'modules/delivery/floor-fixture.ts', "import { listRooms } from '../hotel/repository';\nexport const read = listRooms;\n"],
    ['a repository importing its services', 'modules/hotel/repository.ts', "import { createReservation } from './reservations';\nexport const book = createReservation;\n"],
  ])('lint refuses %s', async (_what, file, code) => {
    expect(await floorsBroken(file, code)).not.toEqual([]);
  });

  it('lets routes call services, services call their repository, and modules call plugins', async () => {
    expect(await floorsBroken('modules/orders/floor-fixture-routes.ts', "import { cancelOrder } from './lifecycle';\nexport const cancel = cancelOrder;\n")).toEqual([]);
    expect(await floorsBroken('modules/hotel/floor-fixture.ts', "import { listRooms } from './repository';\nexport const read = listRooms;\n")).toEqual([]);
    expect(await floorsBroken('modules/orders/floor-fixture.ts', "import { HttpError } from '../../plugins/errors';\nexport const refuse = HttpError;\n")).toEqual([]);
  });
});

describe('SQL lives only in repositories', () => {
  it.each([
    ['a service', 'modules/orders/sql-fixture.ts'],
    ['a route file', 'modules/delivery/routes.ts'],
    ['a file in a sub-folder of a module', 'modules/payments/sandbox/sql-fixture.ts'],
  ])('lint refuses a query builder in %s', async (_what, file) => {
    expect(await sqlOutside(file, QUERY)).toHaveLength(3);
  });

  it('lint refuses raw statements and the relational API on app.db or a transaction outside a repository', async () => {
    const code = [
      "import type { FastifyInstance } from 'fastify';",
      "export const raw = (app: FastifyInstance) => app.db.execute('select 1');",
      'export const relational = (app: FastifyInstance) => app.db.query;',
      "export const inTx = (app: FastifyInstance) => app.db.transaction((tx) => tx.execute('select 1'));",
      '',
    ].join('\n');
    expect(await sqlOutside('modules/hotel/sql-fixture.ts', code)).toHaveLength(3);
  });

  it("lets a repository write SQL, and a service open a transaction and name a row's type", async () => {
    expect(await sqlOutside('modules/orders/repository.ts', QUERY)).toEqual([]);
    expect(await sqlOutside('modules/payments/sandbox/repository.ts', QUERY.replaceAll('../../', '../../../'))).toEqual([]);
    const service = [
      "import type { users } from '../../db/schema';",
      "import type { FastifyInstance } from 'fastify';",
      'export type UserRow = typeof users.$inferSelect;',
      'export const atOnce = (app: FastifyInstance) => app.db.transaction(async () => 1);',
      '',
    ].join('\n');
    expect(await sqlOutside('modules/orders/sql-fixture.ts', service)).toEqual([]);
  });
});

describe('no import cycle', () => {
  /** Writes these files into a new folder under `under` for the test, and removes it after. */
  async function withFiles<T>(under: string, files: Record<string, string>, use: (dir: string) => Promise<T>): Promise<T> {
    await mkdir(under, { recursive: true });
    const dir = await mkdtemp(path.join(under, 'cycle-fixture-'));
    try {
      for (const [name, code] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
        await writeFile(path.join(dir, name), code);
      }
      return await use(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('lint finds a cycle between TypeScript files, and none in a chain', async () => {
    // Real files: no-cycle follows imports on disk, which lintText's imaginary file cannot show.
    const cycle = await withFiles(path.join(root, 'apps/api/src'), {
      'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'b.ts': "import { c } from './c';\nexport const b = () => c();\n",
      'c.ts': "import { a } from './a';\nexport const c = (): number => a();\n",
    }, async (dir) => {
      const results = await eslint.lintFiles([path.join(dir, '*.ts')]);
      return results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'import-x/no-cycle'));
    });
    expect(cycle).toHaveLength(3);

    const chain = await withFiles(path.join(root, 'apps/api/src'), {
      'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'b.ts': 'export const b = () => 1;\n',
    }, async (dir) => {
      const results = await eslint.lintFiles([path.join(dir, '*.ts')]);
      return results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'import-x/no-cycle'));
    });
    expect(chain).toEqual([]);
  });

  it('`npm run graph:api` fails on a ring of three modules and on a plugin importing a module, and passes a tree without them', async () => {
    const graph = (src: string) => spawnSync(process.execPath, [path.join(root, 'scripts/api-graph.mjs'), '--src', src], { encoding: 'utf8' });
    const ring = await withFiles(os.tmpdir(), {
      'modules/hotel/a.ts': "import { b } from '../orders/b';\nexport const a = b;\n",
      'modules/orders/b.ts': "import { c } from '../payments/c';\nexport const b = c;\n",
      'modules/payments/c.ts': "import { a } from '../hotel/a';\nexport const c = a;\n",
      'plugins/p.ts': "import { a } from '../modules/hotel/a';\nexport const p = a;\n",
    }, async (dir) => graph(dir));
    expect(ring.status).toBe(1);
    expect(ring.stdout).toContain('cycle between modules/hotel, modules/orders, modules/payments');
    expect(ring.stdout).toContain('edge back up: plugins → modules/hotel');

    const tree = await withFiles(os.tmpdir(), {
      'modules/hotel/a.ts': "import { b } from '../orders/b';\nexport const a = b;\n",
      'modules/orders/b.ts': "import { refuse } from '../../plugins/p';\nexport const b = refuse;\n",
      'plugins/p.ts': 'export const refuse = 1;\n',
    }, async (dir) => graph(dir));
    expect(tree.status).toBe(0);
  });
});
