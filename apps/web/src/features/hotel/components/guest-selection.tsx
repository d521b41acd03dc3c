import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { extraPlaces, type Guest, maxGuests, newGuestSchema, personName, type RoomVariant } from '@hotel/domain';
import { Input, Select } from '../../../shared/ui';
import { emptyGuest, type GuestSlot } from '../lib/booking-draft';
import styles from './guest-selection.module.css';

/** The first problem of each field of a new guest, as translation keys (HOT-21). */
export function guestErrors(slot: GuestSlot): Partial<Record<'first_name' | 'last_name', string>> {
  if (slot.kind === 'saved') return {};
  const result = newGuestSchema.safeParse(slot);
  if (result.success) return {};
  const errors: Partial<Record<'first_name' | 'last_name', string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'first_name' || field === 'last_name') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export const guestsAreValid = (slots: GuestSlot[]) => slots.every((slot) => Object.keys(guestErrors(slot)).length === 0);

interface GuestSelectionProps {
  variant: RoomVariant;
  /** Everyone staying, the user included. */
  numberOfGuests: number;
  guests: GuestSlot[];
  savedGuests: Guest[] | undefined;
  savedGuestsError: boolean;
  userName: string;
  showErrors: boolean;
  onCountChange: (count: number) => void;
  onGuestChange: (index: number, guest: GuestSlot) => void;
}

/**
 * Who is staying (HOT-19..25): the user counts as one; the counter resizes the list keeping what is
 * filled in; at the room's capacity it stops; beyond the primary places a warning tells about the
 * extra price.
 */
export function GuestSelection({
  variant,
  numberOfGuests,
  guests,
  savedGuests,
  savedGuestsError,
  userName,
  showErrors,
  onCountChange,
  onGuestChange,
}: GuestSelectionProps) {
  const { t } = useTranslation(['hotel', 'common']);
  const id = useId();
  const room = { primaryCapacity: variant.room.primary_capacity, extraCapacity: variant.room.extra_capacity };
  const capacity = maxGuests(room);
  const extra = extraPlaces(room, numberOfGuests);
  const atCapacity = numberOfGuests >= capacity;
  const pickedIds = guests.flatMap((g) => (g.kind === 'saved' ? [g.id] : []));

  return (
    <div className={styles.selection}>
      <div className={styles.counter}>
        <div>
          <p className={styles.counterLabel} id={`${id}-count`}>
            {t('hotel:guests.count')}
          </p>
          <p className={styles.counterHint}>{t('hotel:guests.capacity', { count: capacity, primary: variant.room.primary_capacity })}</p>
        </div>
        <div className={styles.stepper} role="group" aria-labelledby={`${id}-count`}>
          <button
            type="button"
            className={styles.stepButton}
            onClick={() => onCountChange(numberOfGuests - 1)}
            disabled={numberOfGuests <= 1}
            aria-label={t('hotel:guests.remove')}
          >
            −
          </button>
          <output className={styles.count} aria-live="polite" data-testid="guest-count">
            {numberOfGuests}
          </output>
          <button
            type="button"
            className={styles.stepButton}
            onClick={() => onCountChange(numberOfGuests + 1)}
            disabled={atCapacity}
            aria-label={t('hotel:guests.add')}
          >
            +
          </button>
        </div>
      </div>
      {atCapacity && capacity > 1 && (
        <p className={styles.notice} data-testid="capacity-reached">
          {t('hotel:guests.maxReached', { count: capacity })}
        </p>
      )}
      {extra > 0 && (
        <p className={styles.warning} role="status" data-testid="extra-place-warning">
          {t('hotel:guests.extraWarning', { count: extra, primary: variant.room.primary_capacity })}
        </p>
      )}

      <ol className={styles.list}>
        <li className={styles.you}>
          <span className={styles.badge}>1</span>
          <div>
            <p className={styles.youName}>{userName}</p>
            <p className={styles.youHint}>{t('hotel:guests.you')}</p>
          </div>
        </li>
        {guests.map((guest, index) => {
          const errors = showErrors ? guestErrors(guest) : {};
          const options = (savedGuests ?? []).filter((s) => !pickedIds.includes(s.id) || (guest.kind === 'saved' && guest.id === s.id));
          return (
            <li key={index} className={styles.guest} data-testid="guest-slot">
              <div className={styles.guestHead}>
                <span className={styles.badge}>{index + 2}</span>
                <p className={styles.guestTitle}>{t('hotel:guests.guestN', { n: index + 2 })}</p>
              </div>
              {savedGuests && savedGuests.length > 0 && (
                <Select
                  label={t('hotel:guests.pick')}
                  value={guest.kind === 'saved' ? String(guest.id) : 'new'}
                  options={[
                    { value: 'new', label: t('hotel:guests.newGuest') },
                    ...options.map((s) => ({
                      value: String(s.id),
                      label: personName(s),
                    })),
                  ]}
                  onChange={(event) => {
                    const picked = savedGuests.find((s) => String(s.id) === event.target.value);
                    onGuestChange(
                      index,
                      picked
                        ? { kind: 'saved', id: picked.id, first_name: picked.first_name, last_name: picked.last_name, second_name: picked.second_name }
                        : emptyGuest(),
                    );
                  }}
                />
              )}
              {guest.kind === 'new' && (
                <div className={styles.fields}>
                  <Input
                    label={t('hotel:guests.lastName')}
                    required
                    autoComplete="off"
                    value={guest.last_name}
                    error={errors.last_name ? t(errors.last_name) : undefined}
                    onChange={(event) => onGuestChange(index, { ...guest, last_name: event.target.value })}
                  />
                  <Input
                    label={t('hotel:guests.firstName')}
                    required
                    autoComplete="off"
                    value={guest.first_name}
                    error={errors.first_name ? t(errors.first_name) : undefined}
                    onChange={(event) => onGuestChange(index, { ...guest, first_name: event.target.value })}
                  />
                  <Input
                    label={t('hotel:guests.secondName')}
                    hint={t('hotel:guests.optional')}
                    autoComplete="off"
                    value={guest.second_name}
                    onChange={(event) => onGuestChange(index, { ...guest, second_name: event.target.value })}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {savedGuestsError && <p className={styles.muted}>{t('hotel:guests.savedError')}</p>}
    </div>
  );
}
