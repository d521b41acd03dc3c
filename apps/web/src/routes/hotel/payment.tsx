/**
 * `/hotel/payment` (signed-in users): the booking summary, the saved card that guarantees the
 * booking (a late cancellation or a no-show costs the first night, CON-05; the terms say bank
 * details are asked at this step), and the Book button, which creates the reservation
 * (HOT-27..36). At the non-refundable rate (issue 23.3) the card pays the whole stay now: the button
 * says the amount, a bank asking for 3-D Secure gets the guest sent to its page, and a declined card
 * books nothing. Without booking details or a filter the guest goes to /hotel/rooms.
 */
import { useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link, Navigate, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useQueryClient } from '@tanstack/react-query';
import { guestCount, isLateBooking, nightsBetween, personName, SPECIAL_REQUESTS_MAX, type PaymentMethodKind, type PriceRun, type StayRuleBreach } from '@hotel/domain';
import { useRoomExtras } from '../../features/hotel/api/get-room-extras';
import { chosenExtraLines, extrasTotal } from '../../features/hotel/lib/chosen-extras';
import { useCreateReservation } from '../../features/hotel/api/create-reservation';
import { usePaymentMethods } from '../../features/payments/api/get-payment-methods';
import { CardPicker } from '../../features/payments/components/card-picker';
import { formatMoney } from '../../shared/format/money';
import { useLanguage } from '../../shared/hooks/use-language';
import { StaySummary } from '../../features/hotel/components/stay-summary';
import { StepIndicator } from '../../features/hotel/components/step-indicator';
import { stayPromoOff, stayTotal, useBookingDraft } from '../../features/hotel/lib/booking-draft';
import { searchErrorKey } from '../../features/hotel/lib/search-errors';
import { stayRuleText } from '../../features/hotel/lib/stay-rule-text';
import { ApiError } from '../../shared/api/client';
import { newAttemptKey } from '../../shared/api/create-payment';
import { leaveFor } from '../../shared/api/leave-for';
import { useSession } from '../../shared/session/session-store';
import { Button, TextArea, toast } from '../../shared/ui';
import choice from '../../shared/ui/choice/choice.module.css';
import styles from './hotel.module.css';
import { paths } from '../../shared/paths';
import { ActivationBanner } from '../../features/auth/components/activation';
import { promoRefusalOf } from '../../features/promo/api/promo';
import { PromoCodeField, usePromoRefusalText, type AppliedPromo } from '../../features/promo/components/promo-code-field';

export function Component() {
  const { t } = useTranslation(['hotel', 'common', 'account', 'rates', 'extras']);
  const { language } = useLanguage();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const create = useCreateReservation();
  const [booked, setBooked] = useState(false);
  /** The total the guest saw before the server answered another one: shown until they book at the new one. */
  const [oldTotal, setOldTotal] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The bank declined the non-refundable payment: said beside the button until another try. */
  const [declined, setDeclined] = useState(false);
  /** How a non-refundable stay far enough ahead is paid: the card now, or an ERIP bill from the guest's bank app (decision 058). */
  const [payBy, setPayBy] = useState<PaymentMethodKind>('card');
  /** An extra the server refused (no longer offered): said beside the button until the guest changes the extras. */
  const [extraRefusal, setExtraRefusal] = useState<string | null>(null);
  /** The promo code applied, as the server priced it (decision 043); the booking prices it again. */
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const promoRefusalText = usePromoRefusalText();
  // A second click arrives before React has drawn the busy button: without this, a double click
  // booked the room and then told the guest the room was taken, by their own booking.
  const inFlight = useRef(false);
  /** The Idempotency-Key of the booking as it stands: the same booking sent again keeps it. */
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const draft = useBookingDraft(
    useShallow((s) => ({
      filter: s.filterParams,
      variant: s.selectedVariant,
      guests: s.guestsData,
      details: s.bookingDetails,
      paymentMethodId: s.paymentMethodId,
      setPaymentMethod: s.setPaymentMethod,
      repriceVariant: s.repriceVariant,
      setSpecialRequests: s.setSpecialRequests,
      clear: s.clear,
      rate: s.rate,
      extras: s.extras,
    })),
  );
  const offered = useRoomExtras(draft.variant?.room.id);
  // The card picker chooses the guarantee's card once the saved cards have come: until then Book
  // waits with them, so that a press is not answered "choose a card" while the card is on its way.
  const cards = usePaymentMethods();
  const queryClient = useQueryClient();

  if (booked) return null;
  if (!draft.filter || !draft.variant || !draft.details) return <Navigate to={paths.hotel.rooms} replace />;
  const { variant, details, guests } = draft;
  const userName = (user ? personName(user) : '') || user?.email || '';
  const names = guests.map(personName);
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  // Booked already inside the 24 hours before check-in: no free cancellation to promise.
  const late = isLateBooking(new Date(), details.arrival);
  const extraLines = chosenExtraLines(offered.data, draft.extras, { nights: nightsBetween(details.arrival, details.departure), guests: guestCount(guests.length) });
  const extrasSum = extrasTotal(extraLines);
  // The non-refundable rate (issue 23.3): paid in full now, no refund on cancellation.
  const nonRefundable = draft.rate === 'non_refundable' && variant.non_refundable !== null;
  const total = stayTotal(variant, draft.rate, extrasSum, promo?.discount);
  // A promo code and the rate took the whole stay (issue 42): booked with nothing to pay, and said so.
  const nothingToPay = nonRefundable && total === 0;
  const eripOffered = nonRefundable && !nothingToPay && variant.non_refundable?.erip === true;
  const byErip = eripOffered && payBy === 'erip';

  const book = () => {
    if (inFlight.current) return;
    if (!draft.paymentMethodId) {
      toast.error(t(nonRefundable ? 'rates:payment.required' : 'hotel:payment.guarantee.required'));
      return;
    }
    const body = {
      room_id: variant.room.id,
      arrival: details.arrival,
      departure: details.departure,
      guests: guests.map((g) =>
        g.kind === 'saved' ? g.id : { first_name: g.first_name, last_name: g.last_name, second_name: g.second_name || null },
      ),
      special_requests: details.specialRequests,
      payment_method_id: draft.paymentMethodId,
      // The total on the page, extras included: another one at the server is asked again, never booked (or charged) unseen.
      expected_total: total,
      ...(nonRefundable ? { rate: 'non_refundable' as const } : {}),
      ...(byErip ? { pay_by: 'erip' as const } : {}),
      extras: extraLines.map((line) => ({ id: line.extra.id, quantity: line.quantity })),
      ...(promo ? { promo_code: promo.code } : {}),
    };
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { key: newAttemptKey(), body: json };
    inFlight.current = true;
    setDeclined(false);
    create.mutate(
      { body, attemptKey: attempt.current.key },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: (reservation) => {
          setBooked(true);
          draft.clear();
          // The bank asks for 3-D Secure: its page, which returns the guest to their bookings. An ERIP
          // bill is paid later from the guest's bank app: their booking shows its path and number.
          const confirmAt = reservation.prepayment?.status === 'pending' && reservation.prepayment.method !== 'erip' ? reservation.prepayment.confirmation_url : null;
          if (reservation.prepayment?.method === 'erip' && reservation.prepayment.status === 'pending') {
            toast.success(t('rates:payment.eripIssued'));
            void navigate(paths.account.reservations, { state: { booked: reservation.id } });
            return;
          }
          if (confirmAt) {
            leaveFor(confirmAt);
            return;
          }
          toast.success(t(reservation.rate !== 'non_refundable' ? 'hotel:payment.booked' : reservation.price === 0 ? 'rates:payment.bookedFree' : 'rates:payment.paid'));
          void navigate(paths.account.reservations, { state: { booked: reservation.id } });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 402) {
            setDeclined(true);
            toast.error(t('rates:payment.declined'));
            return;
          }
          const changed =
            error instanceof ApiError && error.status === 409
              ? (error.body as { total?: number; price_per_night?: number; price_breakdown?: PriceRun[]; subtotal?: number })
              : null;
          if (changed?.total !== undefined && changed.price_per_night !== undefined) {
            setOldTotal(total);
            // The server's total has the extras in it and the code taken off; the variant keeps the
            // nights' alone, and the field prices the code for them again.
            draft.repriceVariant({ total: changed.total - extrasSum + stayPromoOff(variant, draft.rate, promo?.discount), price_per_night: changed.price_per_night, price_breakdown: changed.price_breakdown, subtotal: changed.subtotal });
            toast.error(t('hotel:payment.priceChanged.toast'));
            return;
          }
          // A promo code refused meanwhile (used up, expired): taken off, and said in the guest's words.
          if (promoRefusalOf(error)) {
            setPromo(null);
            toast.error(promoRefusalText(error));
            return;
          }
          // An extra no longer offered (staff took it off meanwhile): said in the guest's language, the list read again.
          const extraRefused = error instanceof ApiError && error.status === 422 ? (error.body as { extra_refused?: unknown; detail_ru?: string }) : null;
          if (extraRefused?.extra_refused) {
            const detail = language === 'ru' && extraRefused.detail_ru ? extraRefused.detail_ru : error instanceof ApiError ? error.detail : '';
            setExtraRefusal(t('extras:refused', { detail }));
            toast.error(t('extras:refused', { detail }));
            void queryClient.invalidateQueries({ queryKey: ['hotel', 'extras'] });
            return;
          }
          // A stay rule the stay breaks (a minimum stay set meanwhile): said in the guest's words.
          const rule = error instanceof ApiError && error.status === 422 ? (error.body as { stay_rule?: StayRuleBreach }).stay_rule : undefined;
          if (rule) {
            setRefusal(stayRuleText(t, rule, language));
            toast.error(stayRuleText(t, rule, language));
            return;
          }
          const key = searchErrorKey(error);
          // Refused for an e-mail not confirmed: said beside the button, where the banner above
          // offers the code, and not only in a toast that leaves.
          if (key === 'hotel:errors.notActive') setRefusal(t(key));
          toast.error(
            key !== 'hotel:errors.unexpected'
              ? t(key)
              : error instanceof ApiError && error.status < 500
                ? error.detail
                : t('hotel:errors.createReservation'),
          );
        },
      },
    );
  };

  return (
    <div className={`container ${styles.page}`}>
      <StepIndicator current="confirm" />
      {/* A guest who signed up on the way here confirms the e-mail now, not at the last click. */}
      {user && <ActivationBanner user={user} />}
      <h1 className={styles.pageTitle}>{t('hotel:payment.title')}</h1>
      <p className={styles.pageLead}>{t(nonRefundable ? 'rates:payment.lead' : 'hotel:payment.lead')}</p>
      <div className={styles.columns}>
        <div className={styles.panel}>
          <h2 className={styles.panelTitle}>{t('hotel:payment.whoStays')}</h2>
          <ul className={styles.people} data-testid="payment-guests">
            <li>
              <span className={styles.initial} aria-hidden="true">
                {userName.slice(0, 1).toUpperCase()}
              </span>
              <span>
                {userName} <span className={styles.you}>· {t('hotel:guests.you')}</span>
              </span>
            </li>
            {names.map((name, index) => (
              <li key={index}>
                <span className={styles.initial} aria-hidden="true">
                  {name.slice(0, 1).toUpperCase()}
                </span>
                <span>{name}</span>
              </li>
            ))}
          </ul>
          <Link to={paths.hotel.guests} className={styles.editLink}>
            {t('hotel:payment.editGuests')}
          </Link>
          <TextArea
            label={t('hotel:payment.specialRequests')}
            hint={t('hotel:payment.specialRequestsHint')}
            maxLength={SPECIAL_REQUESTS_MAX}
            value={details.specialRequests}
            onChange={(event) => draft.setSpecialRequests(event.target.value)}
            rows={4}
          />
          <section className={styles.guarantee} aria-labelledby="guarantee-title" data-testid="guarantee">
            <h2 id="guarantee-title" className={styles.panelTitle}>
              {t(nonRefundable ? 'rates:payment.title' : 'hotel:payment.guarantee.title')}
            </h2>
            <p className={styles.guaranteeText} data-testid={nonRefundable ? 'non-refundable-terms' : undefined}>
              {nothingToPay
                ? t('rates:payment.nothingToPay')
                : byErip
                ? t('rates:payment.eripText', { total: money(total) })
                : nonRefundable
                ? t('rates:payment.text', { total: money(total) })
                : t('hotel:payment.guarantee.text', { price: money(variant.price_per_night) })}
            </p>
            {late && !nonRefundable && (
              <p className={styles.guaranteeText} role="note" data-testid="late-booking">
                {t('hotel:payment.guarantee.late', { price: money(variant.price_per_night) })}
              </p>
            )}
            {eripOffered && (
              <fieldset className={styles.payBy} data-testid="pay-by">
                <legend className={styles.guaranteeText}>{t('rates:payment.payBy')}</legend>
                <label className={choice.choice}>
                  <input type="radio" name="pay-by" value="card" checked={payBy === 'card'} onChange={() => setPayBy('card')} disabled={create.isPending} />
                  <span>{t('rates:payment.byCard')}</span>
                </label>
                <label className={choice.choice}>
                  <input type="radio" name="pay-by" value="erip" checked={payBy === 'erip'} onChange={() => setPayBy('erip')} disabled={create.isPending} data-testid="pay-by-erip" />
                  <span>
                    {t('rates:payment.byErip')}
                    <br />
                    <span className={styles.guaranteeText}>{t('rates:payment.byEripNote')}</span>
                  </span>
                </label>
              </fieldset>
            )}
            <CardPicker
              label={t(byErip ? 'rates:payment.eripCard' : nonRefundable ? 'rates:payment.card' : 'hotel:payment.guarantee.card')}
              value={draft.paymentMethodId}
              onChange={draft.setPaymentMethod}
              returnPath={paths.hotel.payment}
              disabled={create.isPending}
            />
          </section>
          <PromoCodeField
            scope="rooms"
            amount={variant.total}
            stay={{ arrival: details.arrival, departure: details.departure }}
            applied={promo}
            onChange={setPromo}
            disabled={create.isPending}
          />
          {oldTotal !== null && oldTotal !== total && (
            <p className={styles.guaranteeText} role="alert" data-testid="price-changed">
              {t('hotel:payment.priceChanged.text', { old: money(oldTotal), new: money(total) })}
            </p>
          )}
          {declined && (
            <p className={styles.guaranteeText} role="alert" data-testid="payment-declined">
              {t('rates:payment.declined')}
            </p>
          )}
          {extraRefusal && (
            <p className={styles.guaranteeText} role="alert" data-testid="extra-refused">
              {extraRefusal}
            </p>
          )}
          {refusal && user && !user.is_active && (
            <p className={styles.guaranteeText} role="alert" data-testid="booking-refused">
              {refusal}
            </p>
          )}
          <Button onClick={book} loading={create.isPending || cards.isPending} fullWidth data-testid="book-button">
            {nothingToPay
              ? t('rates:payment.bookFree')
              : byErip
              ? t('rates:payment.eripBook', { total: money(total) })
              : nonRefundable
              ? t('rates:payment.pay', { total: money(total) })
              : oldTotal !== null && oldTotal !== total
                ? t('hotel:payment.priceChanged.book', { total: money(total) })
                : t('hotel:payment.book')}
          </Button>
          <p className={styles.disclaimer}>
            {t(nonRefundable ? 'rates:payment.disclaimer' : late ? 'hotel:payment.disclaimerLate' : 'hotel:payment.disclaimer')}
          </p>
        </div>
        <div className={`${styles.aside} ${styles.summaryFirst}`}>
          <StaySummary
            variant={variant}
            arrival={details.arrival}
            departure={details.departure}
            guests={guestCount(guests.length)}
            extras={extraLines}
            promo={promo}
            byErip={byErip}
          />
        </div>
      </div>
    </div>
  );
}
