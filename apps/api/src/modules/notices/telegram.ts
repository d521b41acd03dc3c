/**
 * The hotel's Telegram bot through the Bot API (core.telegram.org/bots/api): every call is an HTTPS
 * POST of JSON to `<TELEGRAM_API_URL>/bot<token>/<method>`, answered `{ ok, result }` or
 * `{ ok: false, description }`. Off (null) without TELEGRAM_BOT_TOKEN. The token is never logged
 * and never in an error's message: it is in the address, so addresses are not repeated either.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../env';

/** How long one call to Telegram may take. */
const CALL_TIMEOUT_MS = 10_000;

export interface TelegramBot {
  /** The bot's @username, asked of Telegram once (getMe). */
  username(): Promise<string>;
  sendMessage(chatId: string, text: string): Promise<void>;
  /** Tells Telegram where to post updates, and the secret its header will carry. */
  setWebhook(url: string): Promise<void>;
  /** Whether a webhook request's `X-Telegram-Bot-Api-Secret-Token` is ours. */
  verifySecret(header: string | undefined): boolean;
}

export class TelegramError extends Error {}

export function telegramBot(env: Pick<Env, 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_API_URL'>): TelegramBot | null {
  const token = env.TELEGRAM_BOT_TOKEN;
  if (!token) return null;
  const base = env.TELEGRAM_API_URL.replace(/\/+$/, '');
  // Derived from the token, so every instance agrees without another setting; 1–256 of A–Z a–z 0–9 _ -.
  const secret = createHmac('sha256', token).update('webhook-secret').digest('base64url');

  const call = async <T>(method: string, body: Record<string, unknown>): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${base}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new TelegramError(`Telegram ${method}: ${error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'unreachable'}`);
    }
    const answer = (await response.json().catch(() => null)) as { ok?: boolean; result?: T; description?: string } | null;
    if (!answer?.ok) throw new TelegramError(`Telegram ${method}: ${response.status} ${answer?.description ?? 'no answer'}`.slice(0, 300));
    return answer.result as T;
  };

  let name: Promise<string> | undefined;
  return {
    username() {
      name ??= call<{ username: string }>('getMe', {}).then(
        (me) => me.username,
        (error: unknown) => {
          name = undefined;
          throw error;
        },
      );
      return name;
    },
    async sendMessage(chatId, text) {
      await call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
    },
    async setWebhook(url) {
      await call('setWebhook', { url, secret_token: secret, allowed_updates: ['message'] });
    },
    verifySecret(header) {
      if (!header) return false;
      const given = Buffer.from(header);
      const expected = Buffer.from(secret);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
