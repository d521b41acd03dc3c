/** /admin/desk: today at the front desk (issue 45, point 8; docs/decisions/054-stay-life.md). */
import { useTranslation } from '../../shared/i18n';
import { DeskDay } from '../../features/front-desk/components/desk-day';
import styles from '../../shared/admin/admin.module.css';
import { usePageTitle } from '../../shared/seo/page-title';

export function Component() {
  const { t } = useTranslation('desk');
  usePageTitle(t('desk:title'));
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('desk:title')}</h1>
          <p className={styles.lead}>{t('desk:lead')}</p>
        </div>
      </header>
      <DeskDay />
    </>
  );
}
