/** Room service (issue 24; docs/decisions/042-room-service.md): when a stay is in progress, and what it costs. */
import { describe, expect, it } from 'vitest';
import { DELIVERY_FEE_KOPECKS } from '../constants';
import { orderCreateSchema } from '../schemas/orders';
import { deliveryFee, orderSummary } from './order';
import { stayInProgress, type StayOfGuest } from './reservation';

// Hotel time is UTC+3: 14:00 check-in is 11:00Z, 12:00 check-out is 09:00Z.
const stay: StayOfGuest = { arrival: '2026-06-12', departure: '2026-06-14', canceled: false, noShow: false };
const at = (iso: string, change: Partial<typeof stay> = {}) => stayInProgress({ ...stay, ...change }, new Date(iso));

describe('a stay in progress (stayInProgress)', () => {
  it('on the arrival day, not before check-in at 14:00, from it on', () => {
    expect(at('2026-06-12T08:00:00Z')).toBe(false);
    expect(at('2026-06-12T10:59:59Z')).toBe(false);
    expect(at('2026-06-12T11:00:00Z')).toBe(true);
    expect(at('2026-06-12T20:00:00Z')).toBe(true);
  });

  it('issue 45: checked in early at the desk, from that moment on; checked out at the desk, no longer', () => {
    expect(at('2026-06-12T07:00:00Z', { status: 'checked_in' })).toBe(true);
    expect(at('2026-06-12T07:00:00Z', { status: 'booked' })).toBe(false);
    expect(at('2026-06-13T08:00:00Z', { status: 'checked_out' })).toBe(false);
    expect(at('2026-06-14T09:00:00Z', { status: 'checked_in' })).toBe(false);
  });

  it('the days between, at any hour', () => {
    expect(at('2026-06-13T00:30:00Z')).toBe(true);
    expect(at('2026-06-13T21:59:00Z')).toBe(true);
  });

  it('on the departure day, until check-out at 12:00, not from it on', () => {
    expect(at('2026-06-14T08:59:59Z')).toBe(true);
    expect(at('2026-06-14T09:00:00Z')).toBe(false);
    expect(at('2026-06-14T15:00:00Z')).toBe(false);
  });

  it('never before the arrival day or after the departure day', () => {
    expect(at('2026-06-11T12:00:00Z')).toBe(false);
    expect(at('2026-06-15T12:00:00Z')).toBe(false);
  });

  it('never for a cancelled stay or a no-show, whatever the time', () => {
    expect(at('2026-06-13T12:00:00Z', { canceled: true })).toBe(false);
    expect(at('2026-06-13T12:00:00Z', { noShow: true })).toBe(false);
  });

  it('counts the hotel clock, not the server clock (a night across UTC midnight)', () => {
    // 01:30 on the 13th in Grodno is 22:30Z on the 12th: in progress either way, by the hotel's day.
    expect(at('2026-06-12T22:30:00Z')).toBe(true);
  });
});

describe('room service costs no delivery', () => {
  const lines = [{ price: 12_50, quantity: 2 }];

  it('the delivery fee is 0 to a room, the usual fee to an address', () => {
    expect(deliveryFee(25_00, { free_delivery_from: null, delivery_fee: DELIVERY_FEE_KOPECKS }, 'room')).toBe(0);
    expect(deliveryFee(25_00, { free_delivery_from: null, delivery_fee: DELIVERY_FEE_KOPECKS }, 'address')).toBe(DELIVERY_FEE_KOPECKS);
    expect(deliveryFee(25_00, { free_delivery_from: null, delivery_fee: DELIVERY_FEE_KOPECKS })).toBe(DELIVERY_FEE_KOPECKS);
  });

  it("the order's summary to a room is the dishes alone", () => {
    expect(orderSummary(lines, { min_order: 0, free_delivery_from: null, delivery_fee: DELIVERY_FEE_KOPECKS }, 'room')).toEqual({ items: 25_00, delivery: 0, packaging: 0, discount: 0, total: 25_00 });
  });
});

describe('the order names exactly one destination', () => {
  const base = { payment_method_id: '6f1c2a3e-0b4d-4c5e-9f60-7a8b9c0d1e2f', items: [{ product_id: '1', quantity: 1 }], expected_total: 25_00 };

  it('an address, or a room of a stay, but not both and not neither', () => {
    expect(orderCreateSchema.safeParse({ ...base, address_id: 3 }).success).toBe(true);
    expect(orderCreateSchema.safeParse({ ...base, destination: { kind: 'room', reservation_id: 7 } }).success).toBe(true);
    expect(orderCreateSchema.safeParse({ ...base, address_id: 3, destination: { kind: 'room', reservation_id: 7 } }).success).toBe(false);
    expect(orderCreateSchema.safeParse(base).success).toBe(false);
  });

  it('refuses another kind, a bad id, or unknown fields in the destination', () => {
    for (const destination of [{ kind: 'address', reservation_id: 7 }, { kind: 'room', reservation_id: 0 }, { kind: 'room', reservation_id: '7' }, { kind: 'room', reservation_id: 7, room: 1 }, { kind: 'room' }]) {
      expect(orderCreateSchema.safeParse({ ...base, destination }).success, JSON.stringify(destination)).toBe(false);
    }
  });
});
