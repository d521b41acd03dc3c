/** The notices module's SQL: who is told, their choices and chats, the notices and their deliveries. */
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { NoticeKind, StaffRole } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { staffRoles, users } from '../auth/tables';
import { staffNoticeDeliveries, staffNotices, staffNoticeSettings, type NoticeFacts } from './tables';

export type NoticeSettingsRow = typeof staffNoticeSettings.$inferSelect;
export type DeliveryRow = typeof staffNoticeDeliveries.$inferSelect;
export type NoticeChannel = DeliveryRow['channel'];

export interface Recipient {
  userId: number;
  email: boolean | null;
  telegram: boolean | null;
  quietFrom: string | null;
  quietTo: string | null;
  telegramChatId: string | null;
}

/** Active accounts that hold `role` themselves, with their choices (null: no row yet, the defaults). */
export async function activeHoldersOf(db: Db | Tx, role: StaffRole): Promise<Recipient[]> {
  return db
    .select({
      userId: users.id,
      email: staffNoticeSettings.email,
      telegram: staffNoticeSettings.telegram,
      quietFrom: staffNoticeSettings.quietFrom,
      quietTo: staffNoticeSettings.quietTo,
      telegramChatId: staffNoticeSettings.telegramChatId,
    })
    .from(staffRoles)
    .innerJoin(users, eq(users.id, staffRoles.userId))
    .leftJoin(staffNoticeSettings, eq(staffNoticeSettings.userId, users.id))
    .where(and(eq(staffRoles.role, role), eq(users.isActive, true)))
    .orderBy(asc(users.id));
}

export async function rolesOf(db: Db | Tx, userId: number): Promise<StaffRole[]> {
  const rows = await db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId));
  return rows.map((row) => row.role);
}

export async function insertNotice(tx: Tx, kind: NoticeKind, facts: NoticeFacts, now: Date): Promise<number> {
  const [row] = await tx.insert(staffNotices).values({ kind, facts, createdAt: now }).returning({ id: staffNotices.id });
  return row!.id;
}

export async function insertDeliveries(tx: Tx, rows: Pick<typeof staffNoticeDeliveries.$inferInsert, 'noticeId' | 'userId' | 'channel' | 'dueAt'>[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(staffNoticeDeliveries).values(rows).onConflictDoNothing();
}

/**
 * Takes up to `limit` deliveries due by `now` for this instance: each is moved to `sending` with
 * its due time pushed to `leaseUntil`, so another instance (or a later round, after a crash) takes
 * it again only once the lease is over. Rows another transaction holds are skipped.
 */
export async function claimDueDeliveries(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: staffNoticeDeliveries.id })
    .from(staffNoticeDeliveries)
    .where(and(inArray(staffNoticeDeliveries.status, ['pending', 'sending']), lte(staffNoticeDeliveries.dueAt, now)))
    .orderBy(asc(staffNoticeDeliveries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(staffNoticeDeliveries)
    .set({ status: 'sending', dueAt: leaseUntil, attempts: sql`${staffNoticeDeliveries.attempts} + 1` })
    .where(inArray(staffNoticeDeliveries.id, due))
    .returning();
}

export interface DeliveryContext {
  kind: NoticeKind;
  facts: NoticeFacts;
  createdAt: Date;
  email: string;
  language: 'ru' | 'en';
  isActive: boolean;
  settings: NoticeSettingsRow | null;
}

export async function deliveryContext(db: Db, delivery: DeliveryRow): Promise<DeliveryContext | undefined> {
  const [row] = await db
    .select({
      kind: staffNotices.kind,
      facts: staffNotices.facts,
      createdAt: staffNotices.createdAt,
      email: users.email,
      language: users.language,
      isActive: users.isActive,
      settings: staffNoticeSettings,
    })
    .from(staffNotices)
    .innerJoin(users, eq(users.id, delivery.userId))
    .leftJoin(staffNoticeSettings, eq(staffNoticeSettings.userId, users.id))
    .where(eq(staffNotices.id, delivery.noticeId));
  return row;
}

export async function finishDelivery(db: Db, id: number, values: Pick<Partial<DeliveryRow>, 'status' | 'sentAt' | 'dueAt' | 'lastError'>): Promise<void> {
  await db.update(staffNoticeDeliveries).set(values).where(eq(staffNoticeDeliveries.id, id));
}

export async function findSettings(db: Db | Tx, userId: number): Promise<NoticeSettingsRow | undefined> {
  const [row] = await db.select().from(staffNoticeSettings).where(eq(staffNoticeSettings.userId, userId));
  return row;
}

export async function saveSettings(
  db: Db,
  userId: number,
  values: Pick<Partial<NoticeSettingsRow>, 'email' | 'telegram' | 'quietFrom' | 'quietTo' | 'telegramChatId' | 'telegramCodeHash' | 'telegramCodeExpiresAt'>,
  now: Date,
): Promise<NoticeSettingsRow> {
  const [row] = await db
    .insert(staffNoticeSettings)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: staffNoticeSettings.userId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

/** Links the chat to the account whose unexpired code this is (the code is spent); answers that account, or null. */
export async function linkChatByCode(db: Db, codeHash: string, chatId: string, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ userId: staffNoticeSettings.userId })
      .from(staffNoticeSettings)
      .where(and(eq(staffNoticeSettings.telegramCodeHash, codeHash), gt(staffNoticeSettings.telegramCodeExpiresAt, now)))
      .for('update');
    if (!owner) return null;
    // One chat tells one account: linked elsewhere before, it moves here.
    await tx.update(staffNoticeSettings).set({ telegramChatId: null, updatedAt: now }).where(eq(staffNoticeSettings.telegramChatId, chatId));
    await tx
      .update(staffNoticeSettings)
      .set({ telegramChatId: chatId, telegramCodeHash: null, telegramCodeExpiresAt: null, updatedAt: now })
      .where(eq(staffNoticeSettings.userId, owner.userId));
    return owner.userId;
  });
}

/** Forgets the chat (the person wrote /stop to the bot); answers whose it was, or null. */
export async function unlinkChat(db: Db, chatId: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(staffNoticeSettings)
    .set({ telegramChatId: null, updatedAt: now })
    .where(eq(staffNoticeSettings.telegramChatId, chatId))
    .returning({ userId: staffNoticeSettings.userId });
  return row?.userId ?? null;
}

export async function userLanguage(db: Db, userId: number): Promise<'ru' | 'en'> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? 'ru';
}
