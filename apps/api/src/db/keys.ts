/**
 * Foreign keys that point up the modules' order without an import (docs/decisions/071-keys-named-from-below.md).
 * A module's row may name the entity of a module that calls it (a use of a promo code its
 * reservation, a bill's line its order), but importing the caller's tables.ts would make the two
 * modules import each other. So the owner registers the column here, right after its table, and
 * the lower table names it by its key: drizzle asks for a foreign key's target only when it builds
 * the constraint (drizzle-kit, `getTableConfig`), by which time db/schema.ts has loaded every
 * tables.ts. The constraint is the same one, under the same name, as with a direct import.
 */
import { getTableName } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** What a table may name of a module above its own: the owner that registers it, and the column it is. */
export const UPPER_KEYS = {
  /** A stay: extras, bills, payments and uses of a promo code name it. */
  reservation: { owner: 'modules/hotel/tables.ts', column: 'reservations.id' },
  /** A food order: bills' lines, payments and uses of a promo code name it. */
  order: { owner: 'modules/orders/tables.ts', column: 'orders.id' },
  /** A booking site's calendar: the room holds it imported name it. */
  calendarFeed: { owner: 'modules/calendars/tables.ts', column: 'calendar_feeds.id' },
} as const;

export type UpperKey = keyof typeof UPPER_KEYS;

const targets = new Map<UpperKey, AnyPgColumn>();

/** Called once by the owner's tables.ts, after the table, for each key a lower module's table may name. */
export function keyTarget(key: UpperKey, column: AnyPgColumn): void {
  const { owner, column: expected } = UPPER_KEYS[key];
  const registered = `${getTableName(column.table)}.${column.name}`;
  if (registered !== expected) throw new Error(`keyTarget('${key}'): ${owner} registered ${registered}, but UPPER_KEYS in db/keys.ts says ${expected}.`);
  targets.set(key, column);
}

/** The target of `.references(upperKey('reservation'), { onDelete })`, looked up when drizzle builds the constraint. */
export function upperKey(key: UpperKey): () => AnyPgColumn {
  return () => {
    const column = targets.get(key);
    if (!column) {
      const { owner, column: expected } = UPPER_KEYS[key];
      throw new Error(`No table registered the key '${key}' (${expected}): ${owner} calls keyTarget('${key}', …) after its table, and db/schema.ts must have loaded it first.`);
    }
    return column;
  };
}
