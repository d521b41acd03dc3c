/**
 * Modules depend one way (docs/decisions/061-modules-one-way.md, 071): `npm run graph:api` prints
 * every pair of modules that import each other, by code, by a read of another's tables.ts or by a
 * foreign key, with the files on both sides, and fails on it, as on any longer ring of imports,
 * tables' included.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const graph = (...args: string[]) => spawnSync(process.execPath, [path.join(root, 'scripts/api-graph.mjs'), ...args], { encoding: 'utf8' });

/** Runs the graph on a tree of these files (laid out as apps/api/src), removed after. */
async function graphOf(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pairs-fixture-'));
  try {
    for (const [name, code] of Object.entries({ 'plugins/p.ts': 'export const p = 1;\n', ...files })) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), code);
    }
    return graph('--src', dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('no two modules import each other, by code or through a table (issue 44)', () => {
  it('fails on a pair made by a read of a table, printing both sides with their files', async () => {
    const result = await graphOf({
      'modules/restaurant/table-bookings.ts': "import { dishes } from '../delivery/menu';\nexport const booked = dishes;\n",
      'modules/delivery/menu.ts': 'export const dishes = 1;\n',
      'modules/delivery/repository.ts': "import { tableReservations } from '../restaurant/tables';\nexport const read = tableReservations;\n",
      'modules/restaurant/tables.ts': 'export const tableReservations = 1;\n',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('delivery ↔ restaurant\n');
    expect(result.stdout).toContain('read: modules/delivery/repository.ts → modules/restaurant/tables');
    expect(result.stdout).toContain('call: modules/restaurant/table-bookings.ts → modules/delivery/menu');
    expect(result.stdout).toContain('modules importing each other: delivery ↔ restaurant');
  });

  it('fails on a pair made by a foreign key', async () => {
    const result = await graphOf({
      'modules/reviews/service.ts': "import { dishes } from '../delivery/menu';\nexport const used = dishes;\n",
      'modules/delivery/menu.ts': 'export const dishes = 1;\n',
      'modules/delivery/tables.ts': "import { reviews } from '../reviews/tables';\nexport const products = reviews;\n",
      'modules/reviews/tables.ts': 'export const reviews = 1;\n',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('key: modules/delivery/tables.ts → modules/reviews/tables');
    expect(result.stdout).toContain('modules importing each other: delivery ↔ reviews');
  });

  it('fails on a longer ring closed by a read of a table', async () => {
    const result = await graphOf({
      'modules/hotel/reservations.ts': "import { redeem } from '../promo/promo';\nexport const book = redeem;\n",
      'modules/promo/promo.ts': "import { pay } from '../payments/service';\nexport const redeem = pay;\n",
      'modules/payments/service.ts': 'export const pay = 1;\n',
      'modules/payments/repository.ts': "import { reservations } from '../hotel/tables';\nexport const read = reservations;\n",
      'modules/hotel/tables.ts': 'export const reservations = 1;\n',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('↔');
    expect(result.stdout).toContain('cycle between modules/hotel, modules/payments, modules/promo');
  });

  it('passes a tree that goes one way, a table naming a row above through db/keys.ts', async () => {
    const oneWay = await graphOf({
      'modules/hotel/reservations.ts': "import { redeem } from '../promo/promo';\nexport const book = redeem;\n",
      'modules/hotel/tables.ts': "import { keyTarget } from '../../db/keys';\nexport const reservations = 1;\nkeyTarget('reservation', reservations);\n",
      'modules/promo/promo.ts': 'export const redeem = 1;\n',
      'modules/promo/tables.ts': "import { upperKey } from '../../db/keys';\nexport const uses = upperKey('reservation');\n",
      'db/keys.ts': 'export const keyTarget = () => {};\nexport const upperKey = () => {};\n',
    });
    expect(oneWay.stdout).not.toContain('↔');
    expect(oneWay.stdout).toContain('no two modules import each other');
    expect(oneWay.status).toBe(0);
  });

  it('passes the real tree: no two modules import each other', () => {
    const result = graph();
    expect(result.stdout).not.toContain('↔');
    expect(result.status).toBe(0);
  });

  it("apps/api/README.md's table of which module calls which is the graph's calls, each row calling only rows below it", async () => {
    const found = new Map<string, string[]>();
    for (const [, from, to] of graph().stdout.matchAll(/^modules\/([a-z-]+) → modules\/([a-z-]+):/gm)) found.set(from!, [...(found.get(from!) ?? []), to!]);
    const readme = await readFile(path.join(root, 'apps/api/README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('| module | calls |'));
    const rows = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\s*\| `([a-z-]+)` \| (.+) \|$/gm)].map(([, from, calls]) => [from!, [...calls!.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!)] as const);
    const expected = [...found].map(([from, calls]) => `| \`${from}\` | ${calls.sort().map((c) => `\`${c}\``).join(', ')} |`).sort();
    expect(rows.map(([from, calls]) => `| \`${from}\` | ${[...calls].sort().map((c) => `\`${c}\``).join(', ')} |`).sort(), 'the README\'s rows, as the graph finds them').toEqual(expected);
    const order = rows.map(([from]) => from);
    for (const [from, calls] of rows) {
      for (const to of calls) if (order.includes(to)) expect(order.indexOf(to), `${from} calls ${to}, which must lie below it`).toBeGreaterThan(order.indexOf(from));
    }
  });
});
