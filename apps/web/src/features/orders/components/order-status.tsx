import { useTranslation } from 'react-i18next';
import type { OrderDisplayStatus } from '@hotel/domain';
import styles from './orders.module.css';

export function OrderStatusBadge({ status }: { status: OrderDisplayStatus }) {
  const { t } = useTranslation('account');
  return (
    <span className={styles.badge} data-status={status} data-testid="order-status">
      {t(`account:orders.status.${status}`)}
    </span>
  );
}
