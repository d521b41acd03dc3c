import { useTranslation } from '../../../shared/i18n';
import { isActiveReservation, type Reservation } from '@hotel/domain';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/hooks/use-language';
import { useReservations } from '../api/get-reservations';
import { formatStayDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { statusOf } from '../lib/status';
import { StatusBadge } from './status-badge';
import styles from './reservations.module.css';
import { paths } from '../../../shared/paths';

/** The reserved and active stays, soonest first, for the account overview (ACC-09). */
export function useActiveReservations() {
  const query = useReservations();
  const items = query.data
    ?.filter((r) => isActiveReservation(statusOf(r)))
    .sort((a, b) => a.arrival.localeCompare(b.arrival));
  return { items, loading: query.isPending, error: query.error };
}

/** One active stay as a line of the overview. */
export function ActiveReservationItem({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation(['hotel', 'common']);
  const { language } = useLanguage();
  return (
    <Link to={paths.account.reservations} className={styles.overviewItem} data-testid="overview-reservation">
      <span className={styles.overviewMain}>
        <span className={styles.overviewName}>{reservation.room.name[language]}</span>
        <span className={styles.muted}>
          {formatStayDate(reservation.arrival, language)} — {formatStayDate(reservation.departure, language)} ·{' '}
          {t('hotel:guestsCount', { count: reservation.guest_count })}
        </span>
      </span>
      <span className={styles.overviewAside}>
        <StatusBadge status={statusOf(reservation)} />
        <span className={styles.overviewPrice}>{formatMoney(reservation.price, language, t('common:currency'))}</span>
      </span>
    </Link>
  );
}
