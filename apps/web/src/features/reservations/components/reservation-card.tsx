import { useTranslation } from '../../../shared/i18n';
import type { Reservation } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { RoomCover } from '../../../shared/media/room-cover';
import { Button } from '../../../shared/ui';
import { formatStayDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { statusOf } from '../lib/status';
import { StatusBadge } from './status-badge';
import styles from './reservations.module.css';

interface ReservationCardProps {
  reservation: Reservation;
  onOpen: (reservation: Reservation) => void;
}

export function ReservationCard({ reservation, onOpen }: ReservationCardProps) {
  const { t } = useTranslation(['hotel', 'common', 'rates']);
  const { language } = useLanguage();
  const headingId = `reservation-${reservation.id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="reservation-card">
      <RoomCover image={reservation.room.images[0]} sizes="(max-width: 767px) 100vw, 240px" className={styles.cardMedia} />
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
        {reservation.refund ? (
          <p className={styles.cardFacts} data-testid="card-refund">
            {t('rates:reservations.refundShort', { date: formatStayDate(reservation.refund.money_back_by, language) })}
          </p>
        ) : (
          reservation.rate === 'non_refundable' && (
            <p className={styles.cardFacts} data-testid="card-non-refundable">
              {t(reservation.prepayment?.status === 'succeeded' ? 'rates:rate.plain' : 'rates:rate.beforePayment')}
            </p>
          )
        )}
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
