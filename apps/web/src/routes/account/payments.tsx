/** /account/payments: saved cards, add, delete, make primary (ACC-42..48). */
import { useTranslation } from '../../shared/i18n';
import { AccountPage } from '../../features/account/components/account-page';
import { CardList } from '../../features/payments/components/card-list';

export function Component() {
  const { t } = useTranslation('account');
  return (
    <AccountPage title={t('account:payments.title')} lead={t('account:payments.lead')}>
      <CardList />
    </AccountPage>
  );
}
