import { useTranslation } from '../../../shared/i18n';
import type { OrderDisplayStatus, OrderPaymentStatus } from '@hotel/domain';
import styles from './orders.module.css';

/** The order's status as the guest reads it; an unpaid order says whether its last payment failed. */
export function OrderStatusBadge({ status, payment }: { status: OrderDisplayStatus; payment?: OrderPaymentStatus | undefined }) {
  const { t } = useTranslation('account');
  const key = status === 'awaiting_payment' && payment === 'failed' ? 'paymentFailed' : status;
  return (
    <span className={styles.badge} data-status={key} data-testid="order-status">
      {t(`account:orders.status.${key}`)}
    </span>
  );
}
