import { describe, expect, it } from 'vitest';
import {
  canCancelReservation,
  canMarkNoShow,
  cancellationFee,
  checkInAt,
  checkOutAt,
  freeCancellationUntil,
  hotelMoment,
  isFreeCancellation,
  movedStayQuote,
  pricePerPersonPerNight,
  reservationTimes,
  stayQuote,
} from './reservation';
import { isActiveReservation, reservationDisplayStatus } from './status';

const room = { primaryCapacity: 2, extraCapacity: 1, price: 250_00, extraPrice: 310_00 };

describe('stay moments in hotel time (Europe/Minsk, UTC+3)', () => {
  it('check-in is 14:00 and check-out 12:00 on the hotel clock', () => {
    expect(checkInAt('2026-06-12').toISOString()).toBe('2026-06-12T11:00:00.000Z');
    expect(checkOutAt('2026-06-14').toISOString()).toBe('2026-06-14T09:00:00.000Z');
  });

  it('keeps +03:00 in winter too (no DST since 2011)', () => {
    expect(hotelMoment('2026-01-15', '00:00').toISOString()).toBe('2026-01-14T21:00:00.000Z');
    expect(hotelMoment('2026-03-29', '14:00').toISOString()).toBe('2026-03-29T11:00:00.000Z');
  });
});

describe('reservation display status from the stay dates (ACC-22, ACC-23)', () => {
  const stay = { arrival: '2026-06-12', departure: '2026-06-14', canceled: false };
  const at = (iso: string) => reservationDisplayStatus(reservationTimes(stay), new Date(iso));

  it('is reserved until 14:00 on the arrival day, then active', () => {
    expect(at('2026-06-12T10:59:59Z')).toBe('reserved');
    expect(at('2026-06-12T11:00:01Z')).toBe('active');
  });

  it('is active until 12:00 on the departure day, then completed', () => {
    expect(at('2026-06-14T08:59:59Z')).toBe('active');
    expect(at('2026-06-14T09:00:00Z')).toBe('completed');
    expect(isActiveReservation(at('2026-06-14T09:00:00Z'))).toBe(false);
  });

  it('a cancelled stay is cancelled whatever the time', () => {
    expect(reservationDisplayStatus(reservationTimes({ ...stay, canceled: true }), new Date('2026-06-01T00:00Z'))).toBe(
      'cancelled',
    );
  });
});

describe('cancellation (CON-04, CON-05)', () => {
  const arrival = '2026-06-12';

  it('is free until 24 hours before check-in', () => {
    expect(freeCancellationUntil(arrival).toISOString()).toBe('2026-06-11T11:00:00.000Z');
    expect(isFreeCancellation(arrival, new Date('2026-06-11T11:00:00Z'))).toBe(true);
    expect(isFreeCancellation(arrival, new Date('2026-06-11T11:00:01Z'))).toBe(false);
  });

  it('costs the first night when late, nothing when in time', () => {
    expect(cancellationFee({ arrival, pricePerNight: 310_00 }, new Date('2026-06-10T09:00Z'))).toBe(0);
    expect(cancellationFee({ arrival, pricePerNight: 310_00 }, new Date('2026-06-11T20:00Z'))).toBe(310_00);
  });

  it('is possible until check-in, never twice', () => {
    const stay = { arrival, departure: '2026-06-14', canceled: false };
    expect(canCancelReservation(stay, new Date('2026-06-12T10:59Z'))).toBe(true);
    expect(canCancelReservation(stay, new Date('2026-06-12T11:00Z'))).toBe(false);
    expect(canCancelReservation({ ...stay, canceled: true }, new Date('2026-06-01T00:00Z'))).toBe(false);
  });
});

describe('figures of a stay', () => {
  it('quotes nights, extra places, price per night and total (HOT-26, HOT-30, HOT-31, HOT-32)', () => {
    expect(stayQuote(room, 2, { arrival: '2026-06-12', departure: '2026-06-15' })).toEqual({
      nights: 3,
      guests: 2,
      extraPlaces: 0,
      pricePerNight: 250_00,
      total: 750_00,
    });
    expect(stayQuote(room, 3, { arrival: '2026-06-30', departure: '2026-07-02' })).toEqual({
      nights: 2,
      guests: 3,
      extraPlaces: 1,
      pricePerNight: 310_00,
      total: 620_00,
    });
  });

  it('shares the price out per person per night, from the reservation itself (ACC-26)', () => {
    expect(pricePerPersonPerNight(620_00, 2, 3)).toBe(103_33);
    expect(pricePerPersonPerNight(750_00, 3, 2)).toBe(125_00);
    expect(pricePerPersonPerNight(750_00, 0, 2)).toBe(0);
  });
});

describe('the staff actions on a stay (reservations board)', () => {
  const stay = { arrival: '2026-06-10', departure: '2026-06-13', canceled: false };

  it('marks a no-show from the arrival day to the departure day, never on a cancelled stay', () => {
    expect(canMarkNoShow(stay, '2026-06-09')).toBe(false);
    expect(canMarkNoShow(stay, '2026-06-10')).toBe(true);
    expect(canMarkNoShow(stay, '2026-06-13')).toBe(true);
    expect(canMarkNoShow(stay, '2026-06-14')).toBe(false);
    expect(canMarkNoShow({ ...stay, canceled: true }, '2026-06-11')).toBe(false);
  });

  it('keeps the agreed nightly price when a stay moves in its room, and takes the new room\'s price when it changes rooms', () => {
    const agreed = { roomId: 1, pricePerNight: 200_00 };
    const dates = { arrival: '2026-07-01', departure: '2026-07-05' };
    // The room costs 250 BYN today; the guest agreed to 200.
    expect(movedStayQuote(agreed, { ...room, id: 1 }, 2, dates)).toEqual({ nights: 4, guests: 2, extraPlaces: 0, pricePerNight: 200_00, total: 800_00 });
    expect(movedStayQuote(agreed, { ...room, id: 2 }, 3, dates)).toEqual({ nights: 4, guests: 3, extraPlaces: 1, pricePerNight: 310_00, total: 1240_00 });
  });
});
