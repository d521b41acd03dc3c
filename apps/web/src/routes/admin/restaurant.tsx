/** /admin/restaurant: the day's tables at the restaurant (issue 24, point 1; docs/decisions/039-table-reservations.md). */
import { useTranslation } from '../../shared/i18n';
import { RestaurantBoard } from '../../features/restaurant-board/components/restaurant-board';
import styles from '../../shared/admin/admin.module.css';

export function Component() {
  const { t } = useTranslation(['restaurant-board', 'restaurant', 'common']);
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('restaurant-board:title')}</h1>
          <p className={styles.lead}>{t('restaurant-board:lead')}</p>
        </div>
      </header>
      <RestaurantBoard />
    </>
  );
}
