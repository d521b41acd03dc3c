import { describe, expect, it } from 'vitest';
import { addDays } from '../rules/stay';
import { hotelToday } from '../hotel-today';
import { EXPECTED_TOTAL_REQUIRED_DETAIL } from './common';
import { reservationCreateSchema, reservationMoveSchema, variantsQuerySchema } from './hotel';

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

  it('needs the total the guest saw at the non-refundable rate, charged at once (issue 42); a flexible booking may go without', () => {
    const stay = { room_id: 1, arrival: plus(1), departure: plus(2), payment_method_id: '7d3b7a52-1d5a-4c8e-9a43-0e7c8f7c2f10' };
    const without = reservationCreateSchema.safeParse({ ...stay, rate: 'non_refundable' });
    expect(without.success).toBe(false);
    expect(without.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual(['expected_total', EXPECTED_TOTAL_REQUIRED_DETAIL]);
    expect(reservationCreateSchema.safeParse({ ...stay, rate: 'non_refundable', expected_total: 0 }).success).toBe(true);
    expect(reservationCreateSchema.safeParse({ ...stay, rate: 'non_refundable', expected_total: -41_25 }).success).toBe(false);
    expect(reservationCreateSchema.safeParse(stay).success).toBe(true);
  });

  it('needs the card that guarantees the booking (CON-05, issue 20 point 4)', () => {
    const without = reservationCreateSchema.safeParse({ room_id: 1, arrival: plus(1), departure: plus(2) });
    expect(without.success).toBe(false);
    expect(without.error?.issues[0]?.message).toBe('A booking needs a saved card that guarantees it: give payment_method_id');
  });
});
