/**
 * Foreign keys named from below (docs/decisions/071-keys-named-from-below.md): a table names a row
 * of a module above its own through db/keys.ts instead of importing its tables.ts. Whichever way a
 * table names its target, the constraints must stay those the migrations made: the schema's foreign
 * keys (as drizzle-kit reads them) equal the latest snapshot's, and the migrated database has
 * exactly those. A key no owner registered fails with the owner's file in its message.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as schema from '../../src/db/schema';
import { reservations } from '../../src/modules/hotel/tables';
import { createTestApp, type TestApp } from '../app';

const drizzleFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

interface ForeignKey {
  name: string;
  tableFrom: string;
  columnsFrom: string[];
  tableTo: string;
  columnsTo: string[];
  onDelete: string;
  onUpdate: string;
}

const byName = (a: ForeignKey, b: ForeignKey) => a.name.localeCompare(b.name);

/** Every foreign key the last migration's snapshot records, as drizzle-kit compares them. */
async function snapshotForeignKeys(): Promise<ForeignKey[]> {
  const journal = JSON.parse(await readFile(path.join(drizzleFolder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1)!.idx;
  const snapshot = JSON.parse(await readFile(path.join(drizzleFolder, `meta/${String(last).padStart(4, '0')}_snapshot.json`), 'utf8')) as {
    tables: Record<string, { foreignKeys: Record<string, ForeignKey> }>;
  };
  return Object.values(snapshot.tables)
    .flatMap((table) => Object.values(table.foreignKeys))
    .map(({ name, tableFrom, columnsFrom, tableTo, columnsTo, onDelete, onUpdate }) => ({ name, tableFrom, columnsFrom, tableTo, columnsTo, onDelete, onUpdate }))
    .sort(byName);
}

/** Every foreign key the schema declares, resolved as drizzle-kit resolves them. */
function schemaForeignKeys(): ForeignKey[] {
  return Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .flatMap((table) =>
      getTableConfig(table).foreignKeys.map((key) => {
        const { columns, foreignTable, foreignColumns } = key.reference();
        return {
          name: key.getName(),
          tableFrom: getTableName(table),
          columnsFrom: columns.map((column) => column.name),
          tableTo: getTableName(foreignTable),
          columnsTo: foreignColumns.map((column) => column.name),
          onDelete: key.onDelete ?? 'no action',
          onUpdate: key.onUpdate ?? 'no action',
        };
      }),
    )
    .sort(byName);
}

describe("foreign keys stay the migrations' whichever way a table names its target", () => {
  it("the schema declares exactly the latest snapshot's foreign keys", async () => {
    const declared = schemaForeignKeys();
    expect(declared.length).toBeGreaterThan(0);
    expect(declared).toEqual(await snapshotForeignKeys());
  });

  describe('the migrated database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it("has exactly the snapshot's foreign key constraints", async () => {
      const { rows } = (await t.app.db.execute(sql`
        select c.conname as name, src.relname as "tableFrom", dst.relname as "tableTo", c.confdeltype as "onDelete", c.confupdtype as "onUpdate",
               array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as "columnsFrom",
               array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as "columnsTo"
          from pg_constraint c
          join pg_class src on src.oid = c.conrelid
          join pg_class dst on dst.oid = c.confrelid
          join pg_namespace ns on ns.oid = src.relnamespace
         where c.contype = 'f' and ns.nspname = 'public'`)) as unknown as { rows: ForeignKey[] };
      const action: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };
      const found = rows.map((row) => ({ ...row, onDelete: action[row.onDelete]!, onUpdate: action[row.onUpdate]! })).sort(byName);
      expect(found).toEqual(await snapshotForeignKeys());
    });
  });

  it('names a row of a module above through db/keys.ts: a key no owner registered throws, naming the owner', async () => {
    // A fresh copy of db/keys.ts, which no tables.ts has registered anything with (last: the
    // tests above use the schema as loaded).
    vi.resetModules();
    const { keyTarget, upperKey } = await import('../../src/db/keys');
    const target = upperKey('order');
    expect(target).toThrow(/'order' \(orders\.id\): modules\/orders\/tables\.ts calls keyTarget/);
    // An owner registers only the column the list says it is.
    expect(() => keyTarget('order', reservations.id)).toThrow(/modules\/orders\/tables\.ts registered reservations\.id, but UPPER_KEYS in db\/keys\.ts says orders\.id/);
    keyTarget('reservation', reservations.id);
    expect(upperKey('reservation')()).toBe(reservations.id);
  });
});
