/**
 * Paying the courier at the door (issue 46, part 2; docs/decisions/059-pay-at-door.md): the owner
 * allows it on the kitchen's page, for signed-in guests who already have a delivered, paid order,
 * up to a cap per order, for delivery to an address only (room service has the room's bill). The
 * cart and the server ask the same rule; the refusals come in both languages.
 */

/** How the guest pays the courier: cash, or a card on the courier's terminal. */
export const DOOR_METHODS = ['cash', 'card_terminal'] as const;
export type DoorMethod = (typeof DOOR_METHODS)[number];

/** The most the owner may set as the cap of an order paid at the door (kopecks): 1,000 BYN. */
export const DOOR_CAP_MAX_KOPECKS = 1000_00;
/** The courier's note when the amount taken differs from the order's total. */
export const DOOR_REASON_MAX = 300;

/** Why an order may not be paid at the door; the 4xx's `reason`. */
export const DOOR_REFUSALS = ['door_off', 'door_not_allowed', 'door_over_cap', 'door_room', 'door_method'] as const;
export type DoorRefusal = (typeof DOOR_REFUSALS)[number];

/** The refusals of paying at the door and of settling it, in both languages: the server answers both, the web shows its own. */
export const DOOR_MESSAGES = {
  door_off: { ru: 'Оплата курьеру сейчас недоступна: оплатите картой', en: 'Paying the courier is not offered now: pay by card' },
  door_not_allowed: {
    ru: 'Оплата курьеру доступна после первого доставленного и оплаченного заказа',
    en: 'Paying the courier is offered once you have had an order delivered and paid',
  },
  door_over_cap: { ru: 'Заказ дороже, чем можно оплатить курьеру: оплатите картой', en: 'This order costs more than may be paid to the courier: pay by card' },
  door_room: {
    ru: 'В номер курьер не едет: оплатите картой или запишите на счёт номера',
    en: 'Room service has no courier: pay by card or put it on the room bill',
  },
  door_method: { ru: 'Этот способ оплаты курьеру не принимается', en: 'The courier does not take this way of paying' },
  settle_required: { ru: 'Укажите, как гость заплатил курьеру', en: 'Say how the guest paid the courier' },
  settle_not_door: { ru: 'Этот заказ не оплачивается курьеру', en: 'This order is not paid at the door' },
  settle_twice: { ru: 'Оплата курьеру по этому заказу уже отмечена', en: 'The payment at the door of this order is already recorded' },
  settle_amount: {
    ru: 'Сумма отличается от суммы заказа: укажите причину',
    en: 'The amount differs from the order total: give the reason',
  },
} as const satisfies Record<string, { ru: string; en: string }>;
export type DoorMessageKey = keyof typeof DOOR_MESSAGES;

/** What the owner set for paying at the door (part of the kitchen's settings). */
export interface DoorSettings {
  door_payment: boolean;
  door_methods: DoorMethod[];
  /** The most an order paid at the door may cost, kopecks. */
  door_cap: number;
}

/**
 * Why this order may not be paid at the door, or null: the setting is off (or no method is allowed),
 * the destination is a room, the method is not allowed, the guest has no delivered paid order yet, or
 * the total is over the cap. `method` null asks about the guest, not a chosen method.
 */
export function doorRefusal(
  settings: DoorSettings,
  order: { destination: 'address' | 'room'; total: number | null; method: DoorMethod | null; hasDeliveredPaidOrder: boolean },
): DoorRefusal | null {
  if (!settings.door_payment || settings.door_methods.length === 0) return 'door_off';
  if (order.destination === 'room') return 'door_room';
  if (order.method !== null && !settings.door_methods.includes(order.method)) return 'door_method';
  if (!order.hasDeliveredPaidOrder) return 'door_not_allowed';
  if (order.total !== null && order.total > settings.door_cap) return 'door_over_cap';
  return null;
}
