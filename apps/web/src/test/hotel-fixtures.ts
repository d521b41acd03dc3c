/** Rooms, variants and saved guests for the hotel screens' tests, shaped as the API answers them. */
import { addDays, type AdminRoom, type Guest, type Room, type RoomFilter, type RoomVariant } from '@hotel/domain';
import { localToday } from '../shared/forms/search-today';

/** A room as the admin area shows it: with its non-refundable discount (0: none offered). */
export function testAdminRoom(overrides: Partial<AdminRoom> = {}): AdminRoom {
  return { ...testRoom(overrides), non_refundable_percent: 0, ...overrides };
}

export function testRoom(overrides: Partial<Room> = {}): Room {
  return {
    id: 3,
    slug: 'attic',
    name: { ru: 'Мансарда', en: 'Attic' },
    description: { ru: 'Под самой крышей', en: 'Right under the roof' },
    images: [],
    price: 25_000,
    extra_price: 32_000,
    primary_capacity: 2,
    extra_capacity: 1,
    room_size: 24,
    conveniences: [],
    ...overrides,
  };
}

export function testVariant(room: Room = testRoom(), overrides: Partial<RoomVariant> = {}): RoomVariant {
  return {
    room,
    price: room.price,
    extra_price: room.extra_price,
    guest_count: 2,
    nights: 2,
    extra_places: 0,
    price_per_night: room.price,
    total: room.price * 2,
    price_breakdown: [{ first_night: '2099-06-12', nights: 2, price_per_night: room.price }],
    stay_rule: null,
    non_refundable: null,
    ...overrides,
  };
}

/** A two-night stay starting in ten days, so that it never falls in the past. */
export function testFilter(guests = 2): RoomFilter {
  const arrival = addDays(localToday(), 10);
  return { arrival, departure: addDays(arrival, 2), guests };
}

export const savedGuests: Guest[] = [
  { id: 41, first_name: 'Мария', last_name: 'Ковалёва', second_name: 'Игоревна', user_id: 7 },
  { id: 42, first_name: 'Олег', last_name: 'Новик', second_name: null, user_id: 7 },
];
