/**
 * Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set, otherwise the outbox, which
 * writes each message as an .eml file under DATA_DIR/mail/ and logs where it went, so a newcomer
 * can read activation codes without a mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** A code the addressee asked for: sent even over the day's cap per recipient (recipient-cap.ts). */
  essential?: boolean;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}

export function createMailer({ smtpUrl, from, dataDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from, ...mail });
        // The message id only: addresses and bodies may carry codes and personal data.
        log.info({ messageId: info.messageId }, 'mail sent');
      },
    };
  }

  const outbox = path.join(dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(outbox, { recursive: true });
      // The name says when, not to whom: the log repeats it, and addresses stay out of the log.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outbox, name);
      // Written under a temporary name and renamed when complete, so a reader never sees half a letter.
      const partial = path.join(outbox, `.${name}.partial`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      log.info({ file, subject: mail.subject }, 'mail written to the outbox');
    },
  };
}
