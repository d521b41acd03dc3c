/**
 * The audit log (GET admin/log/, superuser only): every admin change is written in the same
 * transaction as the change itself, so the log never claims a change that was rolled back nor
 * misses one that was made.
 */
import { desc, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry, type AuditPage } from '@hotel/domain';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { currentUser } from '../auth/session';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Values = Record<string, unknown> | null;

export interface AuditRecord {
  action: AuditAction;
  target: string;
  before: Values;
  after: Values;
}

/** Only the fields that changed, so an entry reads as "price 100 → 120", not as two whole rows. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: Values; after: Values } | null {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key] ?? null;
      is[key] = after[key] ?? null;
    }
  }
  return Object.keys(is).length ? { before: was, after: is } : null;
}

export async function audit(db: Db | Tx, request: FastifyRequest, record: AuditRecord): Promise<void> {
  const actor = currentUser(request);
  await db.insert(auditEvents).values({ actorId: actor.id, actorEmail: actor.email, ...record });
}

export async function auditPage(db: Db, before?: number): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(before ? lt(auditEvents.id, before) : undefined)
    .orderBy(desc(auditEvents.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const entries = rows.slice(0, AUDIT_PAGE_SIZE).map(
    (row): AuditEntry => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action as AuditAction,
      actor: { id: row.actorId, email: row.actorEmail },
      target: row.target,
      before: row.before,
      after: row.after,
    }),
  );
  return { entries, next: rows.length > AUDIT_PAGE_SIZE ? entries.at(-1)!.id : null };
}
