/**
 * Every letter passes here on its way out: at most MAIL_PER_RECIPIENT_PER_DAY letters reach one
 * address per hotel day, whoever asks for them, so no form of the site can be used to flood a
 * stranger's mailbox. The count is in the database, so several instances share it. Letters with a
 * code the addressee asked for (`essential`) are counted but always sent: a guest locked out of
 * signing in by someone else's letters would be the flood's victim twice
 * (docs/decisions/048-table-confirmation.md).
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hotelToday } from '@hotel/domain';
import type { Db } from '../db/client';
import type { Mailer } from './mailer';
import { countLetter } from './repository';

/** The address as the count knows it: lower-cased and hashed, so the table holds no addresses. */
const recipientKey = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest('base64url');

export function capLettersPerRecipient(inner: Mailer, options: { db: Db; perDay: number; log: FastifyBaseLogger; now?: () => Date }): Mailer {
  const now = options.now ?? (() => new Date());
  return {
    async send(mail) {
      const count = await countLetter(options.db, recipientKey(mail.to), hotelToday(now()));
      if (count > options.perDay && !mail.essential) {
        // No address in the log (logging.ts): the subject says which letter was held back.
        options.log.warn({ subject: mail.subject, count, perDay: options.perDay }, 'mail not sent: the recipient had the day’s letters');
        return;
      }
      const { essential: _essential, ...letter } = mail;
      await inner.send(letter);
    },
  };
}
