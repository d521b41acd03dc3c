import { describe, expect, it } from 'vitest';
import { addDays } from '../rules/stay';
import { hotelToday, reservationCreateSchema, reservationMoveSchema, roomFilterSchema, variantsQuerySchema } from './hotel';

const schema = roomFilterSchema('2026-06-10');
const messages = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('room filter (HOT-06..HOT-11)', () => {
  it('accepts a stay of at least one night from today', () => {
    expect(messages({ checkIn: '2026-06-10', checkOut: '2026-06-11', guests: 1 })).toEqual([]);
  });

  it('HOT-06, HOT-07: check-in and check-out are required (roomsFilter.checkInRequired, roomsFilter.checkOutRequired)', () => {
    expect(messages({ checkIn: '', checkOut: '', guests: 1 })).toEqual([
      'hotel:roomsFilter.checkInRequired',
      'hotel:roomsFilter.checkOutRequired',
    ]);
  });

  it('HOT-08, HOT-09: guests must be a whole number (roomsFilter.guestsRequired) and at least 1 (roomsFilter.guestsMin)', () => {
    expect(messages({ checkIn: '2026-06-10', checkOut: '2026-06-11', guests: Number.NaN })).toEqual([
      'hotel:roomsFilter.guestsRequired',
    ]);
    expect(messages({ checkIn: '2026-06-10', checkOut: '2026-06-11', guests: 0 })).toEqual(['hotel:roomsFilter.guestsMin']);
  });

  it('HOT-10, HOT-11: refuses a past check-in (roomsFilter.checkInPast) and a check-out not after check-in (roomsFilter.checkOutBeforeCheckIn)', () => {
    expect(messages({ checkIn: '2026-06-09', checkOut: '2026-06-11', guests: 1 })).toEqual(['hotel:roomsFilter.checkInPast']);
    expect(messages({ checkIn: '2026-06-12', checkOut: '2026-06-12', guests: 1 })).toEqual([
      'hotel:roomsFilter.checkOutBeforeCheckIn',
    ]);
  });

  it('refuses a stay over 30 nights and an arrival over a year ahead', () => {
    expect(messages({ checkIn: '2026-06-10', checkOut: '2026-07-10', guests: 1 })).toEqual([]);
    expect(messages({ checkIn: '2026-06-10', checkOut: '2026-07-11', guests: 1 })).toEqual(['hotel:roomsFilter.stayTooLong']);
    expect(messages({ checkIn: '2026-06-10', checkOut: '9999-12-31', guests: 1 })).toEqual(['hotel:roomsFilter.stayTooLong']);
    expect(messages({ checkIn: '2027-06-11', checkOut: '2027-06-12', guests: 1 })).toEqual(['hotel:roomsFilter.checkInTooFar']);
  });

  it("takes today in the hotel's time zone: 22:30 UTC is already tomorrow in Minsk", () => {
    expect(hotelToday(new Date('2026-06-10T22:30:00Z'))).toBe('2026-06-11');
    expect(hotelToday(new Date('2026-06-10T20:59:00Z'))).toBe('2026-06-10');
    // Asked every second across midnight in Minsk (21:00 UTC), and back in time: never a stale day.
    for (let second = -90; second <= 90; second++) {
      const at = new Date(Date.UTC(2026, 5, 10, 21, 0, second));
      expect(hotelToday(at), at.toISOString()).toBe(second < 0 ? '2026-06-10' : '2026-06-11');
    }
    expect(hotelToday(new Date('2026-06-10T20:59:59.999Z'))).toBe('2026-06-10');
  });
});

describe('booking contract (API-26, API-29, API-32)', () => {
  const today = hotelToday();
  const plus = (days: number) => addDays(today, days);
  const issues = (schema: { safeParse(input: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error!.issues.map((issue) => issue.message);
  };

  it('reads the variants query from strings and applies the stay rules', () => {
    expect(variantsQuerySchema.parse({ arrival: plus(1), departure: plus(3), guest_count: '2' })).toEqual({
      arrival: plus(1),
      departure: plus(3),
      guest_count: 2,
    });
    expect(issues(variantsQuerySchema, { arrival: plus(-1), departure: plus(1), guest_count: '1' })).toEqual([
      'hotel:roomsFilter.checkInPast',
    ]);
    expect(issues(variantsQuerySchema, { arrival: plus(2), departure: plus(2), guest_count: '1' })).toEqual([
      'hotel:roomsFilter.checkOutBeforeCheckIn',
    ]);
    expect(issues(variantsQuerySchema, { arrival: plus(1), departure: plus(2), guest_count: '0' })).toEqual([
      'hotel:roomsFilter.guestsMin',
    ]);
    expect(issues(variantsQuerySchema, { arrival: plus(1), departure: plus(2), guest_count: '21' })).toEqual([
      'hotel:roomsFilter.guestsMax',
    ]);
  });

  it('takes saved guest ids and new guests, and refuses unknown fields', () => {
    const body = reservationCreateSchema.parse({
      room_id: 1,
      arrival: plus(1),
      departure: plus(2),
      guests: [4, { first_name: ' Анна ', last_name: 'Ковалёва' }],
      payment_method_id: '7d3b7a52-1d5a-4c8e-9a43-0e7c8f7c2f10',
    });
    expect(body.guests).toEqual([4, { first_name: 'Анна', last_name: 'Ковалёва', second_name: null }]);
    expect(body.special_requests).toBe('');
    expect(reservationCreateSchema.safeParse({ room_id: 1, arrival: plus(1), departure: plus(2), price: 1 }).success).toBe(false);
    expect(reservationMoveSchema.safeParse({ arrival: plus(3), departure: plus(1) }).success).toBe(false);
  });

  it('needs the card that guarantees the booking (CON-05, issue 20 point 4)', () => {
    const without = reservationCreateSchema.safeParse({ room_id: 1, arrival: plus(1), departure: plus(2) });
    expect(without.success).toBe(false);
    expect(without.error?.issues[0]?.message).toBe('A booking needs a saved card that guarantees it: give payment_method_id');
  });
});
