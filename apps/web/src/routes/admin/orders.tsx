/** /admin/orders: the live order board (issue 11; docs/decisions/019-live-updates.md). */
import { useTranslation } from '../../shared/i18n';
import { OrderBoard } from '../../features/order-board/components/order-board';
import styles from '../../shared/admin/admin.module.css';

export function Component() {
  const { t } = useTranslation(['order-board', 'common']);
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('order-board:title')}</h1>
          <p className={styles.lead}>{t('order-board:lead')}</p>
        </div>
      </header>
      <OrderBoard title={t('order-board:title')} />
    </>
  );
}
