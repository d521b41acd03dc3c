/**
 * Whether the kitchen takes delivery orders now: within its hours (11:00–22:00 on the hotel's
 * clock, packages/domain) and not closed by staff for the day from the order board. An order
 * outside them is refused with 409 before anything is written; the cart asks GET
 * delivery/ordering/ to say when ordering opens.
 */
import type { FastifyInstance } from 'fastify';
import {
  deliverySlots,
  DOOR_METHODS,
  hotelClock,
  hotelToday,
  isWithinKitchenHours,
  KITCHEN_CLOSED_DETAILS,
  KITCHEN_HOURS,
  KITCHEN_SETTINGS_DEFAULTS,
  nextKitchenOpening,
  SLOT_MINUTES,
  type DeliverySlot,
  type KitchenClosedReason,
  type KitchenSettings,
  type OrderingState,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { findKitchenSettings, isKitchenClosed, saveKitchenSettings, setKitchenClosed, takenSlots, type KitchenSettingsRow } from './repository';

export const settingsOf = (row: KitchenSettingsRow | undefined): KitchenSettings =>
  row
    ? {
        lead_minutes: row.leadMinutes,
        slot_capacity: row.slotCapacity,
        min_order: row.minOrder,
        free_delivery_from: row.freeDeliveryFrom,
        delivery_fee: row.deliveryFee,
        door_payment: row.doorPayment,
        door_methods: DOOR_METHODS.filter((method) => row.doorMethods.includes(method)),
        door_cap: row.doorCap,
      }
    : { ...KITCHEN_SETTINGS_DEFAULTS, door_methods: [...KITCHEN_SETTINGS_DEFAULTS.door_methods] };

/** What staff set for delivery (issue 24), or the house's defaults until they do. */
export async function kitchenSettings(db: Db | Tx): Promise<KitchenSettings> {
  return settingsOf(await findKitchenSettings(db));
}

/** Staff change some of the settings; answers them before and after, for the change log. */
export async function changeKitchenSettings(tx: Tx, change: Partial<KitchenSettings>, staffId: number): Promise<{ before: KitchenSettings; after: KitchenSettings }> {
  const before = await kitchenSettings(tx);
  const after: KitchenSettings = {
    lead_minutes: change.lead_minutes ?? before.lead_minutes,
    slot_capacity: change.slot_capacity ?? before.slot_capacity,
    min_order: change.min_order ?? before.min_order,
    free_delivery_from: change.free_delivery_from === undefined ? before.free_delivery_from : change.free_delivery_from,
    delivery_fee: change.delivery_fee ?? before.delivery_fee,
    door_payment: change.door_payment ?? before.door_payment,
    // Kept in one order whatever order they were sent in.
    door_methods: change.door_methods ? DOOR_METHODS.filter((method) => change.door_methods!.includes(method)) : before.door_methods,
    door_cap: change.door_cap ?? before.door_cap,
  };
  await saveKitchenSettings(
    tx,
    {
      leadMinutes: after.lead_minutes,
      slotCapacity: after.slot_capacity,
      minOrder: after.min_order,
      freeDeliveryFrom: after.free_delivery_from,
      deliveryFee: after.delivery_fee,
      doorPayment: after.door_payment,
      doorMethods: after.door_methods,
      doorCap: after.door_cap,
    },
    staffId,
  );
  return { before, after };
}

/** The slots a guest may choose now that still take an order, with how many each takes yet. */
export async function freeSlots(db: Db | Tx, settings: KitchenSettings, now: Date = new Date()): Promise<DeliverySlot[]> {
  const slots = deliverySlots(now, settings.lead_minutes, hotelToday(now));
  if (slots.length === 0) return [];
  const taken = await takenSlots(db, slots[0]!, new Date(slots.at(-1)!.getTime() + SLOT_MINUTES * 60_000));
  return slots.flatMap((at) => {
    const free = settings.slot_capacity - (taken.get(at.getTime()) ?? 0);
    return free > 0 ? [{ at: at.toISOString(), day: hotelToday(at), time: hotelClock(at), free }] : [];
  });
}

/** Why the kitchen takes no order now (outside its hours, or closed by staff for the day), or null. */
async function closedReason(app: FastifyInstance, db: Db | Tx, now: Date): Promise<{ reason: KitchenClosedReason | null; closedToday: boolean }> {
  const closedToday = await isKitchenClosed(db, hotelToday(now));
  return { reason: closedToday ? 'closed_today' : app.env.ORDERS_ANY_HOUR || isWithinKitchenHours(now) ? null : 'hours', closedToday };
}

export async function orderingState(app: FastifyInstance, now: Date = new Date()): Promise<OrderingState> {
  const { reason, closedToday } = await closedReason(app, app.db, now);
  const settings = await kitchenSettings(app.db);
  return {
    open: reason === null,
    reason,
    opens_at: reason === null ? null : nextKitchenOpening(now, closedToday).toISOString(),
    hours: { ...KITCHEN_HOURS },
    closed_today: closedToday,
    lead_minutes: settings.lead_minutes,
    min_order: settings.min_order,
    free_delivery_from: settings.free_delivery_from,
    delivery_fee: settings.delivery_fee,
    // Only what can be ordered now: while ordering is closed no slot is, tomorrow's included.
    slots: reason === null ? await freeSlots(app.db, settings, now) : [],
  };
}

/** 409 in the spec's words when the kitchen takes no order now, with when it opens. */
export async function assertKitchenOpen(app: FastifyInstance, now: Date = new Date()): Promise<void> {
  const refusal = await kitchenRefusal(app, app.db, now);
  if (refusal) throw refusal;
}

/** The 409 of assertKitchenOpen, or null while the kitchen takes orders; inside a transaction too. */
export async function kitchenRefusal(app: FastifyInstance, db: Db | Tx, now: Date = new Date()): Promise<HttpError | null> {
  const { reason, closedToday } = await closedReason(app, db, now);
  if (!reason) return null;
  return new HttpError(409, KITCHEN_CLOSED_DETAILS[reason], { reason, opens_at: nextKitchenOpening(now, closedToday).toISOString() });
}

/**
 * Whether the kitchen can still take an order placed earlier, now that its payment comes: one for
 * "as soon as possible" only while ordering is open (the kitchen cooks it now), one for a slot only
 * while the slot is still ahead (docs/decisions/025-payments-hardening.md, kitchen hours).
 */
export async function canStillAccept(app: FastifyInstance, db: Db | Tx, order: { deliverAt: Date | null }, now: Date): Promise<boolean> {
  if (order.deliverAt) return order.deliverAt.getTime() > now.getTime();
  return (await closedReason(app, db, now)).reason === null;
}

/**
 * Staff close ordering for the rest of today, or open it again. Answers the hotel day and whether
 * this call changed it (closing a closed day changes nothing), so the caller logs only a change.
 */
export async function setKitchenClosedToday(db: Db | Tx, closed: boolean, staffId: number, now: Date = new Date()): Promise<{ day: string; changed: boolean }> {
  const day = hotelToday(now);
  return { day, changed: await setKitchenClosed(db, day, closed, staffId) };
}
