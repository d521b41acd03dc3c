/** /account/orders: the user's delivery orders, Active and Completed (ACC-28..34). */
import { useTranslation } from 'react-i18next';
import { AccountPage } from '../../features/account/components/account-page';
import { OrderList } from '../../features/orders/components/order-list';

export function Component() {
  const { t } = useTranslation('account');
  return (
    <AccountPage title={t('account:orders.title')} lead={t('account:orders.lead')}>
      <OrderList />
    </AccountPage>
  );
}
