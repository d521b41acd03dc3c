/**
 * /account/overview: active reservations, then active orders (accepted or delivering), each with
 * its links (ACC-09, ACC-10). The lists come from the reservations and orders features.
 */
import { useTranslation } from '../../shared/i18n';
import { AccountPage } from '../../features/account/components/account-page';
import { Icon } from '../../features/account/components/icons';
import { OverviewSection } from '../../features/account/components/overview-section';
import { ActiveOrderItem, useActiveOrders } from '../../features/orders/components/active-orders';
import { ActiveReservationItem, useActiveReservations } from '../../features/reservations/components/active-reservations';
import { useSession } from '../../shared/session/session-store';
import styles from './overview.module.css';
import { paths } from '../../shared/paths';

export function Component() {
  const { t } = useTranslation('account');
  const user = useSession((s) => s.user);
  const name = user?.first_name || user?.username;
  const reservations = useActiveReservations();
  const orders = useActiveOrders();
  return (
    <AccountPage title={t('account:overview.title')} lead={name ? t('account:overview.greeting', { name }) : t('account:overview.greetingNoName')}>
      <div className={styles.sections}>
        <OverviewSection
          id="active-reservations"
          title={t('account:overview.reservations.title')}
          allLink={{ to: paths.account.reservations, label: t('account:overview.reservations.all') }}
          items={reservations.items}
          loading={reservations.loading}
          error={reservations.error ? t('account:loadError', { detail: reservations.error.message }) : undefined}
          renderItem={(reservation) => <ActiveReservationItem reservation={reservation} />}
          getKey={(reservation) => reservation.id}
          icon={<Icon name="reservations" size={26} />}
          empty={{
            title: t('account:overview.reservations.empty'),
            text: t('account:overview.reservations.emptyHint'),
            action: { to: paths.hotel.rooms, label: t('account:overview.reservations.book') },
          }}
        />
        <OverviewSection
          id="active-orders"
          title={t('account:overview.orders.title')}
          allLink={{ to: paths.account.orders, label: t('account:overview.orders.all') }}
          items={orders.items}
          loading={orders.loading}
          error={orders.error ? t('account:loadError', { detail: orders.error.message }) : undefined}
          renderItem={(order) => <ActiveOrderItem order={order} />}
          getKey={(order) => order.id}
          icon={<Icon name="orders" size={26} />}
          empty={{
            title: t('account:overview.orders.empty'),
            text: t('account:overview.orders.emptyHint'),
            action: { to: paths.delivery, label: t('account:overview.orders.order') },
          }}
        />
      </div>
    </AccountPage>
  );
}
