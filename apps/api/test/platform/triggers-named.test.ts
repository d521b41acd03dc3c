/**
 * Issue 44, point 3: behaviour kept in SQL triggers is named where a reader of the owner's code
 * looks first. Every trigger of a migrated database must be named (as `name`) in the tables.ts that
 * declares the table it fires on; a trigger added by a migration without that fails here.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Every tables.ts under apps/api/src, by the tables it declares: table name → the file's text and path. */
async function tablesFiles(): Promise<Map<string, { file: string; text: string }>> {
  const files = (await readdir(src, { recursive: true })).map(String).filter((file) => file === 'tables.ts' || file.endsWith(`${path.sep}tables.ts`));
  const byTable = new Map<string, { file: string; text: string }>();
  for (const file of files) {
    const text = await readFile(path.join(src, file), 'utf8');
    for (const match of text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) byTable.set(match[1]!, { file, text });
  }
  return byTable;
}

describe('triggers are named in their owner’s tables.ts (issue 44, point 3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every trigger of the migrated database is named in the tables.ts of the table it fires on', async () => {
    const { rows } = (await t.app.db.execute(sql`
      select tg.tgname as trigger, cl.relname as "table"
        from pg_trigger tg
        join pg_class cl on cl.oid = tg.tgrelid
        join pg_namespace ns on ns.oid = cl.relnamespace
       where not tg.tgisinternal and ns.nspname = 'public'
       order by 2, 1`)) as unknown as { rows: { trigger: string; table: string }[] };
    expect(rows.length).toBeGreaterThan(0);
    const owners = await tablesFiles();
    const unnamed = rows
      .filter(({ trigger, table }) => !owners.get(table)?.text.includes(`\`${trigger}\``))
      .map(({ trigger, table }) => `${trigger} on ${table} (${owners.get(table)?.file ?? 'no tables.ts declares it'})`);
    expect(unnamed).toEqual([]);
  });
});
