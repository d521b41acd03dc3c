/**
 * The notices' routes and timer (docs/decisions/053-staff-notices.md):
 * - `account/notices/` (a signed-in member of staff, about themselves; anyone holding no staff
 *   role is refused 403): their channels and quiet hours, and the one-time link that opens the
 *   hotel's bot and links their chat, or unlinks it;
 * - `notices/telegram/webhook/` (Telegram, proved by the secret token header it was given when the
 *   webhook was set): `/start <code>` links the chat whose code it is, `/stop` unlinks it.
 * Refusals speak the person's language (the domain's NOTICE_MESSAGES).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PREFIX,
  englishMessage,
  errorSchema,
  NOTICE_MESSAGES,
  noticeKindsOf,
  noticeMessage,
  noticePreferencesInputSchema,
  noticePreferencesSchema,
  telegramLinkSchema,
  TELEGRAM_LINK_MINUTES,
  type Language,
  type NoticeMessageKey,
  type NoticePreferences,
} from '@hotel/domain';
import { siteOrigin } from '../../env';
import { textsIn } from '../../i18n';
import { scheduleJob, type JobSchedule } from '../../jobs';
import { HttpError } from '../../plugins/errors';
import { currentUser, requireUser } from '../auth/session';
import { preferredLanguage } from '../auth/users';
import { noticeDispatcher, noticesSettled, type NoticeDispatcher } from './notices';
import { linkTelegramChat, saveNoticeChoices, unlinkTelegramChat } from './choices';
import { findSettings, rolesOf, userLanguage } from './repository';
import { telegramBot, TelegramError, type TelegramBot } from './telegram';

declare module 'fastify' {
  interface FastifyInstance {
    notices: NoticeDispatcher & { bot: TelegramBot | null };
  }
}

const codeHash = (code: string) => createHash('sha256').update(code).digest('base64url');

/** The timer and the bot: registered before the routes, at the app's root. */
export const noticesPlugin = fp(
  async (app: FastifyInstance) => {
    const bot = telegramBot(app.env);
    const dispatcher = noticeDispatcher({ db: app.db, env: app.env, mailer: app.mailer, bot, log: app.log });
    app.decorate('notices', Object.assign(dispatcher, { bot }));
    let job: JobSchedule | null = null;
    const seconds = app.env.NOTICES_INTERVAL_SECONDS;
    app.addHook('onReady', async () => {
      if (seconds > 0) job = scheduleJob(app.jobLocks, { name: 'staff-notices', intervalMs: seconds * 1000, firstAfterMs: 5_000, log: app.log }, () => dispatcher.sendDue());
      // Telegram posts only to https; without it (a machine of one's own) links cannot complete.
      if (bot && app.env.PUBLIC_URL?.startsWith('https://')) {
        bot.setWebhook(`${siteOrigin(app.env)}${API_PREFIX}/notices/telegram/webhook/`).then(
          () => app.log.info('Telegram webhook set'),
          (error: unknown) => app.log.warn({ message: (error as Error).message }, 'Telegram webhook not set'),
        );
      } else if (bot) {
        app.log.warn('Telegram webhook not set: PUBLIC_URL must be https://');
      }
    });
    app.addHook('onClose', async () => {
      dispatcher.stop();
      await job?.stop();
      // Sends under way finish before the database closes (each call to Telegram is bounded).
      await noticesSettled(app.db);
    });
  },
  { name: 'notices' },
);

function refusal(status: number, key: NoticeMessageKey, language: Language): HttpError {
  return new HttpError(status, noticeMessage(key, language));
}

/** A schema's refusal in `language`, with the field it is about. */
function validationRefusal(request: FastifyRequest, language: Language): HttpError {
  const error = request.validationError as (Error & { validation?: { instancePath?: string; message?: string }[]; validationContext?: string }) | undefined;
  const first = error?.validation?.[0];
  const message = first?.message ?? 'common:validation.invalid';
  const field = `${error?.validationContext ?? 'body'}${first?.instancePath ? first.instancePath.replaceAll('/', '.') : ''}`;
  const text = message in NOTICE_MESSAGES ? noticeMessage(message, language) : englishMessage(message);
  return new HttpError(422, `${field}: ${text}`);
}

const languageOf = (request: FastifyRequest): Language => request.user?.language ?? preferredLanguage(request);

/** Members of staff only: a guest's account has nothing to be told of. */
async function requireStaffRole(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  const user = currentUser(request);
  if (!user.isActive || (await rolesOf(request.server.db, user.id)).length === 0) throw refusal(403, 'account:notices.refused.notStaff', languageOf(request));
}

async function preferencesOf(app: FastifyInstance, userId: number): Promise<NoticePreferences> {
  const [settings, roles] = await Promise.all([findSettings(app.db, userId), rolesOf(app.db, userId)]);
  return {
    email: settings?.email ?? true,
    telegram: settings?.telegram ?? true,
    quiet_hours: settings?.quietFrom && settings.quietTo ? { from: settings.quietFrom, to: settings.quietTo } : null,
    telegram_linked: Boolean(settings?.telegramChatId),
    telegram_available: app.notices.bot !== null,
    roles,
    kinds: noticeKindsOf(roles),
  };
}

const responses = { 401: errorSchema, 403: errorSchema, 409: errorSchema, 422: errorSchema, 502: errorSchema };

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read: a stranger or a guest learns nothing about what the routes take.
  app.addHook('onRequest', requireStaffRole);

  app.get(
    '/',
    { schema: { tags: ['account'], summary: 'My channels and quiet hours for staff notices, and what I am told of (staff, themselves)', response: { 200: noticePreferencesSchema, ...responses } } },
    async (request) => preferencesOf(app, currentUser(request).id),
  );

  app.put(
    '/',
    {
      attachValidation: true,
      schema: {
        tags: ['account'],
        summary: 'Choose my channels (e-mail, Telegram) and quiet hours, hotel time; notices in quiet hours wait for their end (staff, themselves)',
        body: noticePreferencesInputSchema,
        response: { 200: noticePreferencesSchema, ...responses },
      },
    },
    async (request) => {
      if (request.validationError) throw validationRefusal(request, languageOf(request));
      const user = currentUser(request);
      const { email, telegram, quiet_hours: quiet } = request.body;
      await saveNoticeChoices(app.db, user.id, { email, telegram, quietFrom: quiet?.from ?? null, quietTo: quiet?.to ?? null }, new Date());
      return preferencesOf(app, user.id);
    },
  );

  app.post(
    '/telegram/',
    {
      schema: {
        tags: ['account'],
        summary: 'A one-time link that opens the hotel’s bot and links my chat to this account (staff, themselves; 409 without a bot)',
        response: { 200: telegramLinkSchema, ...responses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const language = languageOf(request);
      const bot = app.notices.bot;
      if (!bot) throw refusal(409, 'account:notices.refused.noBot', language);
      let username: string;
      try {
        username = await bot.username();
      } catch (error) {
        request.log.warn({ message: (error as Error).message }, 'Telegram getMe failed');
        throw refusal(502, 'account:notices.refused.botUnreachable', language);
      }
      // Telegram's start parameter: at most 64 of A–Z a–z 0–9 _ -.
      const code = randomBytes(24).toString('base64url');
      const now = new Date();
      const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_MINUTES * 60_000);
      await saveNoticeChoices(app.db, user.id, { telegramCodeHash: codeHash(code), telegramCodeExpiresAt: expiresAt }, now);
      return { url: `https://t.me/${username}?start=${code}`, expires_at: expiresAt.toISOString() };
    },
  );

  app.delete(
    '/telegram/',
    { schema: { tags: ['account'], summary: 'Unlink my Telegram chat: no more notices there (staff, themselves)', response: { 200: noticePreferencesSchema, ...responses } } },
    async (request) => {
      const user = currentUser(request);
      await saveNoticeChoices(app.db, user.id, { telegramChatId: null, telegramCodeHash: null, telegramCodeExpiresAt: null }, new Date());
      return preferencesOf(app, user.id);
    },
  );
};

/** The part of Telegram's Update the bot reads; the rest is ignored. */
const updateSchema = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      chat: z.object({ id: z.number().int(), type: z.string().max(64) }),
      text: z.string().max(4096).optional(),
    })
    .optional(),
});

const WRONG_SECRET = 'The Telegram secret token is missing or wrong';

/** Telegram's updates; outside the client token (Telegram sends its own secret header instead). */
export const telegramWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/notices/telegram/webhook/',
    {
      config: { session: false },
      // The secret is checked before the body is read.
      onRequest: async (request) => {
        const bot = request.server.notices.bot;
        if (!bot) throw new HttpError(404, 'No Telegram bot is configured');
        const header = request.headers['x-telegram-bot-api-secret-token'];
        if (!bot.verifySecret(typeof header === 'string' ? header : undefined)) throw new HttpError(401, WRONG_SECRET);
      },
      schema: {
        tags: ['account'],
        summary: 'Updates from Telegram: /start <code> links a chat to the account whose link it is, /stop unlinks it (Telegram, by its secret token header)',
        body: updateSchema,
        response: { 200: z.object({ ok: z.boolean() }), 401: errorSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request) => {
      const bot = app.notices.bot!;
      const message = request.body.message;
      // Only a person's own chat with the bot: never a group, where others would read the notices.
      if (!message?.text || message.chat.type !== 'private') return { ok: true };
      const chatId = String(message.chat.id);
      const [command, argument] = message.text.trim().split(/\s+/, 2);
      const now = new Date();
      let reply: { language: Language; key: 'linked' | 'badCode' | 'stopped' | 'hello' } | null = null;
      if (command === '/start' && argument && /^[A-Za-z0-9_-]{1,64}$/.test(argument)) {
        const userId = await linkTelegramChat(app.db, codeHash(argument), chatId, now);
        reply = userId === null ? { language: 'ru', key: 'badCode' } : { language: await userLanguage(app.db, userId), key: 'linked' };
      } else if (command === '/stop') {
        const userId = await unlinkTelegramChat(app.db, chatId, now);
        reply = { language: userId === null ? 'ru' : await userLanguage(app.db, userId), key: 'stopped' };
      } else if (command === '/start') {
        reply = { language: 'ru', key: 'hello' };
      }
      if (reply) {
        // The answer to the person is a courtesy: Telegram is told ok whatever happens to it.
        bot.sendMessage(chatId, textsIn(reply.language)(`notice.telegram.${reply.key}`)).catch((error: unknown) => {
          request.log.warn({ message: error instanceof TelegramError ? error.message : 'failed' }, 'Telegram reply not sent');
        });
      }
      return { ok: true };
    },
  );
};
