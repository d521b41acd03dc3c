/**
 * /admin/promo: staff create, change and deactivate promo codes (issue 23, point 4; decision 043).
 * The screen is a chunk of its own, asked for by this small route module, so that the route table
 * in the first visit's script names only this module (as /admin/reports does).
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../shared/i18n';
import styles from '../../shared/admin/admin.module.css';
import { usePageTitle } from '../../shared/seo/page-title';
import { Spinner } from '../../shared/ui';

const AdminPromo = lazy(() => import('../../features/promo/components/admin-promo').then((module) => ({ default: module.AdminPromo })));

export function Component() {
  const { t } = useTranslation('admin');
  usePageTitle(t('admin:promo.title'));
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('admin:promo.title')}</h1>
          <p className={styles.lead}>{t('admin:promo.lead')}</p>
        </div>
      </header>
      <Suspense fallback={<Spinner />}>
        <AdminPromo />
      </Suspense>
    </>
  );
}
