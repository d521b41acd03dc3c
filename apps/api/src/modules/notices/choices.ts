/**
 * A member of staff's own choices for notices (issue 49, point 5; decision 053): the channels and
 * quiet hours, and the Telegram chat linked by a one-time code. The one writer of those rows: the
 * routes and the bot's webhook call these.
 */
import type { Db } from '../../db/client';
import { linkChatByCode, saveSettings, unlinkChat } from './repository';

/** Writes the person's channels and quiet hours, or the Telegram link's code and chat. */
export function saveNoticeChoices(db: Db, userId: number, values: Parameters<typeof saveSettings>[2], now: Date): Promise<void> {
  return saveSettings(db, userId, values, now).then(() => undefined);
}

/** The bot was sent `/start <code>`: the chat of the code's owner, if the code is live; answers the owner's id. */
export function linkTelegramChat(db: Db, codeHash: string, chatId: string, now: Date): Promise<number | null> {
  return linkChatByCode(db, codeHash, chatId, now);
}

/** The bot was sent `/stop`: that chat gets no more notices; answers whose it was. */
export function unlinkTelegramChat(db: Db, chatId: string, now: Date): Promise<number | null> {
  return unlinkChat(db, chatId, now);
}
