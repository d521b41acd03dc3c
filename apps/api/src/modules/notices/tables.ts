/**
 * The notices module's tables (docs/decisions/053-staff-notices.md): each member of staff's
 * channels, quiet hours and Telegram chat; each notice as it happened (facts without personal
 * data); and one delivery per person and channel, sent by the notices' timer once it is due.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTICE_KINDS } from '@hotel/domain';
import { users } from '../auth/tables';

export const noticeKindEnum = pgEnum('notice_kind', NOTICE_KINDS);
export const noticeChannelEnum = pgEnum('notice_channel', ['email', 'telegram']);
export const noticeDeliveryStatusEnum = pgEnum('notice_delivery_status', ['pending', 'sending', 'sent', 'failed']);

/** A member of staff's choices; no row: e-mail and Telegram on, no quiet hours, no chat linked. */
export const staffNoticeSettings = pgTable(
  'staff_notice_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: boolean('email').notNull().default(true),
    telegram: boolean('telegram').notNull().default(true),
    /** Hotel time, "23:00"; both set or both null. */
    quietFrom: text('quiet_from'),
    quietTo: text('quiet_to'),
    /** The chat with the hotel's bot, once the person opened their link. */
    telegramChatId: text('telegram_chat_id'),
    /** The sha256 of the one-time code in the bot's link, and until when it may be used. */
    telegramCodeHash: text('telegram_code_hash'),
    telegramCodeExpiresAt: timestamp('telegram_code_expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_notice_settings_code_key').on(t.telegramCodeHash), uniqueIndex('staff_notice_settings_chat_key').on(t.telegramChatId)],
);

export interface NoticeFacts {
  /** The record it is about (a reservation's, a table's, an order's, a payment's id), for the link. */
  id?: number | string;
  /** A room's name, both languages. */
  room?: { ru: string; en: string };
  arrival?: string;
  departure?: string;
  /** Guests, or a table's party. */
  people?: number;
  /** A table's day and time, an order's delivery time (ISO), hotel time. */
  date?: string;
  time?: string;
  /** Kopecks. */
  amount?: number;
  /** Who made or ended it: the site, staff, a booking site's calendar. */
  source?: string;
  /** An ERIP bill's number. */
  bill?: string;
}

export const staffNotices = pgTable('staff_notices', {
  id: serial('id').primaryKey(),
  kind: noticeKindEnum('kind').notNull(),
  facts: jsonb('facts').$type<NoticeFacts>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const staffNoticeDeliveries = pgTable(
  'staff_notice_deliveries',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => staffNotices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: noticeChannelEnum('channel').notNull(),
    status: noticeDeliveryStatusEnum('status').notNull().default('pending'),
    /** Not before: the end of the person's quiet hours, or a retry's time. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    // Once per person and channel, whoever fans the notice out.
    uniqueIndex('staff_notice_deliveries_once_key').on(t.noticeId, t.userId, t.channel),
    index('staff_notice_deliveries_due_idx').on(t.dueAt).where(sql`${t.status} in ('pending', 'sending')`),
  ],
);
