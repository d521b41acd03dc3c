/**
 * The browser tab's title: the one way a screen sets it. Screens outside the public pages read
 * "<screen> · Дом 1799"; the public pages' PageMeta gives a whole title of its own (it is also the
 * search engines' and link previews'); a board counts what waits for the staff in front, "(3) …".
 */
import { useEffect } from 'react';
import { useTranslation } from '../i18n';

interface PageTitleOptions {
  /** Adds " · <brand>" (default); PageMeta's titles already name the house. */
  brand?: boolean;
  /** Things waiting to be looked at, shown as "(n) " in front while above 0. */
  waiting?: number;
}

export function usePageTitle(title: string, { brand = true, waiting = 0 }: PageTitleOptions = {}) {
  const { t } = useTranslation('common');
  const full = brand ? `${title} · ${t('common:brand')}` : title;
  const shown = waiting > 0 ? `(${waiting}) ${full}` : full;
  useEffect(() => {
    document.title = shown;
  }, [shown]);
}
