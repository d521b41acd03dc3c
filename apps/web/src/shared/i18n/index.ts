/**
 * The interface language: Russian by default, the choice kept in local storage under "language",
 * the texts from the translator (instance.ts) with the spec's namespaces.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language, type Texts } from '@hotel/domain';
import { whenHydrated } from '../hydration/hydration';
import { i18n } from './instance';
import { textsInPage } from './page-texts';

export { NAMESPACES, SCREEN_NAMESPACES, SPEC_NAMESPACES, type Namespace } from './namespaces';
export type { TFunction, TOptions } from '@hotel/domain';
export { useTranslation } from './use-translation';

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
  // first render, and only the namespaces it does not carry are asked for. Both languages have
  // every key (locales.test.ts), so no other language is ever loaded in its place.
  const carried = textsInPage();
  if (carried) for (const [namespace, texts] of Object.entries(carried.namespaces)) i18n.add(carried.language, namespace, texts as Texts);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('common');
  document.documentElement.lang = language;
  return i18n;
}

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
  await i18n.changeLanguage(language);
}

export { i18n };
