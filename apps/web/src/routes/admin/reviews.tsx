/** /admin/reviews: staff show, hide and answer the guests' reviews (issue 25, point 2). */
import { useTranslation } from 'react-i18next';
import { AdminReviews } from '../../features/reviews/components/admin-reviews';
import styles from '../../shared/admin/admin.module.css';
import { usePageTitle } from '../../shared/seo/page-title';

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
      <AdminReviews />
    </>
  );
}
