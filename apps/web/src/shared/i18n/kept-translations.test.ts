import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { keepTranslations } from './kept-translations';

describe('texts kept per key and options (decision 075)', () => {
  it('asks i18next once for the same text, and again once the texts in memory or the language change', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { page: { hello: 'Hello, {{name}}' } }, ru: { page: { hello: 'Привет, {{name}}' } } }, interpolation: { escapeValue: false } });
    keepTranslations(i18n);
    // i18next's own lookup, under the `t` it hands out.
    const { translator } = i18n as unknown as { translator: { translate: (...args: unknown[]) => unknown } };
    const lookups = vi.spyOn(translator, 'translate');

    const t = i18n.getFixedT(i18n.language, 'page');
    expect(t('hello', { name: 'Anna' })).toBe('Hello, Anna');
    expect(t('hello', { name: 'Anna' })).toBe('Hello, Anna');
    expect(lookups).toHaveBeenCalledTimes(1);
    // Other options are another text.
    expect(t('hello', { name: 'Ivan' })).toBe('Hello, Ivan');
    expect(lookups).toHaveBeenCalledTimes(2);

    i18n.addResourceBundle('en', 'page', { hello: 'Welcome, {{name}}' }, true, true);
    expect(i18n.getFixedT(i18n.language, 'page')('hello', { name: 'Anna' })).toBe('Welcome, Anna');

    await i18n.changeLanguage('ru');
    expect(i18n.getFixedT(i18n.language, 'page')('hello', { name: 'Anna' })).toBe('Привет, Anna');
  });
});
