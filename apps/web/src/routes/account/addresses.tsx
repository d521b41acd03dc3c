/** /account/addresses: list, create, edit, delete, primary (ACC-35..41). */
import { useTranslation } from '../../shared/i18n';
import { AccountPage } from '../../features/account/components/account-page';
import { AddressBook } from '../../features/account/components/address-book';

export function Component() {
  const { t } = useTranslation('account');
  return (
    <AccountPage title={t('account:address.title')} lead={t('account:address.lead')}>
      <AddressBook />
    </AccountPage>
  );
}
