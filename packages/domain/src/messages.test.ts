/**
 * Every message a schema of the domain gives is a translation key the web translates and the
 * server answers as an English sentence (issue 21, point 7): a key must never reach anyone raw.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { calendarFeedCreateSchema } from './schemas/calendar';
import { englishMessage, isMessageKey, validationMessages } from './messages';

const sourceDir = path.dirname(fileURLToPath(import.meta.url));

/** The keys written in the domain's source ('namespace:path'), its tests aside. */
function keysInSource(): string[] {
  const files = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const keys = new Set<string>();
  for (const file of files) {
    for (const [, key] of readFileSync(path.join(sourceDir, file), 'utf8').matchAll(/['"`]([a-z][a-z-]*:[A-Za-z0-9_.]+)['"`]/g)) {
      if (isMessageKey(key!) && !/^https?:/.test(key!)) keys.add(key!);
    }
  }
  return [...keys];
}

describe('validation messages (issue 21, point 7)', () => {
  it('every key the schemas use has an English sentence for the server to answer', () => {
    const keys = keysInSource();
    expect(keys.length).toBeGreaterThan(30);
    expect(keys).toContain('admin:calendar.validation.url');
    expect(keys.filter((key) => !(key in validationMessages))).toEqual([]);
  });

  it('a refused feed address answers a sentence, and an unknown key is never passed on raw', () => {
    const result = calendarFeedCreateSchema.safeParse({ name: 'Site', url: 'ftp://example.com/x.ics' });
    expect(result.success).toBe(false);
    const message = englishMessage(result.error!.issues[0]!.message);
    expect(message).toBe("Enter the calendar's address: http://, https:// or webcal://");
    expect(englishMessage('admin:some.future.key')).toBe('Invalid input');
    expect(englishMessage('Check-in cannot be in the past')).toBe('Check-in cannot be in the past');
  });
});
