/**
 * i18next with the spec's namespaces. Russian is the default and the fallback; the choice is kept
 * in local storage under "language". Namespaces are separate files loaded on demand, so a page
 * downloads only the texts it uses.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@hotel/domain';
import { whenHydrated } from '../hydration/hydration';
import { keepTranslations } from './kept-translations';
import { textsInPage } from './page-texts';

/** The spec's namespaces (CHR-28). */
export const SPEC_NAMESPACES = ['account', 'hotel', 'auth', 'restaurant', 'about', 'common', 'admin'] as const;
/**
 * Screens the spec does not have, each loaded only where it is shown: the staff's reservations
 * board (docs/decisions/018-reservations-board.md), the live order board (019), the guests'
 * reviews under /hotel and /delivery (038), the promo code field of the payment step and the cart
 * (043), the extras with a stay (044) and the rates of a stay on the booking steps and in the
 * account (045), the front desk and housekeeping (054), the bill (055), and the pages of house rules
 * and contacts (`pages`: /terms, /contacts, beside the home page's `about`), kept out of the texts the
 * first visit to / fetches.
 */
export const SCREEN_NAMESPACES = ['reservations-board', 'desk', 'order-board', 'restaurant-board', 'reviews', 'promo', 'extras', 'rates', 'folio', 'pages'] as const;
export const NAMESPACES = [...SPEC_NAMESPACES, ...SCREEN_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number];

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function savedLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export async function initI18n(language: Language = savedLanguage()) {
  // A prerendered page carries the texts it needs (page-texts.ts): they are in memory before the
  // first render, and only the namespaces it does not carry are asked for.
  const carried = textsInPage();
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Both languages have every key (locales.test.ts): a fallback would only make an English
      // visit download the Russian texts of every namespace it loads, and wait for them.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'account',
      fallbackNS: 'common',
      ...(carried ? { resources: { [carried.language]: carried.namespaces }, partialBundledLanguages: true } : {}),
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  // A text asked for again is not made again (kept-translations.ts) until texts are added.
  if (!textsKept) keepTranslations(i18next);
  textsKept = true;
  document.documentElement.lang = language;
  return i18next;
}

let textsKept = false;

export async function setLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
  // The server cannot read local storage: the cookie lets it send the prerendered page in this
  // language next time (public/boot.js keeps the two in step for earlier visitors).
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = language;
  // Parts of the page still waiting to hydrate take over their prerendered markup first: hydrated
  // with texts in the other language, they would not match it.
  await whenHydrated();
  await i18next.changeLanguage(language);
}

export { i18next };
