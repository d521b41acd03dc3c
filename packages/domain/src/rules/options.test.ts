import { describe, expect, it } from 'vitest';
import { addToCart, changeQuantity, emptyCart, lineKey, quantityInCart, readCartState, type CartProduct } from './cart';
import { checkCart, checkedGoodsTotal, orderItemsOf } from './cart-check';
import { hotelClock } from '../hotel-today';
import { amountToReach, deliverySlots, isOfferedSlot } from './delivery-slots';
import { chooseOptions, defaultOptionIds, numberOptionGroups, type OptionGroup } from './options';
import { deliveryFee, orderSummary } from './order';
import { hotelMoment } from './reservation';

const groups: OptionGroup[] = [
  { id: 1, name: { ru: 'Порция', en: 'Portion' }, kind: 'one', max: 1, options: [{ id: 2, name: { ru: 'Обычная', en: 'Regular' }, price: 0 }, { id: 3, name: { ru: 'Большая', en: 'Large' }, price: 3_50 }] },
  { id: 4, name: { ru: 'Добавки', en: 'Additions' }, kind: 'any', max: 2, options: [{ id: 5, name: { ru: 'Сметана', en: 'Sour cream' }, price: 1_20 }, { id: 6, name: { ru: 'Шкварки', en: 'Bacon' }, price: 2_75 }, { id: 7, name: { ru: 'Грибы', en: 'Mushrooms' }, price: 1_95 }] },
];
const draniki: CartProduct = { id: 8, price: 9_90, name: { ru: 'Драники', en: 'Draniki' }, image: null, option_groups: groups };

describe('dish options (issue 24, point 3)', () => {
  it('takes one of a `one` group and up to `max` of an `any` group, in the dish order', () => {
    const chosen = chooseOptions(groups, [6, 3, 5]);
    expect(chosen).toMatchObject({ ok: true, chosen: [{ id: 3 }, { id: 5 }, { id: 6 }] });
    expect(defaultOptionIds(groups)).toEqual([2]);
  });

  it.each([
    [[2, 9], 'unknown'],
    [[2, 2], 'unknown'],
    [[3], 'ok'],
    [[], 'missing'],
    [[2, 3], 'too_many'],
    [[2, 5, 6, 7], 'too_many'],
  ])('%j: %s', (ids, kind) => {
    const result = chooseOptions(groups, ids);
    expect(result.ok ? 'ok' : result.problem.kind).toBe(kind);
  });

  it('numbers new options after the dish’s ids, keeping those it had', () => {
    const next = numberOptionGroups([{ id: 1, name: groups[0]!.name, kind: 'one', max: 5, options: [{ id: 3, name: { ru: 'Б', en: '' }, price: 1 }, { name: { ru: 'Н', en: '' }, price: 2 }] }], groups);
    expect(next).toEqual([{ id: 1, name: groups[0]!.name, kind: 'one', max: 1, options: [{ id: 3, name: { ru: 'Б', en: '' }, price: 1 }, { id: 8, name: { ru: 'Н', en: '' }, price: 2 }] }]);
  });

  it('the cart keeps the same dish with other options as another line, priced with them, and reads it back', () => {
    const option = (id: number) => groups.flatMap((group) => group.options).find((o) => o.id === id)!;
    let cart = addToCart(emptyCart(), draniki, [option(3), option(6)]);
    cart = addToCart(cart, draniki, [option(3), option(6)]);
    cart = addToCart(cart, draniki, [option(2)]);
    expect(cart.items.map((line) => [lineKey(line), line.quantity])).toEqual([['8:3:6', 2], ['8:2', 1]]);
    expect(quantityInCart(cart, 8)).toBe(3);
    expect(checkedGoodsTotal(checkCart(cart.items, [draniki]))).toBe(2 * (9_90 + 3_50 + 2_75) + 9_90);
    expect(orderItemsOf(cart.items)).toEqual([{ product_id: '8', quantity: 2, options: [3, 6] }, { product_id: '8', quantity: 1, options: [2] }]);
    expect(readCartState(JSON.parse(JSON.stringify(cart))).items).toEqual(cart.items);
    expect(changeQuantity(cart, '8:3:6', -2).items).toHaveLength(1);
    // An option the dish no longer has makes the line unavailable.
    const changed = { ...draniki, option_groups: [groups[0]!] };
    expect(checkCart(cart.items, [changed]).map((line) => line.state)).toEqual(['unavailable', 'ok']);
  });
});

describe('delivery slots and thresholds (issue 24, point 2)', () => {
  const now = hotelMoment('2026-11-26', '17:10');
  it('offers today’s slots past the lead time and all of tomorrow’s, 11:00 to 21:30', () => {
    const slots = deliverySlots(now, 60, '2026-11-26');
    expect(slots.slice(0, 3).map(hotelClock)).toEqual(['18:30', '19:00', '19:30']);
    expect(slots.filter((at) => at.getTime() > hotelMoment('2026-11-27', '00:00').getTime())).toHaveLength(22);
    expect(isOfferedSlot(hotelMoment('2026-11-26', '18:00'), now, 60, '2026-11-26')).toBe(false);
    expect(isOfferedSlot(hotelMoment('2026-11-27', '21:30'), now, 60, '2026-11-26')).toBe(true);
    expect(isOfferedSlot(hotelMoment('2026-11-27', '22:00'), now, 60, '2026-11-26')).toBe(false);
    expect(isOfferedSlot(hotelMoment('2026-11-27', '12:15'), now, 60, '2026-11-26')).toBe(false);
  });

  it('delivery is free from the owner’s amount on; the cart says how much is missing', () => {
    expect(deliveryFee(79_99, { free_delivery_from: 80_00, delivery_fee: 139_00 })).toBe(139_00);
    expect(deliveryFee(80_00, { free_delivery_from: 80_00, delivery_fee: 139_00 })).toBe(0);
    expect(deliveryFee(1_000_00, { free_delivery_from: null, delivery_fee: 139_00 })).toBe(139_00);
    // The fee is the owner's setting (issue 48, point 13), not the spec's figure.
    expect(deliveryFee(79_99, { free_delivery_from: 80_00, delivery_fee: 25_50 })).toBe(25_50);
    expect(orderSummary([{ price: 40_00, quantity: 2 }], { min_order: 0, free_delivery_from: 80_00, delivery_fee: 139_00 }).total).toBe(80_00);
    expect(amountToReach(61_50, 80_00)).toBe(18_50);
    expect(amountToReach(90_00, 80_00)).toBe(0);
    expect(amountToReach(10_00, null)).toBe(0);
  });
});
