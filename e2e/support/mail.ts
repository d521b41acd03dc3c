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

/** Every letter sent to the address so far, oldest first. */
export async function lettersTo(address: string): Promise<StoredMail[]> {
  const files = (await readdir(mailDir())).filter((file) => file.endsWith('.json')).sort();
  const letters = await Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(mailDir(), file), 'utf8')) as StoredMail));
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
