/** /admin/housekeeping: the rooms' states, in the order to clean them (issue 45, point 7; docs/decisions/054-stay-life.md). */
import { useTranslation } from '../../shared/i18n';
import { HousekeepingList } from '../../features/front-desk/components/housekeeping-list';
import styles from '../../shared/admin/admin.module.css';
import { usePageTitle } from '../../shared/seo/page-title';

export function Component() {
  const { t } = useTranslation('desk');
  usePageTitle(t('desk:housekeeping.title'));
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('desk:housekeeping.title')}</h1>
          <p className={styles.lead}>{t('desk:housekeeping.lead')}</p>
        </div>
      </header>
      <HousekeepingList />
    </>
  );
}
