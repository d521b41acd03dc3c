import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { addDays, canCancelReservation, eripPath, hotelToday, CHECK_IN_TIME, CHECK_OUT_TIME, isFreeCancellation, personName, pricePerPersonPerNight, runsTotal, type EripBill, type Reservation } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/hooks/use-language';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { Button, ExtraLines, Modal, PriceBreakdown, toast } from '../../../shared/ui';
import { useCancelReservation } from '../api/cancel-reservation';
import { formatMoment, formatStayDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { statusOf } from '../lib/status';
import { StatusBadge } from './status-badge';
import styles from './reservations.module.css';

/**
 * An ERIP bill waiting to be paid (decision 058): the path in the bank's app, the number to type,
 * and until when the room is held. In the sandbox, a link to its page that plays the bank's app.
 */
function EripBillBlock({ bill, sandboxUrl }: { bill: EripBill; sandboxUrl: string | null }) {
  const { t } = useTranslation('rates');
  const { language } = useLanguage();
  return (
    <div className={styles.eripBill} data-testid="details-erip">
      <p className={styles.eripLead}>{t('reservations.erip.lead')}</p>
      <p className={styles.label}>{t('reservations.erip.path')}</p>
      <p className={styles.eripValue} data-testid="details-erip-path">{eripPath(language, bill.service_path)}</p>
      <p className={styles.label}>{t('reservations.erip.bill')}</p>
      <p className={styles.eripNumber} data-testid="details-erip-bill">{bill.bill_number}</p>
      {bill.expires_at && <p className={styles.muted}>{t('reservations.erip.until', { moment: formatMoment(bill.expires_at, language, { style: 'short' }) })}</p>}
      {sandboxUrl && <a href={sandboxUrl} data-testid="details-erip-sandbox">{t('reservations.erip.sandbox')}</a>}
    </div>
  );
}

interface ReservationDetailsProps {
  reservation: Reservation | null;
  userName: string;
  onClose: () => void;
}

/**
 * The details of a reservation (ACC-24..27) with its cancellation: free until 24 hours before
 * check-in, later the screen says the first night is due (CON-04, CON-05).
 */
export function ReservationDetails({ reservation, userName, onClose }: ReservationDetailsProps) {
  const { t } = useTranslation(['hotel', 'common', 'rates']);
  const [shown, setShown] = useState(reservation);
  if (reservation && reservation !== shown) setShown(reservation);
  return (
    <Modal
      open={reservation !== null}
      onOpenChange={(open) => !open && onClose()}
      title={shown ? t('hotel:reservations.detailsTitle', { id: shown.id }) : ''}
      size="large"
      initialFocus="title"
      onClosed={() => setShown(null)}
    >
      {shown && <DetailsBody key={shown.id} reservation={reservation ?? shown} userName={userName} />}
    </Modal>
  );
}

function DetailsBody({ reservation, userName }: { reservation: Reservation; userName: string }) {
  const { t } = useTranslation(['hotel', 'common', 'rates']);
  const { language } = useLanguage();
  const cancel = useCancelReservation();
  const [confirming, setConfirming] = useState(false);
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const status = statusOf(reservation);
  const now = new Date();
  const cancellable = canCancelReservation({ ...reservation, canceled: reservation.canceled }, now);
  const free = isFreeCancellation(reservation.arrival, now);
  // The room's price per person per night, from the nights' prices the guest was shown (issue 48,
  // point 5): the extras and the rate's and the code's discounts are lines of their own.
  const discounted = reservation.rate_discount > 0 || reservation.promo_discount > 0;
  const perPerson = pricePerPersonPerNight(runsTotal(reservation.price_breakdown), reservation.nights, reservation.guest_count);
  // A prepaid stay guarantees nothing with a first night: only a flexible stay names it (issue 48, point 5).
  const firstNightRow = reservation.price_breakdown.length > 1 && reservation.rate === 'non_refundable' ? null : reservation.price_breakdown.length > 1 ? 'hotel:stayRule.firstNight' : 'hotel:payment.pricePerNight';
  const { room } = reservation;
  const names = [
    userName,
    ...reservation.guests.map(personName),
  ];

  const onCancel = () =>
    cancel.mutate(reservation.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('hotel:reservations.cancelled'));
      },
    });

  const cancelError =
    cancel.error instanceof ApiError ? cancel.error.detail : cancel.error ? t('hotel:errors.cancelReservation') : null;

  return (
    <div className={styles.details} data-testid="reservation-details">
      <div className={styles.detailsHead}>
        <StatusBadge status={status} />
      </div>

      <div className={styles.detailsDates}>
        <div>
          <p className={styles.label}>{t('hotel:payment.checkIn')}</p>
          <p className={styles.bigDate}>{formatStayDate(reservation.arrival, language)}</p>
          <p className={styles.muted}>{t('hotel:payment.from', { time: CHECK_IN_TIME })}</p>
        </div>
        <div>
          <p className={styles.label}>{t('hotel:payment.checkOut')}</p>
          <p className={styles.bigDate}>{formatStayDate(reservation.departure, language)}</p>
          <p className={styles.muted}>{t('hotel:payment.until', { time: CHECK_OUT_TIME })}</p>
        </div>
      </div>

      <section className={styles.detailsRoom} aria-label={t('hotel:reservations.room')}>
        {room.images.length > 0 && (
          // A strip that scrolls sideways: focusable, so the keyboard can scroll it too.
          <div className={styles.gallery} tabIndex={0} role="group" aria-label={t('hotel:reservations.photos', { room: room.name[language] })}>
            {room.images.slice(0, 3).map((image, index) => (
              <ResponsiveImage key={index} image={image} sizes="(max-width: 767px) 80vw, 260px" width={1600} height={1067} />
            ))}
          </div>
        )}
        <h3 className={styles.roomName}>{room.name[language]}</h3>
        <p className={styles.muted}>{t('hotel:size', { size: room.room_size })}</p>
        <p>{room.description[language]}</p>
        {room.conveniences.length > 0 && (
          <ul className={styles.amenities} aria-label={t('hotel:variant.amenities')}>
            {room.conveniences.map((c) => (
              <li key={c.id}>{c.description[language]}</li>
            ))}
          </ul>
        )}
      </section>

      <dl className={styles.figures}>
        <div>
          <dt>{t('hotel:reservations.guests')}</dt>
          <dd data-testid="details-guests">{names.join(', ')}</dd>
        </div>
        <div>
          <dt>{t('hotel:payment.nights')}</dt>
          <dd data-testid="details-nights">{reservation.nights}</dd>
        </div>
        {firstNightRow && (
          <div data-testid="details-price-per-night">
            <dt>{t(firstNightRow)}</dt>
            <dd>{money(reservation.price_per_night)}</dd>
          </div>
        )}
        <div>
          <dt>{t(discounted ? 'hotel:reservations.perPersonBeforeDiscounts' : 'hotel:reservations.perPerson')}</dt>
          <dd data-testid="details-per-person">{money(perPerson)}</dd>
        </div>
        {reservation.promo_code && (
          <div className={styles.promoRow} data-testid="details-promo">
            <dt>{t('common:promo.label')}</dt>
            <dd>
              {reservation.promo_code} · −{money(reservation.promo_discount)}
            </dd>
          </div>
        )}
        <div className={styles.totalRow}>
          <dt>{t('hotel:payment.total')}</dt>
          <dd data-testid="details-total">{money(reservation.price)}</dd>
        </div>
      </dl>
      <PriceBreakdown runs={reservation.price_breakdown} />
      <ExtraLines extras={reservation.extras} />

      {reservation.special_requests && (
        <p className={styles.requests}>
          <span className={styles.label}>{t('hotel:payment.specialRequests')}</span>
          <br />
          {reservation.special_requests}
        </p>
      )}

      {reservation.rate === 'non_refundable' && !reservation.refund && (
        <p className={styles.warning} data-testid="details-non-refundable">
          {t(reservation.prepayment?.status === 'succeeded' ? 'rates:rate.plain' : reservation.prepayment?.method === 'erip' ? 'rates:rate.beforeErip' : 'rates:rate.beforePayment')}
          {reservation.rate_discount > 0 && <> · {t('rates:rate.discount')}: −{money(reservation.rate_discount)}</>}
        </p>
      )}
      {reservation.rate === 'non_refundable' && reservation.price === 0 && !reservation.canceled && (
        <p className={styles.muted} data-testid="details-nothing-to-pay">
          {t('rates:reservations.nothingToPay')}
        </p>
      )}
      {reservation.prepayment?.status === 'pending' && reservation.prepayment.erip && !reservation.canceled ? (
        <EripBillBlock bill={reservation.prepayment.erip} sandboxUrl={reservation.prepayment.confirmation_url} />
      ) : reservation.prepayment?.status === 'pending' && !reservation.canceled && (
        <p className={styles.muted} data-testid="details-payment-pending">
          {t('rates:reservations.paymentPending')}{' '}
          {reservation.prepayment.confirmation_url && <a href={reservation.prepayment.confirmation_url}>{t('rates:reservations.paymentConfirm')}</a>}
        </p>
      )}

      {reservation.payment_method && !reservation.canceled && reservation.rate === 'flexible' && (
        <p className={styles.muted} data-testid="details-guarantee">
          {t('hotel:reservations.guaranteedBy', {
            card: `${reservation.payment_method.brand.toUpperCase()} •••• ${reservation.payment_method.card_last4}`,
          })}
        </p>
      )}

      {reservation.refund ? (
        // The payment came after the hold ran out: nothing was booked, and the money goes back.
        <p className={styles.warning} data-testid="details-refund">
          {t(reservation.refund.status === 'failed' ? 'rates:reservations.refundFailed' : 'rates:reservations.refund', {
            price: money(reservation.refund.amount),
            date: formatStayDate(reservation.refund.money_back_by, language),
          })}
        </p>
      ) : reservation.canceled && reservation.rate === 'non_refundable' ? (
        <p className={styles.warning} data-testid="details-fee">
          {t('rates:reservations.nonRefundableCancelled', { price: money(reservation.price) })}
        </p>
      ) : reservation.canceled && reservation.cancellation_fee ? (
        <p className={styles.warning} data-testid="details-fee">
          {t(
            reservation.cancellation_charge === 'pending'
              ? 'hotel:reservations.feeCharging'
              : reservation.cancellation_charge === 'canceled'
                ? 'hotel:reservations.feeFailed'
                : 'hotel:reservations.feeCharged',
            { price: money(reservation.cancellation_fee) },
          )}
        </p>
      ) : null}

      {!reservation.canceled && (
        // The stay's online check-in before arrival and its bill (issue 45).
        <p className={styles.actions} data-testid="stay-documents">
          {reservation.arrival >= hotelToday(now) && <Link to={`${paths.account.checkIn}?id=${reservation.id}`}>{t('hotel:reservations.checkInOnline')}</Link>}
          <a href={`${paths.account.invoice}?id=${reservation.id}`} target="_blank" rel="noreferrer">
            {t('hotel:reservations.bill')}
          </a>
        </p>
      )}

      {cancellable && (
        <div className={styles.cancelBox}>
          {reservation.rate === 'non_refundable' ? (
            // Told before confirming: a cancellation refunds nothing (issue 23.3).
            <p className={styles.warning} data-testid="cancel-terms">
              {t('rates:reservations.nonRefundableCancel', { price: money(reservation.price) })}
            </p>
          ) : free ? (
            <p className={styles.muted} data-testid="cancel-terms">
              {t('hotel:reservations.freeUntil', {
                date: formatStayDate(addDays(reservation.arrival, -1), language),
                time: CHECK_IN_TIME,
              })}
            </p>
          ) : (
            <p className={styles.warning} data-testid="cancel-terms">
              {t('hotel:reservations.lateCancel', { price: money(reservation.price_per_night) })}
            </p>
          )}
          {confirming ? (
            <div className={styles.confirm}>
              <p>{t('hotel:reservations.cancelQuestion')}</p>
              <div className={styles.actions}>
                <Button variant="primary" loading={cancel.isPending} onClick={onCancel}>
                  {t('hotel:reservations.cancelConfirm')}
                </Button>
                <Button variant="clearly" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
                  {t('hotel:reservations.keep')}
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              {t('hotel:reservations.cancel')}
            </Button>
          )}
          {cancelError && (
            <p className={styles.error} role="alert">
              {cancelError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
