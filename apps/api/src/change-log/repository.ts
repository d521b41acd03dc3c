/** The change log's SQL: its entries, and the names its targets have now. */
import { desc, inArray, lt } from 'drizzle-orm';
import type { LocalizedText } from '@hotel/domain';
import type { Db, Tx } from '../db/client';
import { categories, products } from '../modules/delivery/tables';
import { conveniences, rooms } from '../modules/hotel/tables';
import { auditEvents } from './tables';

export type AuditEventRow = typeof auditEvents.$inferSelect;

export async function insertAuditEvent(db: Db | Tx, values: typeof auditEvents.$inferInsert): Promise<void> {
  await db.insert(auditEvents).values(values);
}

/** Up to `limit` entries, newest first, those before the entry `before` when it is given. */
export function auditEventsBefore(db: Db, before: number | undefined, limit: number): Promise<AuditEventRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(before ? lt(auditEvents.id, before) : undefined)
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}

/** Where a kind's name lives now. The log lies below the modules and reads these four names itself (decision 050). */
const NAME_COLUMNS = {
  room: { table: rooms, column: rooms.name },
  product: { table: products, column: products.name },
  category: { table: categories, column: categories.title },
  amenity: { table: conveniences, column: conveniences.description },
} as const;
export type NamedKind = keyof typeof NAME_COLUMNS;

/** The names of these rows of a kind, by id: one query by primary key. */
export async function namesOf(db: Db, kind: NamedKind, ids: number[]): Promise<{ id: number; name: LocalizedText }[]> {
  const { table, column } = NAME_COLUMNS[kind];
  return db.select({ id: table.id, name: column }).from(table).where(inArray(table.id, ids));
}
