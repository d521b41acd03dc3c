/** /admin/reports: the owner's reports (issue 25, point 1). */
import { useTranslation } from 'react-i18next';
import { ReportsScreen } from '../../features/reports/components/reports-screen';
import styles from '../../features/admin/components/admin.module.css';
import { usePageTitle } from '../../shared/seo/page-title';

export function Component() {
  const { t } = useTranslation('reports');
  usePageTitle(t('reports:title'));
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('reports:title')}</h1>
          <p className={styles.lead}>{t('reports:lead')}</p>
        </div>
      </header>
      <ReportsScreen />
    </>
  );
}
