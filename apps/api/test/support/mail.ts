/** A mailer that keeps letters in memory, and how to read the six-digit code out of one. */
import type { Mail, Mailer } from '../../src/mail/mailer';

export interface CapturedMail extends Mailer {
  letters: Mail[];
  /** Letters to one address, oldest first. */
  to(address: string): Mail[];
  /** The code of the latest letter to the address. */
  lastCode(address: string): string;
  /** Makes the next send fail, as an unreachable SMTP server would. */
  failNext(): void;
}

/** The code stands alone on its line of the plain-text part (templates/layout.ts). */
export function codeInText(text: string): string {
  const match = /^ {4}(\d{6})$/m.exec(text);
  if (!match) throw new Error(`no code in the letter:\n${text}`);
  return match[1]!;
}

export function captureMail(): CapturedMail {
  const letters: Mail[] = [];
  let fail = false;
  const to = (address: string) => letters.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
  return {
    letters,
    to,
    async send(mail) {
      if (fail) {
        fail = false;
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      }
      letters.push(mail);
    },
    lastCode(address) {
      const mine = to(address);
      if (mine.length === 0) throw new Error(`no letter to ${address}`);
      return codeInText(mine.at(-1)!.text);
    },
    failNext() {
      fail = true;
    },
  };
}
