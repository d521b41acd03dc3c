/** /account/orders: the user's delivery orders, Active and Completed (ACC-28..34); an unpaid one can be paid. */
import { useTranslation } from '../../shared/i18n';
import { AccountPage } from '../../features/account/components/account-page';
import { OrderList } from '../../features/orders/components/order-list';
import { PayOrder } from '../../features/payments/components/pay-order';
import { useOrderPaymentReturn } from '../../features/payments/hooks/use-order-payment-return';
import styles from './orders.module.css';

export function Component() {
  const { t } = useTranslation(['account', 'restaurant']);
  // Back from confirming a payment of "Pay" with 3-D Secure: its outcome is told here.
  const { checking } = useOrderPaymentReturn();
  return (
    <AccountPage title={t('account:orders.title')} lead={t('account:orders.lead')}>
      {checking && (
        <p className={styles.checking} role="status" data-testid="order-payment-checking">
          {t('restaurant:checkout.waiting')}
        </p>
      )}
      <OrderList payAction={(order) => <PayOrder orderId={order.id} />} />
    </AccountPage>
  );
}
