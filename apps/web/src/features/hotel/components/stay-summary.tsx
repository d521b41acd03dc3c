import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { CHECK_IN_TIME, CHECK_OUT_TIME, extraPlaces, nightsBetween, type RateType, type RoomVariant } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { formatStayDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { PriceBreakdown } from '../../../shared/ui';
import { useVariants } from '../api/get-variants';
import { stayPromoOff, stayTotal, useBookingDraft } from '../lib/booking-draft';
import { extrasTotal, type ChosenExtraLine } from '../lib/chosen-extras';
import styles from './stay-summary.module.css';

interface StaySummaryProps {
  variant: RoomVariant;
  arrival: string;
  departure: string;
  /** Everyone staying: the selected guests plus the user (HOT-29). */
  guests: number;
  /** Names of the guests besides the user, when known. */
  guestNames?: string[];
  /** The rate (issue 23.3), the one chosen in the booking draft when not given: the non-refundable one shows its discount and its total. */
  rate?: RateType;
  /** Extras with the stay the guest chose, priced (decision 044): listed, and part of the total. */
  extras?: ChosenExtraLine[];
  /** A promo code applied at the payment step: its line, and the total after it (decision 043). */
  promo?: { code: string; discount: number } | null | undefined;
  children?: ReactNode;
  /** The non-refundable stay is paid by an ERIP bill, not the card (decision 058): the note says so. */
  byErip?: boolean;
}

/**
 * The booking summary (HOT-28..33): dates in the short format, guests, extra places only beyond the
 * primary capacity, the price per night that applies, the nights' breakdown where their prices
 * differ (issue 23), the extras chosen (decision 044), the total with them, and the VAT note. The prices are the server's (the variant, priced
 * again when the server answered another total); nothing is priced here.
 */
export function StaySummary({ variant: chosen, arrival, departure, guests, guestNames, rate: shownRate, extras = [], promo, children, byErip = false }: StaySummaryProps) {
  const { t } = useTranslation(['hotel', 'common', 'rates']);
  const draftRate = useBookingDraft((s) => s.rate);
  const rate = shownRate ?? draftRate;
  const { language } = useLanguage();
  // Another number of guests than the search's may cost another price (extra places): the server prices it.
  const repriced = useVariants(guests === chosen.guest_count ? null : { arrival, departure, guests });
  const variant = repriced.data?.find((other) => other.room.id === chosen.room.id) ?? chosen;
  const { room } = variant;
  const places = extraPlaces({ primaryCapacity: room.primary_capacity, extraCapacity: room.extra_capacity }, guests);
  const several = variant.price_breakdown.length > 1;
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const cover = room.images[0];
  const nonRefundable = rate === 'non_refundable' ? variant.non_refundable : null;
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
            <dd>{nightsBetween(arrival, departure)}</dd>
          </div>
          <div>
            <dt>{t('hotel:payment.guests')}</dt>
            <dd data-testid="summary-guests">{guests}</dd>
          </div>
          {places > 0 && (
            <div>
              <dt>{t('hotel:payment.extraPlaces')}</dt>
              <dd data-testid="summary-extra-places">{places}</dd>
            </div>
          )}
          {/* A prepaid stay guarantees nothing with a first night (issue 48, point 5): its nights are in the breakdown. */}
          {!(several && nonRefundable) && (
            <div>
              <dt>{several ? t('hotel:stayRule.firstNight') : t('hotel:payment.pricePerNight')}</dt>
              <dd data-testid="summary-price-per-night">{money(variant.price_per_night)}</dd>
            </div>
          )}
          {nonRefundable && (
            <>
              <div>
                <dt>{t('rates:rate.legend')}</dt>
                <dd data-testid="summary-rate">{t('rates:rate.nonRefundable')}</dd>
              </div>
              <div>
                <dt>{t('rates:rate.discount')}</dt>
                <dd data-testid="summary-discount">−{money(nonRefundable.discount)}</dd>
              </div>
            </>
          )}
          {promo && (
            <div data-testid="summary-promo">
              <dt>{t('common:promo.discount', { code: promo.code })}</dt>
              <dd>−{money(stayPromoOff(variant, rate, promo.discount))}</dd>
            </div>
          )}
          {extras.length > 0 && <SummaryExtras extras={extras} />}
          <div className={styles.total}>
            <dt>{t('hotel:payment.total')}</dt>
            <dd data-testid="summary-total">{money(stayTotal(variant, rate, extrasTotal(extras), promo?.discount))}</dd>
          </div>
        </dl>
        <PriceBreakdown runs={variant.price_breakdown} className={styles.breakdown} />
        {guestNames && guestNames.length > 0 && (
          <p className={styles.names}>
            <span>{t('hotel:payment.withYou')}</span> {guestNames.join(', ')}
          </p>
        )}
        {nonRefundable && (
          <p className={styles.vat} data-testid="summary-non-refundable">
            {t(byErip ? 'rates:rate.beforeErip' : 'rates:rate.beforePayment')}
          </p>
        )}
        <p className={styles.vat}>{t('hotel:payment.vat')}</p>
        {children}
      </div>
    </section>
  );
}

/** The extras' lines of the summary: their texts are a namespace of their own, waited for only when there are some. */
function SummaryExtras({ extras }: { extras: ChosenExtraLine[] }) {
  const { t, ready } = useTranslation(['extras', 'common'], { useSuspense: false });
  const { language } = useLanguage();
  if (!ready) return null;
  return extras.map((line) => (
    <div key={line.extra.id} data-testid="summary-extra">
      <dt>{t('extras:summaryLine', { name: line.extra.name[language], quantity: line.quantity })}</dt>
      <dd>{formatMoney(line.total, language, t('common:currency'))}</dd>
    </div>
  ));
}
