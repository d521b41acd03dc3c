import { useLocation } from 'react-router';
import { useTranslation } from '../i18n';
import { LANGUAGE_QUERY, type Language } from '@hotel/domain';
import { useLanguage } from '../hooks/use-language';
import styles from './language-toggle.module.css';

/** This page's address asking for it in `language` (the server draws it so and keeps the choice: apps/api's plugins/web-app.ts). */
export function languageHref(pathname: string, search: string, language: Language): string {
  const query = new URLSearchParams(search);
  query.set(LANGUAGE_QUERY, language);
  return `${pathname}?${query.toString()}`;
}

/**
 * The switch to the other language: a link to this page in it, so a tap without scripts brings the
 * page in that language; the app switches in place (and public/boot.js keeps a tap made before it
 * is live, to do so then).
 */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { language, toggle } = useLanguage();
  const { pathname, search } = useLocation();
  const other: Language = language === 'ru' ? 'en' : 'ru';
  return (
    <a
      href={languageHref(pathname, search, other)}
      className={`${styles.toggle} ${className ?? ''}`}
      onClick={(event) => {
        event.preventDefault();
        void toggle();
      }}
      data-early="language"
      // The name starts with the visible "EN"/"RU", so speech users can say what they see (WCAG 2.5.3).
      aria-label={`${t('language.short')} — ${t('language.switchTo')}`}
      title={t('language.switchTo')}
      lang={other}
      hrefLang={other}
      data-testid="language-toggle"
    >
      <span aria-hidden="true">{t('language.short')}</span>
    </a>
  );
}
