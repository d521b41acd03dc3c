/**
 * The Idempotency-Key of creating requests (plugins/idempotency.ts).
 */
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { users } from '../modules/auth/tables';

/**
 * Idempotency-Key of a creating request (a booking, an order): a retry with the same key gets the
 * first answer again instead of a second resource or a conflict with its own first one.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the key created: 'reservation', 'order'. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body: the same key with another body is a client error. */
    requestHash: text('request_hash').notNull(),
    /** The id of what the first request created; null while that request is under way. */
    resourceId: integer('resource_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
