import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUIET_HOURS, validationMessages } from '@hotel/domain';
import { i18n, NAMESPACES, SPEC_NAMESPACES } from './index';

const dir = path.join(import.meta.dirname, 'locales');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function load(language: string, namespace: string) {
  return JSON.parse(readFileSync(path.join(dir, language, `${namespace}.json`), 'utf8')) as unknown;
}

describe('translation files (CHR-27, CHR-28)', () => {
  it('keeps the spec namespaces (CHR-28), the files of screens beyond the spec besides them, in both languages', () => {
    expect([...SPEC_NAMESPACES].sort()).toEqual(['about', 'account', 'admin', 'auth', 'common', 'hotel', 'restaurant']);
    for (const language of ['ru', 'en']) {
      const files = readdirSync(path.join(dir, language)).map((f) => f.replace(/\.json$/, '')).sort();
      expect(files).toEqual([...NAMESPACES].sort());
    }
  });

  it.each(NAMESPACES)('namespace %s has the same keys in Russian and English, none empty', (namespace) => {
    const ru = load('ru', namespace);
    const en = load('en', namespace);
    expect(keys(en).sort()).toEqual(keys(ru).sort());
    for (const [language, data] of [['ru', ru], ['en', en]] as const) {
      const empty = keys(data).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], data);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty, `${language}/${namespace}`).toEqual([]);
    }
  });
});

describe('texts the spec fixes', () => {
  it('ERR-13: the stock validation messages are "Required", "Invalid input" and "Invalid email", on the web and in the server\'s answers', () => {
    const stock = { required: 'Required', invalid: 'Invalid input', invalidEmail: 'Invalid email' };
    expect(load('en', 'common')).toMatchObject({ validation: stock });
    for (const [key, text] of Object.entries(stock)) expect(validationMessages[`common:validation.${key}`]).toBe(text);
  });

  it('CON-03: the house rules tell guests that quiet time is 23:00 to 07:00, in Russian and English', async () => {
    await i18n.loadLanguages('en');
    const quietTime = (lng: string) => i18n.t('pages:terms.items.quiet.text', { lng, from: QUIET_HOURS.from, to: QUIET_HOURS.to });
    expect(quietTime('ru')).toMatch(/^Тихое время — с 23:00 до 07:00\./);
    expect(quietTime('en')).toMatch(/^Quiet time is from 23:00 to 07:00\./);
  });

  it.each(NAMESPACES)('namespace %s in English numbers things the English way: "#3", never the Russian "№3"', (namespace) => {
    const en = load('en', namespace);
    const russianSign = keys(en).filter((key) => {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
      return typeof value === 'string' && value.includes('№');
    });
    expect(russianSign).toEqual([]);
  });
});
