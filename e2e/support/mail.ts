/** Reading the letters the app sent during the run (caught by support/smtp.ts). */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { StoredMail } from './smtp';

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup did not start the SMTP server');
  return dir;
}

/**
 * The letters read so far, by file. A letter's file never changes once it is there
 * (support/smtp.ts), and a run sends hundreds: each is read once, not at every look.
 */
const read = new Map<string, StoredMail>();

/** Every letter sent to the address so far, oldest first. */
export async function lettersTo(address: string): Promise<StoredMail[]> {
  const dir = mailDir();
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  const letters = await Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      let letter = read.get(file);
      if (!letter) {
        letter = JSON.parse(await readFile(file, 'utf8')) as StoredMail;
        read.set(file, letter);
      }
      return letter;
    }),
  );
  return letters.filter((letter) => letter.to.includes(address.toLowerCase()));
}

/** The code stands alone on its line of the plain-text part (apps/api/src/mail/templates/layout.ts). */
export function codeIn(letter: StoredMail): string {
  const match = /^ *(\d{6}) *$/m.exec(letter.text);
  if (!match) throw new Error(`no code in the letter "${letter.subject}":\n${letter.text}`);
  return match[1]!;
}

/**
 * Waits for the next letter to the address (the first one after `seen` letters) and returns its
 * six-digit code. Pass the count from before the action that sends the code.
 */
export async function waitForCode(address: string, seen = 0): Promise<string> {
  let letters: StoredMail[] = [];
  await expect
    .poll(async () => (letters = await lettersTo(address)).length, { message: `a letter to ${address}`, timeout: 15_000 })
    .toBeGreaterThan(seen);
  return codeIn(letters.at(-1)!);
}
