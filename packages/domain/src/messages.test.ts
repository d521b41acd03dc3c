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

describe('the refusals a page names, without the schemas (issue 47; docs/decisions/072-refusals-without-schemas.md)', () => {
  /** The domain's files `file` imports, directly or through others, by their relative imports. */
  function importedFrom(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const [, target] of readFileSync(path.join(sourceDir, file), 'utf8').matchAll(/^import [^;]*? from '(\.{1,2}\/[^']+)';/gm)) {
      importedFrom(path.join(path.dirname(file), `${target}.ts`), seen);
    }
    return seen;
  }

  it('messages.ts and the rules behind it build no zod schema: a page that only names a refusal does not pay for every form', () => {
    const files = [...importedFrom('messages.ts')].sort();
    expect(files).toContain('rules/folio.ts');
    expect(files).toContain('rules/promo.ts');
    const withZod = files.filter((file) => /from 'zod'/.test(readFileSync(path.join(sourceDir, file), 'utf8')));
    expect(withZod, 'files that import zod').toEqual([]);
  });
});
