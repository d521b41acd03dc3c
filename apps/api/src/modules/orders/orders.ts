/**
 * Food orders in the database. The server prices an order from today's menu and copies what the
 * guest sees (dish names, pictures, prices, the address) into the order, so later edits of the
 * menu or the address book change no order. Its status changes in lifecycle.ts alone.
 */
import {
  canEditOrder,
  chooseOptions,
  DELIVERY_DETAILS,
  doorRefusal as doorRefusalOf,
  formatByn,
  hotelToday,
  isOfferedSlot,
  optionProblemDetail,
  optionsPrice,
  isOrderTotalAllowed,
  ORDER_DETAILS,
  ORDER_TOTAL_MAX_KOPECKS,
  orderSummary,
  ROOM_SERVICE_DETAILS,
  stayInProgress,
  UNPAID_ORDERS_MAX,
  venue,
  type DoorMethod,
  type KitchenSettings,
  type Language,
  type PayAtDoorOffer,
  type LocalizedText,
  type OrderAddress,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { savedCard } from '../payments/saved-card';
import { doorRefusal } from '../payments/service';
import { putOrderOnBill } from '../folio/folio';
import { takePromo } from '../promo/promo';
import { freeSlots, kitchenSettings as kitchenSettingsOf, settingsOf, type kitchenSettings } from './kitchen';
import {
  findOwnAddress,
  hasDeliveredPaidOrder,
  insertOrder,
  itemsOfOrders,
  lockKitchenSettings,
  lockSlot,
  lockOwnStay,
  lockUser,
  orderWithCard,
  paymentAttemptsOfOrders,
  servedProducts,
  slotTaken,
  staysAround,
  unpaidOrderCount,
  updateOrderIf,
  userOrders,
  type LastPayment,
  type OrderItemRow,
  type OrderRow,
  type OrderWithCard,
  type PaymentMethodRow,
} from './repository';

export interface OrderRecord {
  order: OrderRow;
  items: OrderItemRow[];
  /** The card the order is (to be) paid with, if the guest still has it. */
  card: PaymentMethodRow | null;
  /** The latest payment attempt of the order, if any. */
  lastPayment: LastPayment | null;
}

export const ORDER_NOT_FOUND = 'Order not found';

/** The user's saved address, as the order keeps it; another user's is unknown (422). */
async function addressSnapshot(db: Db | Tx, userId: number, addressId: number): Promise<Omit<OrderAddress, 'id'>> {
  const row = await findOwnAddress(db, userId, addressId);
  if (!row) throw new HttpError(422, `body.address_id: Unknown address: ${addressId} is not one of your addresses`);
  return {
    label: row.label,
    address: row.address,
    entrance: row.entrance,
    floor: row.floor,
    apartment: row.apartment,
    intercom: row.intercom,
    comment: row.comment,
  };
}

/** Where a new order goes: a saved address, or the room of the guest's stay in progress (room service). */
export type OrderDestination = { kind: 'address'; addressId: number } | { kind: 'room'; reservationId: number };

/**
 * The address a room-service order keeps: the hotel's own, labelled with the room, so every reader
 * of `orders.address` (a letter, an export) still has one; the screens show the room instead.
 */
function roomAddress(room: LocalizedText): Omit<OrderAddress, 'id'> {
  return {
    label: room.ru,
    address: `${venue.address.street.ru}, ${venue.address.city.ru}`,
    entrance: null,
    floor: null,
    apartment: null,
    intercom: null,
    comment: null,
  };
}

/**
 * The guest's own stay whose room a room-service order goes to (docs/decisions/042): another
 * user's, or none, is unknown (404); the stay must be in progress now (stayInProgress) and still
 * at `dueAt`, when the order is to arrive, or it is refused (422 with `reason`).
 */
async function roomOfStay(tx: Tx, userId: number, reservationId: number, now: Date, dueAt: Date): Promise<{ reservationId: number; roomName: LocalizedText }> {
  const stay = await lockOwnStay(tx, userId, reservationId);
  if (!stay) throw new HttpError(404, ROOM_SERVICE_DETAILS.notFound);
  if (!stayInProgress(stay, now)) throw new HttpError(422, ROOM_SERVICE_DETAILS.notStaying, { reason: 'not_staying' });
  if (!stayInProgress(stay, dueAt)) throw new HttpError(422, ROOM_SERVICE_DETAILS.afterCheckOut, { reason: 'after_check_out' });
  return { reservationId: stay.id, roomName: stay.roomName };
}

/** GET delivery/room-service/: the user's stays in progress now, each a room the cart may offer. */
export async function roomServiceStays(db: Db, userId: number, now: Date = new Date()) {
  const stays = await staysAround(db, userId, hotelToday(now));
  return stays.filter((stay) => stayInProgress(stay, now));
}

export interface NewOrder {
  userId: number;
  destination: OrderDestination;
  /** One of the guest's saved cards; absent only for room service put on the room's bill. */
  paymentMethodId?: string | undefined;
  /** Room service put on the room's bill (issue 45, point 4): no card, accepted at once, a line of the stay's bill. */
  onRoomBill?: { email: string; language: Language } | undefined;
  /** Paid to the courier (issue 46, decision 059): no card, accepted at once, recorded on delivery. */
  payAtDoor?: DoorMethod | undefined;
  items: { product_id: number; quantity: number; options?: number[] | undefined }[];
  comment: string;
  /** The total the guest saw (required, issue 42); another total at today's prices refuses the order (409). */
  expectedTotal: number;
  /** The slot the guest chose (its start); null or absent: as soon as possible. */
  deliverAt?: Date | null | undefined;
  /** A promo code (upper case) for delivery, taken off the dishes after their own discount (decision 043). */
  promoCode?: string | undefined;
  now?: Date | undefined;
}

export const PRICES_CHANGED_DETAIL = 'The prices have changed since you saw them: check the new total and confirm the order again';
export const ORDER_TOO_LARGE_DETAIL = `An order may cost at most ${formatByn(ORDER_TOTAL_MAX_KOPECKS, 'en')} BYN`;

/**
 * Refuses a new order while the user has UNPAID_ORDERS_MAX waiting for payment (issue 21). The
 * user's row is locked, so orders placed at the same moment are counted one after the other.
 */
async function assertUnpaidOrdersBelowLimit(tx: Tx, userId: number): Promise<void> {
  await lockUser(tx, userId);
  if ((await unpaidOrderCount(tx, userId)) >= UNPAID_ORDERS_MAX) throw new HttpError(409, ORDER_DETAILS.tooManyUnpaid);
}

/**
 * Holds the chosen slot for the order (issue 24): one offered now (later today past the lead time,
 * or tomorrow, within the hours) that has room. The slot's lock makes orders for it wait for each
 * other until their transactions end, so the count never goes over the capacity.
 */
async function assertSlotFree(tx: Tx, at: Date, settings: Awaited<ReturnType<typeof kitchenSettings>>, now: Date): Promise<void> {
  if (!isOfferedSlot(at, now, settings.lead_minutes, hotelToday(now))) {
    throw new HttpError(409, DELIVERY_DETAILS.slotUnavailable, { reason: 'slot_unavailable', slots: await freeSlots(tx, settings, now) });
  }
  await lockSlot(tx, at);
  if ((await slotTaken(tx, at)) >= settings.slot_capacity) {
    throw new HttpError(409, DELIVERY_DETAILS.slotFull, { reason: 'slot_full', slots: await freeSlots(tx, settings, now) });
  }
}

/**
 * Refuses paying the courier when the owner does not allow it, for room service, a way not allowed,
 * a guest without a delivered paid order, or a total over the cap (decision 059): 4xx with the
 * detail in both languages and `reason`, nothing placed. Inside the order's transaction, under the
 * settings' shared lock.
 */
async function assertMayPayAtDoor(
  tx: Tx,
  settings: KitchenSettings,
  order: { userId: number; destination: OrderDestination['kind']; total: number | null; method: DoorMethod },
): Promise<void> {
  const refusal = doorRefusalOf(settings, {
    destination: order.destination,
    total: order.total,
    method: order.method,
    hasDeliveredPaidOrder: await hasDeliveredPaidOrder(tx, order.userId),
  });
  if (refusal) throw doorRefusal(refusal === 'door_not_allowed' ? 403 : 422, refusal, { reason: refusal, ...(refusal === 'door_over_cap' ? { door_cap: settings.door_cap } : {}) });
}

/** GET delivery/pay-at-door/: whether the signed-in guest may pay the courier, how, and up to what total (the cart checks its own total). */
export async function payAtDoorOffer(db: Db, userId: number): Promise<PayAtDoorOffer> {
  const settings = await kitchenSettingsOf(db);
  const refusal = doorRefusalOf(settings, { destination: 'address', total: null, method: null, hasDeliveredPaidOrder: await hasDeliveredPaidOrder(db, userId) });
  // With no total and no room nor way asked about, only these two can refuse.
  const reason = refusal === 'door_off' || refusal === 'door_not_allowed' ? refusal : null;
  return { allowed: reason === null, reason, methods: reason === 'door_off' ? [] : settings.door_methods, cap: settings.door_cap };
}

/** Places an order priced from today's menu (DEL-32, API-37), its dishes' options and the owner's thresholds (issue 24). */
export async function createOrder(db: Db, input: NewOrder): Promise<number> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    await assertUnpaidOrdersBelowLimit(tx, input.userId);
    // Read under the row's shared lock: a change of the settings waits for the orders being placed, and they for it.
    const settings = settingsOf(await lockKitchenSettings(tx));
    const { destination } = input;
    // Paying the courier is asked about first (the setting, room service, the way, the guest), the cap once priced.
    const atDoor = input.payAtDoor !== undefined;
    if (atDoor) await assertMayPayAtDoor(tx, settings, { userId: input.userId, destination: destination.kind, total: null, method: input.payAtDoor! });
    const address = destination.kind === 'address' ? await addressSnapshot(tx, input.userId, destination.addressId) : null;
    const deliverAt = input.deliverAt ?? null;
    const dueAt = deliverAt ?? new Date(now.getTime() + settings.lead_minutes * 60_000);
    const room = destination.kind === 'room' ? await roomOfStay(tx, input.userId, destination.reservationId, now, dueAt) : null;
    const onRoomBill = room !== null && input.onRoomBill !== undefined;
    if (!onRoomBill && !atDoor && input.paymentMethodId === undefined) throw new HttpError(422, 'body.payment_method_id: Give one of your saved cards');
    const card = onRoomBill || atDoor || input.paymentMethodId === undefined ? null : await savedCard(tx, input.userId, input.paymentMethodId);
    const ids = input.items.map((item) => item.product_id);
    // A dish taken off the menu (hidden) cannot be ordered, as one deleted cannot.
    const menu = await servedProducts(tx, ids);
    const unknown = ids.filter((id) => !menu.some((product) => product.id === id));
    if (unknown.length > 0) {
      throw new HttpError(422, `body.items: Unknown dish: ${unknown.join(', ')} is not on the menu`);
    }
    const lines = input.items.map((item) => {
      const product = menu.find((p) => p.id === item.product_id)!;
      const chosen = chooseOptions(product.optionGroups, item.options ?? []);
      if (!chosen.ok) throw new HttpError(422, `body.items: ${optionProblemDetail(product.id, chosen.problem)}`, { reason: `options_${chosen.problem.kind}` });
      return { product, quantity: item.quantity, options: chosen.chosen, price: product.price + optionsPrice(chosen.chosen) };
    });
    // Room service carries no delivery fee; the owner's minimum still applies (docs/decisions/042).
    const base = orderSummary(lines, settings, destination.kind);
    // A promo code is priced under its row's lock, its uses counted until this order's is written (decision 043).
    const promo = input.promoCode
      ? await takePromo(tx, { code: input.promoCode, userId: input.userId, scope: 'delivery', amount: base.items - base.discount, now })
      : null;
    const summary = orderSummary(lines, settings, destination.kind, promo?.discount ?? 0);
    const promoDiscount = summary.discount - base.discount;
    if (input.expectedTotal !== summary.total) {
      throw new HttpError(409, PRICES_CHANGED_DETAIL, {
        total: summary.total,
        items: lines.map(({ product }) => ({ product_id: product.id, price: product.price })),
      });
    }
    if (summary.items < settings.min_order) {
      throw new HttpError(422, DELIVERY_DETAILS.belowMinimum(settings.min_order), { reason: 'below_minimum', min_order: settings.min_order });
    }
    if (!isOrderTotalAllowed(summary)) throw new HttpError(422, ORDER_TOO_LARGE_DETAIL);
    if (atDoor && summary.total > settings.door_cap) throw doorRefusal(422, 'door_over_cap', { reason: 'door_over_cap', door_cap: settings.door_cap });
    if (deliverAt) await assertSlotFree(tx, deliverAt, settings, now);
    const orderId = await insertOrder(
      tx,
      {
        userId: input.userId,
        addressId: destination.kind === 'address' ? destination.addressId : null,
        address: address ?? roomAddress(room!.roomName),
        reservationId: room?.reservationId ?? null,
        roomName: room?.roomName ?? null,
        paymentMethodId: card?.id ?? null,
        comment: input.comment,
        itemsTotal: summary.items,
        deliveryFee: summary.delivery,
        packaging: summary.packaging,
        discount: summary.discount,
        total: summary.total,
        deliverAt,
        dueAt,
        promoCode: promo?.code ?? null,
        promoDiscount,
        // An order at 0 has nothing to pay the courier: it is accepted as a free order is.
        payAtDoor: atDoor && summary.total > 0 ? input.payAtDoor! : null,
      },
      lines.map(({ product, quantity, options, price }) => ({
        productId: product.id,
        name: product.name,
        image: product.image,
        price,
        quantity,
        options,
      })),
    );
    await promo?.record({ orderId }, promoDiscount);
    // On the room's bill: its line is written with the order, under the bill's lock (decision 055).
    if (onRoomBill && summary.total > 0) {
      await putOrderOnBill(tx, { reservationId: room.reservationId, orderId, total: summary.total, userEmail: input.onRoomBill!.email, language: input.onRoomBill!.language });
    }
    return orderId;
  });
}

async function records(db: Db | Tx, rows: OrderWithCard[]): Promise<OrderRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.order.id);
  const items = await itemsOfOrders(db, ids);
  const attempts = await paymentAttemptsOfOrders(db, ids);
  return rows.map(({ order, card }) => ({
    order,
    card,
    items: items.filter((item) => item.orderId === order.id),
    lastPayment: attempts.findLast((attempt) => attempt.orderId === order.id) ?? null,
  }));
}

/** The user's orders, newest first (API-35). */
export async function listOrders(db: Db, userId: number): Promise<OrderRecord[]> {
  return records(db, await userOrders(db, userId));
}

/** One order of the user; another user's answers 404, as if it did not exist. */
export async function findOrder(db: Db | Tx, userId: number, id: number): Promise<OrderRecord> {
  const [record] = await records(db, [await orderWithCard(db, id, userId)].filter((row) => row !== undefined));
  if (!record) throw new HttpError(404, ORDER_NOT_FOUND);
  return record;
}

/** An order by id whoever owns it (the payment module's notifications name orders this way). */
export async function findOrderById(db: Db | Tx, id: number): Promise<OrderRecord | null> {
  const [record] = await records(db, [await orderWithCard(db, id)].filter((row) => row !== undefined));
  return record ?? null;
}

/** PUT orders/{id}/: the comment and the address change while the order is not paid (API-36). */
export async function updateOrder(
  db: Db,
  userId: number,
  id: number,
  change: { comment?: string | undefined; addressId?: number | undefined },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { order } = await findOrder(tx, userId, id);
    if (!canEditOrder(order.status)) throw new HttpError(409, `An order that is ${order.status} can no longer be changed`);
    // A room-service order has no fee to add back: it goes to the room, or a new order goes elsewhere.
    if (change.addressId !== undefined && order.roomName !== null) throw new HttpError(409, ROOM_SERVICE_DETAILS.roomOrderAddress);
    const address = change.addressId === undefined ? undefined : await addressSnapshot(tx, userId, change.addressId);
    const updated = await updateOrderIf(tx, id, order.status, {
      updatedAt: new Date(),
      ...(change.comment === undefined ? {} : { comment: change.comment }),
      ...(address === undefined ? {} : { address, addressId: change.addressId! }),
    });
    if (!updated) throw new HttpError(409, 'The order changed meanwhile; reload it');
  });
}

/** POST orders/{id}/repeat/: the same dishes at today's prices, and those no longer served (API-38). */
export async function repeatOrder(db: Db, userId: number, id: number) {
  const { items } = await findOrder(db, userId, id);
  const ids = items.flatMap((item) => (item.productId === null ? [] : [item.productId]));
  const menu = await servedProducts(db, ids);
  const available = [];
  const missing = [];
  for (const item of items) {
    const product = menu.find((p) => p.id === item.productId);
    // The options chosen then that the dish still has, at today's prices: the cart checks the rest with the guest.
    const chosen = new Set(item.options.map((option) => option.id));
    const options = (product?.optionGroups ?? []).flatMap((group) => group.options).filter((option) => chosen.has(option.id));
    if (product) available.push({ product, quantity: item.quantity, options });
    else missing.push({ name: item.name, quantity: item.quantity });
  }
  return { available, missing };
}
