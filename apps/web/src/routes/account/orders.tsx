/** /account/orders: the user's delivery orders, Active and Completed (ACC-28..34); an unpaid one can be paid. */
import { useTranslation } from 'react-i18next';
import { AccountPage } from '../../features/account/components/account-page';
import { OrderList } from '../../features/orders/components/order-list';
import { PayOrder } from '../../features/payments/components/pay-order';

export function Component() {
  const { t } = useTranslation('account');
  return (
    <AccountPage title={t('account:orders.title')} lead={t('account:orders.lead')}>
      <OrderList payAction={(order) => <PayOrder orderId={order.id} />} />
    </AccountPage>
  );
}
