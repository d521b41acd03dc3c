/** A reservation as GET hotel/reservations/ answers it, for the reservation screens' tests. */
import type { Reservation } from '@hotel/domain';
import { testRoom } from './hotel-fixtures';

// The hotel fixtures' room, as a reservation shows it: 250 BYN a night, one amenity.
const garden = testRoom({
  slug: 'garden',
  name: { ru: 'Садовый люкс', en: 'Garden suite' },
  description: { ru: 'Окна в сад, дубовый паркет.', en: 'Windows to the garden, oak parquet.' },
  price: 250_00,
  extra_price: null,
  room_size: 32,
  conveniences: [{ id: 1, description: { ru: 'Кондиционер', en: 'Air conditioning' }, image: null }],
});

// Far in the future, so the stay stays reserved and freely cancellable whenever the test runs.
export function testReservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: 41,
    arrival: '2099-06-12',
    departure: '2099-06-15',
    arrival_at: '2099-06-12T11:00:00.000Z',
    departure_at: '2099-06-15T09:00:00.000Z',
    nights: 3,
    guest_count: 2,
    extra_places: 0,
    price_per_night: 250_00,
    price: 750_00,
    price_breakdown: [{ first_night: '2099-06-12', nights: 3, price_per_night: 250_00 }],
    extras: [],
    canceled: false,
    canceled_at: null,
    cancellation_fee: null,
    payment_method: null,
    cancellation_charge: null,
    free_cancellation_until: '2099-06-11T11:00:00.000Z',
    rate: 'flexible',
    rate_discount: 0,
    prepayment: null,
    refund: null,
    status: 'reserved',
    special_requests: '',
    created_at: '2099-01-10T09:00:00.000Z',
    promo_code: null,
    promo_discount: 0,
    room: garden,
    guests: [{ first_name: 'Олег', last_name: 'Новик', second_name: null }],
    ...overrides,
  };
}
