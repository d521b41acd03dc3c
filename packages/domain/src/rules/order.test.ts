import { describe, expect, it } from 'vitest';
import { DELIVERY_FEE_KOPECKS } from '../constants';
import {
  assertOrderTransition,
  canChangeOrderStatus,
  canEditOrder,
  canGuestCancelOrder,
  canPayOrder,
  expectedDeliveryAt,
  ORDER_TRANSITIONS,
  orderSummary,
  OrderTransitionError,
} from './order';
import { ORDER_STATUSES, type OrderStatus } from './status';

describe('order state machine (API-39, ACC-34)', () => {
  it('covers every status the server stores', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it.each<[OrderStatus, OrderStatus]>([
    ['pending', 'accepted'],
    ['pending', 'canceled'],
    ['pending', 'stashed'],
    ['accepted', 'in_progress'],
    ['accepted', 'canceled'],
    ['in_progress', 'delivering'],
    ['in_progress', 'canceled'],
    ['delivering', 'completed'],
  ])('%s may become %s', (from, to) => {
    expect(canChangeOrderStatus(from, to)).toBe(true);
    expect(() => assertOrderTransition(from, to)).not.toThrow();
  });

  it.each<[OrderStatus, OrderStatus]>([
    ['completed', 'canceled'],
    ['delivering', 'canceled'],
    ['canceled', 'accepted'],
    ['stashed', 'accepted'],
    ['accepted', 'accepted'],
    ['accepted', 'pending'],
    ['pending', 'completed'],
    ['pending', 'delivering'],
  ])('%s may not become %s', (from, to) => {
    expect(canChangeOrderStatus(from, to)).toBe(false);
    expect(() => assertOrderTransition(from, to)).toThrow(OrderTransitionError);
    expect(() => assertOrderTransition(from, to)).toThrow(`An order that is ${from} cannot become ${to}`);
  });

  it('completed, canceled and stashed are final', () => {
    expect(ORDER_STATUSES.filter((status) => ORDER_TRANSITIONS[status].length === 0)).toEqual(['completed', 'canceled', 'stashed']);
  });

  it('the guest may cancel until the kitchen starts; only an unpaid order is paid or edited', () => {
    expect(ORDER_STATUSES.filter(canGuestCancelOrder)).toEqual(['pending', 'accepted']);
    expect(ORDER_STATUSES.filter(canPayOrder)).toEqual(['pending']);
    expect(ORDER_STATUSES.filter(canEditOrder)).toEqual(['pending']);
  });
});

describe('order price (DEL-23, DEL-24, DEL-25, ACC-33)', () => {
  it('adds the fixed 139 BYN delivery fee to the dishes, in kopecks (DEL-24, DEL-25)', () => {
    const summary = orderSummary([
      { price: 12_50, quantity: 2 },
      { price: 9_90, quantity: 3 },
    ]);
    expect(DELIVERY_FEE_KOPECKS).toBe(13_900);
    expect(summary).toEqual({ items: 54_70, delivery: 139_00, packaging: 0, discount: 0, total: 193_70 });
  });

  it('keeps every figure an integer number of kopecks', () => {
    const summary = orderSummary([{ price: 33, quantity: 99 }]);
    expect(Object.values(summary).every(Number.isInteger)).toBe(true);
    expect(summary.total).toBe(33 * 99 + 139_00);
  });

  it('issue 42: a promo code takes at most the dishes off, so the total never goes below 0', () => {
    const dishes = [{ price: 50_00, quantity: 2 }];
    expect(orderSummary(dishes, { min_order: 0, free_delivery_from: null, delivery_fee: 139_00 }, 'address', 30_00)).toMatchObject({ discount: 30_00, total: 70_00 + 139_00 });
    expect(orderSummary(dishes, { min_order: 0, free_delivery_from: null, delivery_fee: 139_00 }, 'room', 1_000_00)).toMatchObject({ discount: 100_00, total: 0 });
  });

  it('expects the courier 60 minutes after the payment', () => {
    expect(expectedDeliveryAt(new Date('2026-06-01T10:15:00Z')).toISOString()).toBe('2026-06-01T11:15:00.000Z');
  });
});
