/**
 * `/hotel/guests` (signed-in users): who is staying (HOT-19..26). Without a chosen room the guest
 * goes back to the results. The choice is kept in the booking draft, so a reload keeps it.
 */
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../shared/i18n';
import { Link, Navigate, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useSavedGuests } from '../../features/hotel/api/get-saved-guests';
import { GuestSelection, guestsAreValid } from '../../features/hotel/components/guest-selection';
import { StaySummary } from '../../features/hotel/components/stay-summary';
import { StepIndicator } from '../../features/hotel/components/step-indicator';
import { useBookingDraft } from '../../features/hotel/lib/booking-draft';
import { useSession } from '../../shared/session/session-store';
import { Button } from '../../shared/ui';
import styles from './hotel.module.css';
import { paths, roomsSearchPath } from '../../shared/paths';
import { ActivationBanner } from '../../features/auth/components/activation';
import { nightsBetween, personName } from '@hotel/domain';
import { useRoomExtras } from '../../features/hotel/api/get-room-extras';
import { ExtrasPicker } from '../../features/hotel/components/extras-picker';
import { chosenExtraLines } from '../../features/hotel/lib/chosen-extras';

export function Component() {
  const { t } = useTranslation(['hotel', 'common']);
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const saved = useSavedGuests();
  const [showErrors, setShowErrors] = useState(false);
  const draft = useBookingDraft(
    useShallow((s) => ({
      filter: s.filterParams,
      variant: s.selectedVariant,
      numberOfGuests: s.numberOfGuests,
      guests: s.guestsData,
      bookingDetails: s.bookingDetails,
      setNumberOfGuests: s.setNumberOfGuests,
      updateGuest: s.updateGuest,
      setBookingDetails: s.setBookingDetails,
      extras: s.extras,
      setExtra: s.setExtra,
      rate: s.rate,
    })),
  );
  const offered = useRoomExtras(draft.variant?.room.id);

  if (!draft.filter || !draft.variant) return <Navigate to={paths.hotel.rooms} replace />;
  const { filter, variant } = draft;
  const userName = (user ? personName(user) : '') || user?.email || '';
  const stay = { nights: nightsBetween(filter.arrival, filter.departure), guests: draft.numberOfGuests };
  const extraLines = chosenExtraLines(offered.data, draft.extras, stay);

  const next = (form: HTMLFormElement) => {
    // Drawn at once, so the first field in error can take focus now: on a phone it was 1,800 px
    // above the button, and "Continue" seemed to do nothing.
    flushSync(() => setShowErrors(true));
    if (!guestsAreValid(draft.guests)) {
      const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus({ preventScroll: true });
      first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
    draft.setBookingDetails({
      arrival: filter.arrival,
      departure: filter.departure,
      specialRequests: draft.bookingDetails?.specialRequests ?? '',
    });
    void navigate(paths.hotel.payment);
  };

  return (
    <div className={`container ${styles.page}`}>
      <StepIndicator current="guests" />
      {/* A guest who signed up on the way here confirms the e-mail now, not at the last click. */}
      {user && <ActivationBanner user={user} />}
      <h1 className={styles.pageTitle}>{t('hotel:guests.title')}</h1>
      <p className={styles.pageLead}>{t('hotel:guests.lead')}</p>
      {/* A real form: Enter in a name field goes on, as the button does. */}
      <form
        className={styles.columns}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          next(event.currentTarget);
        }}
      >
        <div>
          <GuestSelection
            variant={variant}
            numberOfGuests={draft.numberOfGuests}
            guests={draft.guests}
            savedGuests={saved.data}
            savedGuestsError={saved.isError}
            userName={userName}
            showErrors={showErrors}
            onCountChange={draft.setNumberOfGuests}
            onGuestChange={draft.updateGuest}
          />
          <ExtrasPicker extras={offered.data} choices={draft.extras} stay={stay} onChange={draft.setExtra} rate={draft.rate} />
        </div>
        <div className={styles.aside}>
          <StaySummary variant={variant} arrival={filter.arrival} departure={filter.departure} guests={draft.numberOfGuests} extras={extraLines}>
            <div className={styles.actions}>
              {/* Busy until the room's extras have come: they are part of the offer, and the page
                  grows by their list when they do, which moved this button under a finger
                  already on its way (192 px at 1280 px wide, as the summary starts to stick). */}
              <Button type="submit" fullWidth loading={offered.isPending}>
                {t('hotel:guests.continue')}
              </Button>
              <Link to={roomsSearchPath(filter)} className={styles.back}>
                {t('hotel:guests.back')}
              </Link>
            </div>
          </StaySummary>
        </div>
      </form>
    </div>
  );
}
