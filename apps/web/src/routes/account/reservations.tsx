/** /account/reservations: the user's hotel bookings, Active and Completed (ACC-21..27). */
import { useTranslation } from '../../shared/i18n';
import { AccountPage } from '../../features/account/components/account-page';
import { ReservationList } from '../../features/reservations/components/reservation-list';
import { MyTables } from '../../features/table-booking/components/my-tables';
import { useSession } from '../../shared/session/session-store';
import { personName } from '@hotel/domain';

export function Component() {
  const { t } = useTranslation(['hotel', 'restaurant']);
  const user = useSession((s) => s.user);
  const userName = (user ? personName(user) : '') || user?.email || '';
  return (
    <AccountPage title={t('hotel:reservations.title')} lead={t('hotel:reservations.lead')}>
      <ReservationList userName={userName} />
      <MyTables />
    </AccountPage>
  );
}
