import { describe, expect, it } from 'vitest';
import { reservationMail, type ReservationMailData } from './reservation';

const stay: ReservationMailData = {
  id: 7,
  name: 'Анна',
  roomName: 'Садовый люкс',
  arrival: '2099-06-12',
  departure: '2099-06-14',
  nights: 2,
  guestCount: 2,
  pricePerNight: 538_89,
  total: 908_34,
  priceRuns: [
    { first_night: '2099-06-12', nights: 1, price_per_night: 538_89 },
    { first_night: '2099-06-13', nights: 1, price_per_night: 538_88 },
  ],
  specialRequests: '',
  accountUrl: 'http://localhost/account/reservations',
  card: 'VISA •••• 4242',
};

describe('the booking letter at each rate (issue 48, point 5)', () => {
  it('a flexible stay whose nights differ names its first night, the guarantee of a late cancellation', () => {
    expect(reservationMail('confirmed', stay, 'ru').text).toContain('Первая ночь: 538,89 BYN');
  });

  it('a prepaid stay lists its nights and no first night, in both languages', () => {
    const prepaid = { ...stay, nonRefundable: { discount: 107_77 } };
    const ru = reservationMail('confirmed', prepaid, 'ru').text;
    expect(ru).not.toContain('Первая ночь');
    expect(ru).toContain('По ночам: 1 ночь × 538,89 BYN');
    const en = reservationMail('confirmed', prepaid, 'en');
    expect(en.text).not.toMatch(/first night/i);
    expect(en.html).not.toMatch(/first night/i);
    expect(en.text).toContain('Night by night: 1 night × 538.89 BYN');
  });
});
