import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/use-language';
import styles from './language-toggle.module.css';

export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { language, toggle } = useLanguage();
  return (
    <button
      type="button"
      className={`${styles.toggle} ${className ?? ''}`}
      onClick={() => void toggle()}
      data-early="language"
      // The name starts with the visible "EN"/"RU", so speech users can say what they see (WCAG 2.5.3).
      aria-label={`${t('language.short')} — ${t('language.switchTo')}`}
      title={t('language.switchTo')}
      lang={language === 'ru' ? 'en' : 'ru'}
      data-testid="language-toggle"
    >
      <span aria-hidden="true">{t('language.short')}</span>
    </button>
  );
}
