import { describe, expect, it, vi } from 'vitest';
import { Translator, type Texts } from './translator';

const RU = {
  common: { save: 'Сохранить', shared: 'Общее', nights_one: '{{count}} ночь', nights_few: '{{count}} ночи', nights_many: '{{count}} ночей', nights_other: '{{count}} ночи' },
  hotel: { title: 'Номера', greeting: 'Здравствуйте, {{ name }}!', deep: { er: { text: 'Глубоко' } }, price: 'Цена', price_empty: 'Нет цены' },
  account: { title: 'Кабинет' },
} satisfies Record<string, Texts>;
const EN = {
  common: { save: 'Save', shared: 'Shared', nights_one: '{{count}} night', nights_other: '{{count}} nights' },
  hotel: { title: 'Rooms', greeting: 'Hello, {{name}}!', deep: { er: { text: 'Deep' } }, price: 'Price', price_empty: 'No price' },
  account: { title: 'Account' },
} satisfies Record<string, Texts>;
const FILES: Record<string, Record<string, Texts>> = { ru: RU, en: EN };

function translator(preloaded: string[] = ['common', 'hotel', 'account']) {
  const load = vi.fn(async (language: string, namespace: string) => FILES[language]?.[namespace] ?? {});
  const texts = new Translator({ language: 'ru', namespaces: ['common', 'hotel', 'account', 'admin'], defaultNamespace: 'account', fallbackNamespace: 'common', load });
  for (const namespace of preloaded) texts.add('ru', namespace, FILES.ru![namespace]!);
  const missing: string[] = [];
  texts.onMissing = (language, namespace, key) => missing.push(`${language}:${namespace}:${key}`);
  return { texts, load, missing };
}

describe('the translator (CHR-28)', () => {
  it('finds a key in the namespace it names, else in the t’s namespaces, the default one, and common last', () => {
    const { texts, missing } = translator();
    expect(texts.t('hotel:title')).toBe('Номера');
    expect(texts.t('title')).toBe('Кабинет');
    expect(texts.getFixedT('ru', ['hotel', 'account'])('title')).toBe('Номера');
    expect(texts.getFixedT('ru', 'hotel')('save')).toBe('Сохранить');
    expect(texts.getFixedT('ru', 'hotel')('deep.er.text')).toBe('Глубоко');
    expect(texts.t('title', { ns: 'hotel' })).toBe('Номера');
    expect(missing).toEqual([]);
  });

  it('chooses the plural form by the language’s rules and puts the count in', () => {
    const { texts } = translator();
    const plural = (count: number) => texts.t('common:nights', { count });
    expect([1, 2, 5, 21, 1.5].map(plural)).toEqual(['1 ночь', '2 ночи', '5 ночей', '21 ночь', '1.5 ночи']);
    texts.add('en', 'common', EN.common);
    const english = texts.getFixedT('en', 'common');
    expect([1, 2, 0].map((count) => english('nights', { count }))).toEqual(['1 night', '2 nights', '0 nights']);
  });

  it('takes the context’s form where there is one, the key’s where not', () => {
    const { texts } = translator();
    expect(texts.t('hotel:price', { context: 'empty' })).toBe('Нет цены');
    expect(texts.t('hotel:title', { context: 'empty' })).toBe('Номера');
  });

  it('puts values in, an absent one as nothing, and leaves a text without braces as it is', () => {
    const { texts } = translator();
    expect(texts.t('hotel:greeting', { name: 'Анна' })).toBe('Здравствуйте, Анна!');
    expect(texts.t('hotel:greeting')).toBe('Здравствуйте, !');
    expect(texts.t('hotel:title', { name: 'Анна' })).toBe('Номера');
  });

  it('answers a missing key with its default, without a report, or with the key and a report', () => {
    const { texts, missing } = translator();
    expect(texts.t('hotel:absent', { defaultValue: 'Иначе {{n}}', n: 2 })).toBe('Иначе 2');
    expect(missing).toEqual([]);
    expect(texts.t('hotel:absent.key')).toBe('absent.key');
    expect(texts.t('hotel:deep.er')).toBe('deep.er');
    expect(texts.t('hotel:__proto__')).toBe('__proto__');
    expect(missing).toEqual(['ru:hotel:absent.key', 'ru:hotel:deep.er', 'ru:hotel:__proto__']);
    expect(texts.exists('hotel:title')).toBe(true);
    expect(texts.exists('hotel:absent')).toBe(false);
  });

  it('keeps a text once made, forgets it when texts are added, and hands out the same t each time', () => {
    const { texts } = translator(['common', 'account']);
    const t = texts.getFixedT('ru', ['hotel', 'common']);
    expect(texts.getFixedT('ru', ['hotel', 'common'])).toBe(t);
    expect(t('title')).toBe('title');
    texts.add('ru', 'hotel', RU.hotel);
    expect(t('title')).toBe('Номера');
    const state = texts.stateOf(['hotel', 'common']);
    texts.add('ru', 'hotel', { ...RU.hotel, title: 'Комнаты' });
    expect(texts.stateOf(['hotel', 'common'])).not.toBe(state);
    expect(t('title')).toBe('Комнаты');
  });

  it('tells by its state which texts a t answers from: its namespaces, the fallback and the language, not another namespace', async () => {
    const { texts } = translator(['common', 'account']);
    const hotel = texts.stateOf('hotel');
    const account = texts.stateOf([]);
    const inEnglish = texts.stateOf('hotel', 'en');
    texts.add('ru', 'hotel', RU.hotel);
    expect(texts.stateOf('hotel')).not.toBe(hotel);
    // The default namespace's t, and the same namespace's in another language, answer as before.
    expect(texts.stateOf([])).toBe(account);
    expect(texts.stateOf('hotel', 'en')).toBe(inEnglish);
    // The fallback namespace is looked in by every t.
    const before = texts.stateOf('hotel');
    texts.add('ru', 'common', { ...RU.common });
    expect(texts.stateOf('hotel')).not.toBe(before);
    // Another language chosen changes every state that follows the translator's language.
    const russian = texts.stateOf('hotel');
    await texts.changeLanguage('en');
    expect(texts.stateOf('hotel')).not.toBe(russian);
    expect(texts.stateOf('hotel', 'en')).not.toBe(inEnglish);
  });

  it('loads a missing namespace once however many ask, and nothing for one in memory', async () => {
    const { texts, load } = translator(['common']);
    expect(texts.load(['common'])).toBeUndefined();
    const first = texts.load(['hotel', 'common']);
    expect(texts.load(['hotel', 'common'])).toBe(first);
    await first;
    expect(load).toHaveBeenCalledTimes(1);
    expect(texts.load('hotel')).toBeUndefined();
    expect(texts.t('hotel:title')).toBe('Номера');
  });

  it('shows another language only once every namespace asked for has come in it, and tells its listeners', async () => {
    const { texts, load } = translator(['common', 'hotel']);
    const listener = vi.fn();
    const stop = texts.subscribe(listener);
    const changing = texts.changeLanguage('en');
    expect(texts.language).toBe('ru');
    await changing;
    expect(texts.language).toBe('en');
    expect(load.mock.calls.map(([language, namespace]) => `${language}/${namespace}`).sort()).toEqual(['en/common', 'en/hotel']);
    expect(texts.t('hotel:title')).toBe('Rooms');
    expect(texts.getFixedT('ru', 'hotel')('title')).toBe('Номера');
    expect(listener).toHaveBeenCalled();
    stop();
  });

  it('answers in the language a call names', async () => {
    const { texts } = translator();
    await texts.loadLanguages('en');
    expect(texts.t('hotel:title', { lng: 'en' })).toBe('Rooms');
    expect(texts.t('hotel:title')).toBe('Номера');
  });

  it('looks in the fallback language for a text missing in the call’s, and fills values from the defaults below the call’s', () => {
    const texts = new Translator({ language: 'ru', namespaces: ['server'], defaultNamespace: 'server', fallbackNamespace: 'server', fallbackLanguage: 'ru', defaultValues: { phone: '+375 152 000', hours: 24 } });
    texts.add('ru', 'server', { call: 'Звоните {{phone}} за {{hours}} ч', only: 'Только по-русски' });
    texts.add('en', 'server', { call: 'Call {{phone}} {{hours}} h ahead' });
    expect(texts.t('call', { lng: 'en' })).toBe('Call +375 152 000 24 h ahead');
    expect(texts.t('call', { hours: 48 })).toBe('Звоните +375 152 000 за 48 ч');
    expect(texts.t('only', { lng: 'en' })).toBe('Только по-русски');
  });

  it('remembers a namespace that did not load, and does not ask for it again, so a suspended component cannot retry for ever', async () => {
    const gone = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn(async (_language: string, namespace: string) => {
      if (namespace === 'admin') throw gone;
      return RU.hotel;
    });
    const texts = new Translator({ language: 'ru', namespaces: ['common', 'hotel', 'admin'], defaultNamespace: 'hotel', fallbackNamespace: 'common', load });
    await expect(texts.load(['admin', 'hotel'])).resolves.toBeUndefined();
    expect(texts.failure(['hotel', 'admin'])).toBe(gone);
    expect(texts.failure('hotel')).toBeUndefined();
    expect(texts.t('title')).toBe('Номера');
    expect(texts.load(['admin', 'hotel'])).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
    // In another language it is another file, asked for once more.
    await texts.load('admin', 'en');
    expect(load).toHaveBeenCalledTimes(3);
  });
});

