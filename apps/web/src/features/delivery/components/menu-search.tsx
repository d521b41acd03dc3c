/** The catalogue's search box with a line under it that says what the search is doing (DEL-07, DEL-08). */
import { forwardRef } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Input } from '../../../shared/ui';
import styles from './menu-search.module.css';

interface MenuSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** Empties the box and lifts the filter at once, without waiting for the debounce. */
  onClear: () => void;
  /** "At least 3 characters", or how many dishes the search found; announced to screen readers. */
  status: string;
  /** Its name for public/boot.js, which keeps the letters typed before the app is live. */
  earlyName?: string;
}

export const MenuSearch = forwardRef<HTMLInputElement, MenuSearchProps>(function MenuSearch({ value, onChange, onClear, status, earlyName }, ref) {
  const { t } = useTranslation('restaurant');
  return (
    <div role="search" className={styles.search}>
      <div className={styles.field}>
        <Input
          ref={ref}
          type="search"
          label={t('delivery.catalogue.search.label')}
          placeholder={t('delivery.catalogue.search.placeholder')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          autoComplete="off"
          enterKeyHint="search"
          spellCheck={false}
          data-testid="menu-search"
          data-early-text={earlyName}
        />
        <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m13 13 4 4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        {value && (
          <button type="button" className={styles.clear} aria-label={t('delivery.catalogue.empty.reset')} onClick={onClear}>
            <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
      <p className={styles.status} role="status" data-testid="menu-search-status">
        {status}
      </p>
    </div>
  );
});
