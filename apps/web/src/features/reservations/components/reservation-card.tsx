import { useTranslation } from 'react-i18next';
import type { Reservation } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { Button } from '../../../shared/ui';
import { formatMoney, formatStayDate } from '../../../shared/format/stay';
import { statusOf } from '../lib/status';
import { StatusBadge } from './status-badge';
import styles from './reservations.module.css';

interface ReservationCardProps {
  reservation: Reservation;
  onOpen: (reservation: Reservation) => void;
}

export function ReservationCard({ reservation, onOpen }: ReservationCardProps) {
  const { t } = useTranslation(['hotel', 'common']);
  const { language } = useLanguage();
  const cover = reservation.room.images[0];
  const headingId = `reservation-${reservation.id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="reservation-card">
      <div className={styles.cardMedia}>
        {cover ? (
          <ResponsiveImage image={cover} sizes="(max-width: 767px) 100vw, 240px" width={1600} height={1067} />
        ) : (
          <span className={styles.placeholder} aria-hidden="true">
            1799
          </span>
        )}
      </div>
      <div className={styles.cardBody}>
        <div className={styles.cardTop}>
          <StatusBadge status={statusOf(reservation)} />
          <span className={styles.number}>{t('hotel:reservations.number', { id: reservation.id })}</span>
        </div>
        <h3 id={headingId} className={styles.cardTitle}>
          {reservation.room.name[language]}
        </h3>
        <p className={styles.cardDates}>
          {formatStayDate(reservation.arrival, language)} — {formatStayDate(reservation.departure, language)}
        </p>
        <p className={styles.cardFacts}>
          {t('hotel:nights', { count: reservation.nights })} · {t('hotel:guestsCount', { count: reservation.guest_count })}
        </p>
      </div>
      <div className={styles.cardAside}>
        <p className={styles.cardTotal}>{formatMoney(reservation.price, language, t('common:currency'))}</p>
        <Button variant="outline" size="sm" onClick={() => onOpen(reservation)} aria-describedby={headingId}>
          {t('hotel:reservations.details')}
        </Button>
      </div>
    </article>
  );
}
