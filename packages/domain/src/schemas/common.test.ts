import { describe, expect, it } from 'vitest';
import { controlCharacterPath, idPathSchema, INT4_MAX, oneLineText } from './common';
import { emailSchema, newPasswordSchema } from './identity';

describe('one id form for every path (API-55)', () => {
  it('takes decimal digits within int4 only', () => {
    expect(idPathSchema.parse('1')).toBe(1);
    expect(idPathSchema.parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const bad of ['0', '-1', '01', '0x1', '1e3', '1.0', ' 1', '+1', '１', String(INT4_MAX + 1), '99999999999']) {
      expect(idPathSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('control characters in any text (API-55)', () => {
  it('finds the first one and says where, keys included', () => {
    expect(controlCharacterPath({ a: 'ok', b: [{ c: 'x\u0000' }] })).toEqual(['b', '0', 'c']);
    expect(controlCharacterPath({ 'k\u0001': 1 })).toEqual(['k?']);
    expect(controlCharacterPath('\u007f')).toEqual([]);
  });

  it('lets tabs, line breaks and any printable text pass', () => {
    expect(controlCharacterPath({ note: 'a\tb\r\nc', name: 'Анна 😀' })).toBeNull();
    expect(controlCharacterPath(null)).toBeNull();
  });
});

describe('e-mail addresses', () => {
  it('accepts internationalised domains and keeps them in their ASCII form', () => {
    expect(emailSchema.parse('Ivan@Пример.РФ')).toBe('ivan@xn--e1afmkfd.xn--p1ai');
    expect(emailSchema.parse('ivan@xn--e1afmkfd.xn--p1ai')).toBe('ivan@xn--e1afmkfd.xn--p1ai');
    expect(emailSchema.parse('a@сайт.бел')).toMatch(/^a@xn--[a-z0-9-]+\.xn--90ais$/);
  });

  it('still refuses what is not an address', () => {
    for (const bad of ['a@b', 'a@@b.by', 'a@пример.рф/x', 'a b@c.by', 'a@-.by', '@b.by']) {
      expect(emailSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('one rule for every new password', () => {
  it('is the sign-up rule: 12 characters with a lower, an upper and a digit', () => {
    const rule = newPasswordSchema();
    expect(rule.safeParse('Grodno-1799-Stay').success).toBe(true);
    expect(rule.safeParse('Short-1').success).toBe(false);
    expect(rule.safeParse('all-lower-case-1').success).toBe(false);
  });
});

describe('one-line fields (issue 42.9)', () => {
  it('refuse every kind of line break with one message, and keep a tab and the text otherwise', () => {
    const field = oneLineText().trim().min(1);
    for (const text of ['Anna\nKovaleva', 'Anna\r\nKovaleva', 'Anna\rX', 'Anna\u0085X', 'Anna\u2028X', 'Anna\u2029X']) {
      expect(field.safeParse(text).error?.issues.map((issue) => issue.message)).toEqual(['common:validation.oneLine']);
    }
    expect(field.parse(' Anna\tKovaleva ')).toBe('Anna\tKovaleva');
  });
});
