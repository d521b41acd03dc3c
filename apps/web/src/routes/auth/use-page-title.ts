import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<screen> · Дом 1799" in the browser tab. */
export function usePageTitle(title: string) {
  const { t } = useTranslation('common');
  const brand = t('common:brand');
  useEffect(() => {
    document.title = `${title} · ${brand}`;
  }, [title, brand]);
}
