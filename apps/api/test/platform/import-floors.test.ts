/**
 * The API's floors are enforced by lint (eslint.config.js, `apiZones`; docs/decisions/030-server-modules.md):
 * each import below would put an arrow back up, and lint refuses it; the same import the right way
 * round passes. So is the home of SQL: a repository.ts, and no other file, whatever its variables
 * are called; and each table has one owner, whose tables.ts no other owner's code imports (issue 44,
 * points 3 and 4). No import ring closes, in lint file by file and in `npm run graph:api` module by
 * module.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

// Lint follows each import through the tree (no-cycle) the first time it meets it: what these tests
// check is what lint says, not how soon, so a busy machine gets time.
vi.setConfig({ testTimeout: 120_000 });

// The first lint that follows an import loads the parser, the resolver and every tsconfig: slow
// on a busy machine, once, here rather than in the first test.
beforeAll(async () => {
  const code = "import { listRooms } from '../modules/hotel/repository';\nimport { rooms } from '../modules/hotel/tables';\nexport const read = [listRooms, rooms];\n";
  await eslint.lintText(code, { filePath: path.join(root, 'apps/api/src/plugins/warm-up.ts') });
}, 240_000);

/** The messages of these rules lint gives this code as if it were the file at `file` (under apps/api/src). */
async function lintAs(file: string, code: string, rules: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/api/src', file) });
  return result!.messages.filter((message) => rules.includes(message.ruleId ?? '')).map((message) => message.message);
}

/** The no-restricted-paths messages lint gives this code as if it were the file at `file`. */
const floorsBroken = (file: string, code: string) => lintAs(file, code, ['import-x/no-restricted-paths']);

/** The messages of the rules that keep SQL in repositories. */
const sqlOutside = (file: string, code: string) => lintAs(file, code, ['hotel-api/sql-in-repositories', 'no-restricted-syntax']);

/** The messages of the rule that keeps each table to its owner (docs/decisions/050-every-table-has-one-owner.md). */
const tableBorrowed = (file: string, code: string) => lintAs(file, code, ['hotel-api/table-owner']);

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
    const up = '../'.repeat(file.split('/').length - 1);
    expect(await sqlOutside(file, QUERY.replaceAll('../../', up))).toHaveLength(3);
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

  it.each([
    ['a plugin', 'plugins/sql-fixture.ts'],
    ['a file at the top of the server', 'sql-fixture.ts'],
    ['the change log', 'change-log/sql-fixture.ts'],
    ['a service', 'modules/hotel/sql-fixture.ts'],
  ])('lint refuses a SQL call through a renamed client in %s (issue 44, point 4)', async (_what, file) => {
    const code = [
      "import { sql } from 'drizzle-orm';",
      "import type { FastifyInstance } from 'fastify';",
      'export const count = (app: FastifyInstance) => {',
      '  const database = app.db;',
      '  return database.execute(sql`select count(*) from rooms`);',
      '};',
      '',
    ].join('\n');
    expect(await sqlOutside(file, code)).not.toEqual([]);
  });

  it('lint refuses a query on a renamed client through the module’s own tables, a driver, and the client’s statements (issue 44, point 4)', async () => {
    const ownTables = [
      "import type { FastifyInstance } from 'fastify';",
      "import { rooms } from './tables';",
      'export const read = (app: FastifyInstance) => {',
      '  const database = app.db;',
      '  return database.select().from(rooms);',
      '};',
      '',
    ].join('\n');
    expect(await sqlOutside('modules/hotel/sql-fixture.ts', ownTables)).toHaveLength(1);
    const text = "import type { FastifyInstance } from 'fastify';\nexport const count = (app: FastifyInstance) => {\n  const database = app.db;\n  return database.execute('select count(*) from rooms');\n};\n";
    expect(await sqlOutside('plugins/sql-fixture.ts', text)).toHaveLength(1);
    expect(await sqlOutside('jobs-fixture.ts', "import pg from 'pg';\nexport const client = new pg.Client();\n")).toHaveLength(1);
    expect(await sqlOutside('plugins/sql-fixture.ts', "import { analyze } from '../db/client';\nexport const run = analyze;\n")).toHaveLength(1);
    // Opening the database at an entry point, and a row's type, are not SQL.
    expect(await sqlOutside('cli/sql-fixture.ts', "import { openDatabase } from '../db/client';\nimport type { rooms } from '../modules/hotel/tables';\nexport const open = openDatabase;\nexport type Room = typeof rooms.$inferSelect;\n")).toEqual([]);
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

describe('every table has one owner (issue 44, point 3)', () => {
  it.each([
    ["a repository reading another module's table", 'modules/reviews/repository.ts', "import { orders } from '../orders/tables';\nexport const t = orders;\n"],
    ["a service reading another module's table", 'modules/delivery/table-fixture.ts', "import { rooms } from '../hotel/tables';\nexport const t = rooms;\n"],
    ['a module taking a table from db/schema', 'modules/delivery/repository.ts', "import { products } from '../../db/schema';\nexport const t = products;\n"],
    ["a plugin reading a module's table", 'plugins/table-fixture.ts', "import { users } from '../modules/auth/tables';\nexport const t = users;\n"],
    ['a module re-exporting another’s table', 'modules/promo/table-fixture.ts', "export { orders } from '../orders/tables';\n"],
  ])('lint refuses %s', async (_what, file, code) => {
    expect(await tableBorrowed(file, code)).toHaveLength(1);
  });

  it('lets a repository use its own tables, a tables.ts name another’s in a foreign key, and anyone name a row’s type', async () => {
    expect(await tableBorrowed('modules/delivery/repository.ts', "import { products } from './tables';\nexport const t = products;\n")).toEqual([]);
    expect(await tableBorrowed('modules/calendars/tables.ts', "import { rooms } from '../hotel/tables';\nexport const t = () => rooms.id;\n")).toEqual([]);
    expect(await tableBorrowed('modules/reviews/present.ts', "import type { orders } from '../orders/tables';\nexport type Order = typeof orders.$inferSelect;\n")).toEqual([]);
  });

  it('allows only the reads eslint.config.js lists, and each listed read is still made', async () => {
    const { tableImportsAllowed } = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as { tableImportsAllowed: Record<string, Record<string, string>> };
    for (const [file, tables] of Object.entries(tableImportsAllowed)) {
      const text = await readFile(path.join(root, 'apps/api/src', file), 'utf8');
      const imported = [...text.matchAll(/import \{([^}]*)\} from '[./]+(?:[\w-]+\/)*tables';/g)].flatMap((match) => match[1]!.split(',').map((name) => name.trim()));
      for (const [table, reason] of Object.entries(tables)) {
        expect(reason.length, `${file} → ${table}: a reason`).toBeGreaterThan(4);
        if (table !== '*') expect(imported, `${file} still reads ${table}`).toContain(table);
      }
    }
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
