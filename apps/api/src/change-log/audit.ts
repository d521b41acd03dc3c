/**
 * The change log (the audit log; GET admin/log/, superuser only): every staff change is written in
 * the same transaction as the change itself, so the log never claims a change that was rolled back
 * nor misses one that was made. It sits below the domain modules, which all write to it, and
 * imports none of them.
 */
import type { FastifyRequest } from 'fastify';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_TARGET_KINDS,
  localizedTextSchema,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  type AuditTargetKind,
  type LocalizedText,
} from '@hotel/domain';
import type { Db, Tx } from '../db/client';
import { auditEventsBefore, insertAuditEvent, namesOf, type NamedKind } from './repository';
import { HttpError } from '../plugins/errors';

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
  // The session plugin (modules/auth/session.ts) has put the signed-in staff member here.
  const actor = request.user;
  if (!actor) throw new HttpError(401, 'Authentication required');
  await insertAuditEvent(db, { actorId: actor.id, actorEmail: actor.email, ...record });
}

/** A change the house makes on its own (a timer's erasure of personal data): the log names no person. */
export async function auditBySystem(db: Db | Tx, record: AuditRecord): Promise<void> {
  await insertAuditEvent(db, { actorId: null, actorEmail: 'system', ...record });
}

/** "room 3" → room, "3"; "user anna@example.com" → user, the e-mail. Null for a target of another shape. */
export function parseTarget(target: string): { kind: AuditTargetKind; id: string } | null {
  const space = target.indexOf(' ');
  const kind = target.slice(0, space);
  const id = target.slice(space + 1);
  return space > 0 && id && (AUDIT_TARGET_KINDS as readonly string[]).includes(kind) ? { kind: kind as AuditTargetKind, id } : null;
}

/** The field an entry keeps a kind's name in once the row is deleted (where it lives now: repository.ts). */
const NAMED_KINDS: Record<NamedKind, { field: string }> = {
  room: { field: 'name' },
  product: { field: 'name' },
  category: { field: 'title' },
  amenity: { field: 'description' },
};
const isNamed = (kind: AuditTargetKind): kind is NamedKind => kind in NAMED_KINDS;
const isRowId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

/** The names of a page's targets: one query by primary key per kind that has entries, at most four. */
async function targetNames(db: Db, targets: ({ kind: AuditTargetKind; id: string } | null)[]): Promise<Map<string, LocalizedText>> {
  const names = new Map<string, LocalizedText>();
  await Promise.all(
    (Object.keys(NAMED_KINDS) as NamedKind[]).map(async (kind) => {
      const ids = [...new Set(targets.flatMap((target) => (target?.kind === kind ? [Number(target.id)] : [])))].filter(isRowId);
      if (!ids.length) return;
      const rows = await namesOf(db, kind, ids);
      for (const row of rows) names.set(`${kind} ${row.id}`, row.name);
    }),
  );
  return names;
}

/** The name an entry kept of its target (a deleted dish's, a new category's), when the row no longer says. */
function keptName(kind: NamedKind, before: Values, after: Values): LocalizedText | null {
  const field = NAMED_KINDS[kind].field;
  const kept = localizedTextSchema.safeParse(after?.[field] ?? before?.[field]);
  return kept.success ? kept.data : null;
}

export async function auditPage(db: Db, before?: number): Promise<AuditPage> {
  const rows = await auditEventsBefore(db, before, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({ row, target: parseTarget(row.target) }));
  const names = await targetNames(db, page.map(({ target }) => target));
  const entries = page.map(
    ({ row, target }): AuditEntry => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action as AuditAction,
      actor: { id: row.actorId, email: row.actorEmail },
      target: row.target,
      target_kind: target?.kind ?? null,
      target_id: target?.id ?? null,
      target_name: target && isNamed(target.kind) ? (names.get(`${target.kind} ${target.id}`) ?? keptName(target.kind, row.before, row.after)) : null,
      before: row.before,
      after: row.after,
    }),
  );
  return { entries, next: rows.length > AUDIT_PAGE_SIZE ? entries.at(-1)!.id : null };
}
