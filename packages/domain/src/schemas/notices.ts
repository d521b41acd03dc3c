/**
 * Staff notices (issue 49, point 5): what happens that staff are told of, which role each concerns,
 * and each person's choice of channels and quiet hours (docs/decisions/053-staff-notices.md).
 */
import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../rules/staff-roles';

export const NOTICE_KINDS = ['booking', 'cancellation', 'table', 'calendar_conflict', 'order', 'refund_failed', 'late_payment'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The one role each notice goes to; a person is told when they hold that role themselves. */
export const NOTICE_ROLE: Record<NoticeKind, StaffRole> = {
  booking: 'reception',
  cancellation: 'reception',
  table: 'reception',
  calendar_conflict: 'reception',
  order: 'kitchen',
  refund_failed: 'accountant',
  /** Money that came for an ERIP bill after it expired and freed what it held: refunded (decision 058). */
  late_payment: 'accountant',
};

/** The kinds a person holding `roles` is told of. */
export function noticeKindsOf(roles: readonly StaffRole[]): NoticeKind[] {
  return NOTICE_KINDS.filter((kind) => roles.includes(NOTICE_ROLE[kind]));
}


/** A time of day on the hotel's clock, "23:00". */
export const clockTimeSchema = z
  .string('account:notices.validation.time')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'account:notices.validation.time');

/** No notice is sent between `from` and `to` (hotel time; may run past midnight); they wait until `to`. */
export const quietHoursSchema = z
  .strictObject({ from: clockTimeSchema, to: clockTimeSchema })
  .refine((hours) => hours.from !== hours.to, { message: 'account:notices.validation.sameTimes', path: ['to'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** PUT account/notices/: the channels and quiet hours of the signed-in member of staff. */
export const noticePreferencesInputSchema = z.strictObject({
  email: z.boolean('common:validation.invalid'),
  telegram: z.boolean('common:validation.invalid'),
  quiet_hours: quietHoursSchema.nullable(),
});
export type NoticePreferencesInput = z.infer<typeof noticePreferencesInputSchema>;

export const noticePreferencesSchema = z.object({
  email: z.boolean(),
  telegram: z.boolean(),
  quiet_hours: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** A chat with the hotel's bot is linked to this account. */
  telegram_linked: z.boolean(),
  /** The hotel has a Telegram bot (TELEGRAM_BOT_TOKEN). */
  telegram_available: z.boolean(),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** What this person is told of, by their roles. */
  kinds: z.array(z.enum(NOTICE_KINDS)),
});
export type NoticePreferences = z.infer<typeof noticePreferencesSchema>;

/** POST account/notices/telegram/: the one-time link that opens the bot and links the chat. */
export const telegramLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

/** Minutes a link to the bot may be opened. */
export const TELEGRAM_LINK_MINUTES = 15;
