/**
 * /admin/reviews: staff show, hide and answer the guests' reviews (issue 25, point 2). The screen is
 * a chunk of its own, asked for by this small route module, so that the route table in the first
 * visit's script names only this module (as /admin/reports does, docs/decisions/037-reports.md).
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../shared/i18n';
import styles from '../../shared/admin/admin.module.css';
import { usePageTitle } from '../../shared/seo/page-title';
import { Spinner } from '../../shared/ui';

const AdminReviews = lazy(() => import('../../features/reviews/components/admin-reviews').then((module) => ({ default: module.AdminReviews })));

export function Component() {
  const { t } = useTranslation('admin');
  usePageTitle(t('admin:reviews.title'));
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('admin:reviews.title')}</h1>
          <p className={styles.lead}>{t('admin:reviews.lead')}</p>
        </div>
      </header>
      <Suspense fallback={<Spinner />}>
        <AdminReviews />
      </Suspense>
    </>
  );
}
