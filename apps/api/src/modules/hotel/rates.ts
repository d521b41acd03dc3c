/**
 * Prices by date and stay rules (issue 23; docs/decisions/040-rates-by-date.md): the rules as the
 * domain reads them, the rate calendar's month, and the staff's changes. The rules are part of the
 * `rooms` data family (migration 0014's triggers), so the rooms in memory (availability.ts) and
 * every cache keyed on the family follow a change without a call from here.
 */
import {
  monthDays,
  RoomRates,
  type PriceRule,
  type PriceRuleInput,
  type PriceRuleView,
  type RatesMonth,
  type RoomPrice,
  type StayRule,
  type StayRuleInput,
  type StayRuleView,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import {
  deletePriceRule,
  deleteStayRule,
  existingRoomIds,
  insertPriceRules,
  insertStayRules,
  listRooms,
  priceRulesOf,
  priceRulesTouching,
  stayRulesOf,
  stayRulesTouching,
  type PriceRuleRow,
  type StayRuleRow,
} from './repository';

export const RULE_NOT_FOUND = 'Rule not found';

export const toPriceRule = (row: PriceRuleRow): PriceRule => ({
  id: row.id,
  firstNight: row.firstNight,
  lastNight: row.lastNight,
  weekdays: row.weekdays,
  price: row.price,
  extraPrice: row.extraPrice,
});

export const toStayRule = (row: StayRuleRow): StayRule => ({
  id: row.id,
  firstNight: row.firstNight,
  lastNight: row.lastNight,
  weekdays: row.weekdays,
  minNights: row.minNights,
  closedToArrival: row.closedToArrival,
  closedToDeparture: row.closedToDeparture,
});

/** Every room's rates from its rules: what the rooms in memory keep (availability.ts). */
export async function ratesOfRooms(db: Db, rooms: (RoomPrice & { id: number })[]): Promise<Map<number, RoomRates>> {
  const ids = rooms.map((room) => room.id);
  const [prices, stays] = ids.length === 0 ? [[], []] : await Promise.all([priceRulesOf(db, ids), stayRulesOf(db, ids)]);
  return new Map(
    rooms.map((room) => [
      room.id,
      RoomRates.of(
        room,
        prices.filter((row) => row.roomId === room.id).map(toPriceRule),
        stays.filter((row) => row.roomId === room.id).map(toStayRule),
      ),
    ]),
  );
}

/** One room's rates read now, in the booking's transaction or outside it. */
export async function ratesOfRoom(db: Db | Tx, room: RoomPrice & { id: number }): Promise<RoomRates> {
  const [prices, stays] = await Promise.all([priceRulesOf(db, [room.id]), stayRulesOf(db, [room.id])]);
  return RoomRates.of(room, prices.map(toPriceRule), stays.map(toStayRule));
}

const ruleView = (row: PriceRuleRow | StayRuleRow) => ({
  id: row.id,
  room_id: row.roomId,
  first_night: row.firstNight,
  last_night: row.lastNight,
  weekdays: row.weekdays,
  created_at: row.createdAt.toISOString(),
});

export const presentPriceRule = (row: PriceRuleRow): PriceRuleView => ({ ...ruleView(row), price: row.price, extra_price: row.extraPrice });
export const presentStayRule = (row: StayRuleRow): StayRuleView => ({
  ...ruleView(row),
  min_nights: row.minNights,
  closed_to_arrival: row.closedToArrival,
  closed_to_departure: row.closedToDeparture,
});

/** The rate calendar of a month "YYYY-MM" (checked by ratesQuerySchema). */
export async function ratesMonth(db: Db, month: string): Promise<RatesMonth> {
  const days = monthDays(month)!;
  const [rooms, prices, stays] = await Promise.all([listRooms(db), priceRulesTouching(db, days.first, days.last), stayRulesTouching(db, days.first, days.last)]);
  return {
    month,
    first_day: days.first,
    last_day: days.last,
    rooms: rooms.map((room) => ({ id: room.id, name: room.name, price: room.price, extra_price: room.extraPrice, extra_capacity: room.extraCapacity })),
    prices: prices.map(presentPriceRule),
    stay_rules: stays.map(presentStayRule),
  };
}

type Created<T> = (tx: Tx, rows: T[]) => Promise<void>;

async function checkedRooms(tx: Tx, ids: number[]) {
  const known = await existingRoomIds(tx, ids);
  const unknown = ids.filter((id) => !known.includes(id));
  if (unknown.length > 0) throw new HttpError(404, `Room not found: ${unknown.join(', ')}`);
}

/** Staff set a price for the rooms' nights; the newest rule wins where rules overlap. */
export async function createPriceRules(db: Db, input: PriceRuleInput, createdBy: number, onCreated?: Created<PriceRuleRow>): Promise<PriceRuleRow[]> {
  return db.transaction(async (tx) => {
    await checkedRooms(tx, input.room_ids);
    const rows = await insertPriceRules(
      tx,
      input.room_ids.map((roomId) => ({
        roomId,
        firstNight: input.first_night,
        lastNight: input.last_night,
        weekdays: [...input.weekdays].sort((a, b) => a - b),
        price: input.price,
        extraPrice: input.extra_price,
        createdBy,
      })),
    );
    await onCreated?.(tx, rows);
    return rows;
  });
}

/** Staff set a stay rule for the rooms' days; the newest rule wins where rules overlap. */
export async function createStayRules(db: Db, input: StayRuleInput, createdBy: number, onCreated?: Created<StayRuleRow>): Promise<StayRuleRow[]> {
  return db.transaction(async (tx) => {
    await checkedRooms(tx, input.room_ids);
    const rows = await insertStayRules(
      tx,
      input.room_ids.map((roomId) => ({
        roomId,
        firstNight: input.first_night,
        lastNight: input.last_night,
        weekdays: [...input.weekdays].sort((a, b) => a - b),
        minNights: input.min_nights,
        closedToArrival: input.closed_to_arrival,
        closedToDeparture: input.closed_to_departure,
        createdBy,
      })),
    );
    await onCreated?.(tx, rows);
    return rows;
  });
}

/** Removes a rule: the rules under it, or the base price, apply again. */
export async function removeRule<T extends PriceRuleRow | StayRuleRow>(
  db: Db,
  kind: 'price' | 'stay',
  id: number,
  onRemoved?: (tx: Tx, row: T) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = (kind === 'price' ? await deletePriceRule(tx, id) : await deleteStayRule(tx, id)) as T | undefined;
    if (!row) throw new HttpError(404, RULE_NOT_FOUND);
    await onRemoved?.(tx, row);
  });
}
