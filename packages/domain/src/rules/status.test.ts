import { describe, expect, it } from 'vitest';
import { isActiveOrder, isActiveReservation, orderDisplayStatus, reservationDisplayStatus } from './status';

describe('order display status (ACC-29, ACC-30)', () => {
  it.each([
    ['pending', 'awaiting_payment', true],
    ['accepted', 'accepted', true],
    ['in_progress', 'accepted', true],
    ['delivering', 'delivering', true],
    ['completed', 'delivered', false],
    ['canceled', 'cancelled', false],
    ['stashed', 'cancelled', false],
    ['something_new', 'delivered', false],
  ])('%s shows as %s (active: %s)', (status, display, active) => {
    expect(orderDisplayStatus(status)).toBe(display);
    expect(isActiveOrder(status)).toBe(active);
  });
});

describe('reservation display status (ACC-22, ACC-23)', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('cancelled wins over dates', () => {
    expect(
      reservationDisplayStatus({ canceled: true, arrivalAt: at('2026-07-01T11:00Z'), departureAt: at('2026-07-03T09:00Z') }, now),
    ).toBe('cancelled');
  });

  it('future arrival is reserved, a stay in progress is active, a past one completed', () => {
    const future = reservationDisplayStatus({ canceled: false, arrivalAt: at('2026-07-01T11:00Z'), departureAt: at('2026-07-03T09:00Z') }, now);
    const current = reservationDisplayStatus({ canceled: false, arrivalAt: at('2026-06-09T11:00Z'), departureAt: at('2026-06-11T09:00Z') }, now);
    const past = reservationDisplayStatus({ canceled: false, arrivalAt: at('2026-06-01T11:00Z'), departureAt: at('2026-06-03T09:00Z') }, now);
    expect([future, current, past]).toEqual(['reserved', 'active', 'completed']);
    expect([future, current, past, 'cancelled' as const].map(isActiveReservation)).toEqual([true, true, false, false]);
  });
});
