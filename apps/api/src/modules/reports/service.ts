/**
 * The owner's report of a period beside the same days a year before: the rooms' and the
 * restaurant's figures from this module's repository, the money's from the payments page's own
 * source (payments/ledger.ts), so the two pages never disagree.
 */
import { yearBefore, type MoneySummary, type ReportPage } from '@hotel/domain';
import type { Db } from '../../db/client';
import type { FolioLedger } from '../payments/folio-ledger';
import { moneyByDay } from '../payments/ledger';
import {
  channels,
  deliveryHours,
  leadTime,
  lengthOfStay,
  nightsByRoom,
  occupancyByDay,
  restaurantByDay,
  restaurantByHour,
  restaurantSummary,
  roomCount,
  roomSummary,
  topDishes,
  type Period,
} from './repository';

type MoneyDay = { orders: number; door_cash: number; door_terminal: number; stays: number; fees: number; desk: number; refunded: number };

const netOf = (money: MoneyDay) => money.orders + money.door_cash + money.door_terminal + money.stays + money.fees + money.desk - money.refunded;

function moneySummary(days: MoneyDay[]): MoneySummary {
  const total = (key: keyof MoneyDay) => days.reduce((sum, day) => sum + day[key], 0);
  const summed = { orders: total('orders'), door_cash: total('door_cash'), door_terminal: total('door_terminal'), stays: total('stays'), fees: total('fees'), desk: total('desk'), refunded: total('refunded') };
  return { ...summed, net: netOf(summed) };
}

/** `folio`: the bills' money the payments page counts too (payments/folio-ledger.ts). */
export async function report(db: Db, folio: FolioLedger, period: Period): Promise<ReportPage> {
  const compare = { from: yearBefore(period.from), to: yearBefore(period.to) };
  const rooms = await roomCount(db);
  const [roomsNow, roomsBefore, byDay, byRoom, stays, lead, channelMix] = await Promise.all([
    roomSummary(db, period, rooms),
    roomSummary(db, compare, rooms),
    occupancyByDay(db, period, rooms),
    nightsByRoom(db, period),
    lengthOfStay(db, period),
    leadTime(db, period),
    channels(db, period),
  ]);
  const [foodNow, foodBefore, foodByDay, foodByHour, dishes, deliveries, moneyNow, moneyBefore] = await Promise.all([
    restaurantSummary(db, period),
    restaurantSummary(db, compare),
    restaurantByDay(db, period),
    restaurantByHour(db, period),
    topDishes(db, period),
    deliveryHours(db, period),
    moneyByDay(db, folio, period),
    moneyByDay(db, folio, compare),
  ]);
  return {
    from: period.from,
    to: period.to,
    compare,
    rooms: {
      room_count: rooms,
      summary: { current: roomsNow, previous: roomsBefore },
      by_day: byDay,
      by_room: byRoom,
      length_of_stay: stays,
      lead_time: lead,
      channels: channelMix,
    },
    restaurant: {
      summary: { current: foodNow, previous: foodBefore },
      by_day: foodByDay,
      by_hour: foodByHour,
      top_dishes: dishes,
      delivery_hours: deliveries,
    },
    money: {
      summary: { current: moneySummary(moneyNow), previous: moneySummary(moneyBefore) },
      by_day: moneyNow.map((day) => ({ ...day, net: netOf(day) })),
    },
  };
}
