/**
 * A stand-in for Telegram's Bot API on loopback, answering as core.telegram.org/bots/api
 * describes: `POST /bot<token>/<method>` with a JSON body, answered `{ ok: true, result }` or
 * `{ ok: false, error_code, description }` (401 for a token it does not know). It knows getMe,
 * sendMessage and setWebhook, and records every message sent and every webhook set.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMessage {
  chatId: string;
  text: string;
}

export interface TelegramStandin {
  /** TELEGRAM_API_URL for the app. */
  url: string;
  /** TELEGRAM_BOT_TOKEN for the app. */
  token: string;
  username: string;
  messages: SentMessage[];
  webhooks: { url: string; secret_token: string }[];
  /** Messages to one chat, oldest first. */
  to(chatId: string | number): string[];
  /** The next sendMessage fails as Telegram does when it is overloaded (429). */
  failNext(): void;
  close(): Promise<void>;
}

export async function startTelegramStandin(): Promise<TelegramStandin> {
  const token = `123456789:${'AAH-standin_token_0123456789abcdef'}`;
  const username = 'house1799_test_bot';
  const messages: SentMessage[] = [];
  const webhooks: TelegramStandin['webhooks'] = [];
  let fail = false;

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const read = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };

  const server = createServer((req, res) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      if (match[1] !== token) return answer(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const body = await read(req);
      switch (match[2]) {
        case 'getMe':
          return answer(res, 200, { ok: true, result: { id: 123456789, is_bot: true, first_name: 'House 1799', username } });
        case 'setWebhook':
          webhooks.push({ url: String(body.url), secret_token: String(body.secret_token) });
          return answer(res, 200, { ok: true, result: true, description: 'Webhook was set' });
        case 'sendMessage': {
          if (fail) {
            fail = false;
            return answer(res, 429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 1' });
          }
          if (typeof body.text !== 'string' || body.text.length === 0 || body.text.length > 4096) {
            return answer(res, 400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty or too long' });
          }
          messages.push({ chatId: String(body.chat_id), text: body.text });
          return answer(res, 200, { ok: true, result: { message_id: messages.length, chat: { id: Number(body.chat_id), type: 'private' }, text: body.text } });
        }
        default:
          return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
      }
    })().catch(() => answer(res, 400, { ok: false, error_code: 400, description: 'Bad Request' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    username,
    messages,
    webhooks,
    to: (chatId) => messages.filter((message) => message.chatId === String(chatId)).map((message) => message.text),
    failNext() {
      fail = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
