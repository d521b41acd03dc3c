/**
 * The server's own texts (letters, the pages it writes itself: the sandbox's payment page and the
 * one for too many requests, and the descriptions a bank's payment page shows) come from
 * translation catalogues, as the web app's do (apps/web/src/shared/i18n): one JSON file per
 * language in `locales/`, read with the same translator (`@hotel/domain`'s), so with the same
 * `{{value}}` interpolation and the same plural suffixes (`_one`, `_few`, `_many`, `_other`). Every key is in both files
 * (`locales.test.ts`), and a key the code asks for must be in the Russian file, or the type check
 * fails.
 */
import { CODE_TTL_MINUTES, DEFAULT_LANGUAGE, FREE_CANCELLATION_HOURS, formatPhone, Translator, venue, type Language } from '@hotel/domain';
import en from './locales/en.json';
import ru from './locales/ru.json';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type WithoutPlural<K extends string> = K extends `${infer Base}_${'one' | 'few' | 'many' | 'other'}` ? Base : K;

/** A text of the catalogues, by its dotted path: `reservation.fee.charged`. */
export type TextKey = WithoutPlural<Leaves<typeof ru>>;

export const catalogues = { ru, en } as const;

const texts = new Translator({
  language: DEFAULT_LANGUAGE,
  namespaces: ['server'],
  defaultNamespace: 'server',
  fallbackNamespace: 'server',
  // Russian stands in for a text missing in English (CHR-27), though the catalogue test lets none go missing.
  fallbackLanguage: DEFAULT_LANGUAGE,
  // The house's facts that texts quote, so that a catalogue never repeats a number kept elsewhere.
  // Letters escape what they put into HTML themselves; the plain text and the bank's page want it as written.
  defaultValues: {
    codeTtlMinutes: CODE_TTL_MINUTES,
    freeCancellationHours: FREE_CANCELLATION_HOURS,
    email: venue.email,
    hotelPhone: formatPhone(venue.phones.hotel),
  },
});
texts.add('ru', 'server', ru);
texts.add('en', 'server', en);

/** The text `key` in `language`, with `values` put in (`count` picks the plural form). */
export function text(language: Language, key: TextKey, values: Record<string, string | number> = {}): string {
  return texts.t(key, { ...values, lng: language });
}

/** The texts of one language, as `textsIn` answers them. */
export type Texts = (key: TextKey, values?: Record<string, string | number>) => string;

/** The texts of one language: `t('order.total')`. */
export function textsIn(language: Language): Texts {
  return (key, values) => text(language, key, values);
}
