/**
 * /admin/reports: the owner's reports (issue 25, point 1). The screen and its chart library are a
 * chunk of their own, asked for by this small route module: the route table in the first visit's
 * script then names only this module (docs/decisions/037-reports.md).
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../shared/i18n';
import styles from '../../shared/admin/admin.module.css';
import { usePageTitle } from '../../shared/seo/page-title';
import { Spinner } from '../../shared/ui';

const ReportsScreen = lazy(() => import('../../features/reports/components/reports-screen').then((module) => ({ default: module.ReportsScreen })));

export function Component() {
  const { t } = useTranslation('admin');
  usePageTitle(t('admin:reports.title'));
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('admin:reports.title')}</h1>
          <p className={styles.lead}>{t('admin:reports.lead')}</p>
        </div>
      </header>
      <Suspense fallback={<Spinner />}>
        <ReportsScreen />
      </Suspense>
    </>
  );
}
