import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECK_IN_TIME, CHECK_OUT_TIME, stayQuote, type RoomVariant } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { formatStayDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import styles from './stay-summary.module.css';

interface StaySummaryProps {
  variant: RoomVariant;
  arrival: string;
  departure: string;
  /** Everyone staying: the selected guests plus the user (HOT-29). */
  guests: number;
  /** Names of the guests besides the user, when known. */
  guestNames?: string[];
  children?: ReactNode;
}

/**
 * The booking summary (HOT-28..33): dates in the short format, guests, extra places only beyond the
 * primary capacity, the price per night that applies, the total, and the VAT note. Figures come
 * from the domain's rules, the same ones the server prices the booking with.
 */
export function StaySummary({ variant, arrival, departure, guests, guestNames, children }: StaySummaryProps) {
  const { t } = useTranslation(['hotel', 'common']);
  const { language } = useLanguage();
  const { room } = variant;
  const quote = stayQuote(
    { price: variant.price, extraPrice: variant.extra_price, primaryCapacity: room.primary_capacity, extraCapacity: room.extra_capacity },
    guests,
    { arrival, departure },
  );
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const cover = room.images[0];
  return (
    <section className={styles.summary} aria-labelledby="stay-summary-title" data-testid="booking-summary">
      {cover && (
        <div className={styles.media}>
          <ResponsiveImage image={cover} sizes="(max-width: 767px) 100vw, 400px" width={1600} height={1067} />
        </div>
      )}
      <div className={styles.body}>
        <p className={styles.eyebrow}>{t('hotel:payment.yourStay')}</p>
        <h2 id="stay-summary-title" className={styles.room}>
          {room.name[language]}
        </h2>
        <div className={styles.dates}>
          <div>
            <p className={styles.label}>{t('hotel:payment.checkIn')}</p>
            <p className={styles.date} data-testid="summary-check-in">
              {formatStayDate(arrival, language)}
            </p>
            <p className={styles.time}>{t('hotel:payment.from', { time: CHECK_IN_TIME })}</p>
          </div>
          <span className={styles.arrow} aria-hidden="true">
            →
          </span>
          <div>
            <p className={styles.label}>{t('hotel:payment.checkOut')}</p>
            <p className={styles.date} data-testid="summary-check-out">
              {formatStayDate(departure, language)}
            </p>
            <p className={styles.time}>{t('hotel:payment.until', { time: CHECK_OUT_TIME })}</p>
          </div>
        </div>
        <dl className={styles.figures}>
          <div>
            <dt>{t('hotel:payment.nights')}</dt>
            <dd>{quote.nights}</dd>
          </div>
          <div>
            <dt>{t('hotel:payment.guests')}</dt>
            <dd data-testid="summary-guests">{guests}</dd>
          </div>
          {quote.extraPlaces > 0 && (
            <div>
              <dt>{t('hotel:payment.extraPlaces')}</dt>
              <dd data-testid="summary-extra-places">{quote.extraPlaces}</dd>
            </div>
          )}
          <div>
            <dt>{t('hotel:payment.pricePerNight')}</dt>
            <dd data-testid="summary-price-per-night">{money(quote.pricePerNight)}</dd>
          </div>
          <div className={styles.total}>
            <dt>{t('hotel:payment.total')}</dt>
            <dd data-testid="summary-total">{money(quote.total)}</dd>
          </div>
        </dl>
        {guestNames && guestNames.length > 0 && (
          <p className={styles.names}>
            <span>{t('hotel:payment.withYou')}</span> {guestNames.join(', ')}
          </p>
        )}
        <p className={styles.vat}>{t('hotel:payment.vat')}</p>
        {children}
      </div>
    </section>
  );
}
