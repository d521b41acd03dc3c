/**
 * A real SMTP server on loopback (smtp-server) for the whole Playwright run. The app under test
 * sends its letters here (SMTP_URL); each received letter is written as JSON into a temporary
 * folder (E2E_MAIL_DIR), where the tests read codes from (support/mail.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime';

export interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  /** The attached calendar event (.ics), when the letter has one. */
  calendar?: string;
  receivedAt: number;
}

export interface MailCatcher {
  url: string;
  dir: string;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hotel-e2e-mail-'));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
        const mail: StoredMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: parsed.subject,
          text: parsed.text,
          ...(parsed.calendar ? { calendar: parsed.calendar } : {}),
          receivedAt: Date.now(),
        };
        // Under a temporary name first, renamed when complete: the reader lists *.json only and
        // must never parse half a letter.
        const name = `${mail.receivedAt}-${randomUUID()}.json`;
        const partial = path.join(dir, `.${name}.partial`);
        writeFile(partial, JSON.stringify(mail))
          .then(() => rename(partial, path.join(dir, name)))
          .then(
            () => callback(),
            (error: Error) => callback(error),
          );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
