/**
 * A component's texts: `t` for its namespaces in the current language (or `lng`), drawn again when
 * the language changes or texts arrive. While a namespace is loading the component suspends, or,
 * with `useSuspense: false`, draws with `ready` false; if it could not be loaded, the component
 * throws for its route's error page (or stays not `ready`). The same call react-i18next had
 * (docs/decisions/076-own-translator.md).
 */
import { useSyncExternalStore } from 'react';
import { i18n } from './instance';
import type { TFunction, Translator } from '@hotel/domain';

export interface UseTranslationOptions {
  /** Texts in this language rather than the interface's (a bill printed in the guest's). */
  lng?: string;
  useSuspense?: boolean;
}

export interface UseTranslation {
  t: TFunction;
  i18n: Translator;
  /** False while the namespaces load, with `useSuspense: false`. */
  ready: boolean;
}

export function useTranslation(namespaces?: string | readonly string[], options: UseTranslationOptions = {}): UseTranslation {
  // Drawn again when its own texts or the language change, not whenever any texts arrive: a store's
  // change is drawn at once, in one task, and a page's every translated part would be drawn then
  // because one part's texts came (the rooms' on `/`, after the page is live).
  const state = () => i18n.stateOf(namespaces ?? [], options.lng);
  useSyncExternalStore(i18n.subscribe, state, state);
  const language = options.lng ?? i18n.language;
  const loading = i18n.load(namespaces ?? [], language);
  const failure = loading ? undefined : i18n.failure(namespaces ?? [], language);
  if (options.useSuspense !== false) {
    // Thrown rather than `use`d, as react-i18next did: a test's act() then need not be awaited.
    if (loading) throw loading;
    // Texts that did not come make the route's error page (app/route-error.tsx), not a screen of keys.
    if (failure !== undefined) throw failure;
  }
  return { t: i18n.getFixedT(language, namespaces), i18n, ready: loading === undefined && failure === undefined };
}
