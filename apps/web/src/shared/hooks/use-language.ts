import type { Language } from '@hotel/domain';
import { isLanguage, setLanguage, useTranslation } from '../i18n';

/** The interface language and a toggle that flips ru ⇄ en and saves the choice. */
export function useLanguage() {
  // 'common' is always loaded; without a namespace it would wait for the default one (account).
  const { i18n } = useTranslation('common');
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'ru';
  return {
    language,
    toggle: () => setLanguage(language === 'ru' ? 'en' : 'ru'),
  };
}
