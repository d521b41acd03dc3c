import { useTranslation } from '../../../shared/i18n';
import type { ReservationDisplayStatus } from '@hotel/domain';
import styles from './reservations.module.css';

export function StatusBadge({ status }: { status: ReservationDisplayStatus }) {
  const { t } = useTranslation('hotel');
  return (
    <span className={styles.badge} data-status={status} data-testid="reservation-status">
      {t(`hotel:reservations.status.${status}`)}
    </span>
  );
}
