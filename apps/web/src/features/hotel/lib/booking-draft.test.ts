import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { savedGuests, testFilter, testRoom, testVariant } from '../../../test/hotel-fixtures';
import { testUser } from '../../../test/render';
import { BOOKING_DRAFT_KEY, useBookingDraft, type BookingDetails } from './booking-draft';

beforeEach(() => {
  sessionStorage.clear();
  useBookingDraft.getState().clear();
});

const filter = testFilter(3);
const variant = testVariant(testRoom({ primary_capacity: 2, extra_capacity: 1 }));
const details: BookingDetails = {
  arrival: filter.arrival,
  departure: filter.departure,
  specialRequests: '',
};

/** A draft filled the way the booking steps fill it. */
function fillDraft() {
  const draft = useBookingDraft.getState();
  draft.selectVariant(filter, variant);
  const saved = savedGuests[0]!;
  draft.updateGuest(0, { kind: 'saved', id: saved.id, first_name: saved.first_name, last_name: saved.last_name, second_name: saved.second_name });
  draft.updateGuest(1, { kind: 'new', first_name: 'Иван', last_name: 'Петров', second_name: '' });
  draft.setBookingDetails(details);
  draft.setSpecialRequests('Поздний заезд');
}

/** What a reload of the page would start from. */
async function reloaded() {
  vi.resetModules();
  const module = await import('./booking-draft');
  return module.useBookingDraft.getState();
}

// The hotel state is the booking draft; rooms and variants are server state in TanStack Query
// (features/hotel/api), so the draft holds everything else HOT-38 names.
describe('booking draft (the hotel state)', () => {
  it('HOT-38: a fresh hotel state has 1 guest, no guests data, no filter, no variant and no booking details', async () => {
    sessionStorage.clear();
    const fresh = await reloaded();
    expect(fresh).toMatchObject({
      numberOfGuests: 1,
      guestsData: [],
      filterParams: null,
      selectedVariant: null,
      bookingDetails: null,
    });
  });

  it('HOT-38: the hotel state holds the filter, the variant, the guests and the booking details, and a reload keeps them', async () => {
    fillDraft();
    const expected = {
      filterParams: filter,
      selectedVariant: variant,
      numberOfGuests: 3,
      guestsData: [
        { kind: 'saved', id: 41, first_name: 'Мария', last_name: 'Ковалёва', second_name: 'Игоревна' },
        { kind: 'new', first_name: 'Иван', last_name: 'Петров', second_name: '' },
      ],
      bookingDetails: { ...details, specialRequests: 'Поздний заезд' },
    };
    expect(useBookingDraft.getState()).toMatchObject(expected);
    expect(sessionStorage.getItem(BOOKING_DRAFT_KEY)).not.toBeNull();
    expect(await reloaded()).toMatchObject(expected);
  });

  it('HOT-39: clearing the hotel state removes the filter params, the selected variant and the booking details', async () => {
    fillDraft();
    useBookingDraft.getState().clear();
    expect(useBookingDraft.getState()).toMatchObject({ filterParams: null, selectedVariant: null, bookingDetails: null });
    expect(await reloaded()).toMatchObject({ filterParams: null, selectedVariant: null, bookingDetails: null });
  });

  it('HOT-39: signing out clears the hotel state', () => {
    useSession.setState({ status: 'authenticated', user: testUser });
    fillDraft();
    useSession.getState().signedOut();
    expect(useBookingDraft.getState()).toMatchObject({ filterParams: null, selectedVariant: null, bookingDetails: null });
  });
});
