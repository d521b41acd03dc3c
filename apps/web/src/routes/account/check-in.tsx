/** /account/check-in?id=: online check-in of one of the guest's stays before arrival (issue 45, point 6). */
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n';
import { AccountPage } from '../../features/account/components/account-page';
import { CheckInForm } from '../../features/folio/components/check-in-form';
import { stayIdFrom } from '../../features/folio/lib/stay-id';

export function Component() {
  const { t } = useTranslation('folio');
  const id = stayIdFrom(useSearchParams()[0]);
  return (
    <AccountPage title={t('checkInForm.title')} lead={t('checkInForm.lead', { id: id ?? '' })}>
      {id === null ? <p>{t('loadError')}</p> : <CheckInForm reservationId={id} />}
    </AccountPage>
  );
}
