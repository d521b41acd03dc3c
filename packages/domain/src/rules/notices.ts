/**
 * Staff notices' refusals in both languages (issue 49, point 5; schemas/notices.ts holds the
 * kinds, the roles and the channels' input).
 */
import type { Language } from '../constants';

export const NOTICE_MESSAGES = {
  'account:notices.validation.time': { ru: 'Время в виде ЧЧ:ММ, от 00:00 до 23:59', en: 'A time as HH:MM, from 00:00 to 23:59' },
  'account:notices.validation.sameTimes': { ru: 'Начало и конец тихих часов не могут совпадать', en: 'Quiet hours cannot start and end at the same time' },
  'account:notices.refused.notStaff': { ru: 'Уведомления получают только сотрудники', en: 'Only staff receive notices' },
  'account:notices.refused.noBot': {
    ru: 'Бот Telegram у гостиницы не настроен',
    en: "The hotel's Telegram bot is not set up",
  },
  'account:notices.refused.botUnreachable': {
    ru: 'Telegram сейчас не отвечает; попробуйте ещё раз через минуту',
    en: 'Telegram does not answer now; try again in a minute',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type NoticeMessageKey = keyof typeof NOTICE_MESSAGES;

/** A notice message in `language`; any other text is returned as it is. */
export function noticeMessage(key: string, language: Language): string {
  return key in NOTICE_MESSAGES ? NOTICE_MESSAGES[key as NoticeMessageKey][language] : key;
}
