/**
 * Every address of the web app, in one place: links, redirects, guards and the route tables name
 * a page through here, so a moved page is changed once. The spec's pages (product-spec, "Pages").
 */
import type { RoomFilter } from '@hotel/domain';

export const paths = {
  home: '/',
  restaurant: '/restaurant',
  restaurantBook: '/restaurant/book',
  /** The link in the letter to an unconfirmed address; the secret is the fragment. */
  restaurantBookConfirm: '/restaurant/book/confirm',
  cafe: '/cafe',
  banquet: '/banquet',
  events: '/events',
  terms: '/terms',
  contacts: '/contacts',
  delivery: '/delivery',
  deliveryCart: '/delivery/cart',
  cart: '/cart',
  hotel: {
    root: '/hotel',
    rooms: '/hotel/rooms',
    guests: '/hotel/guests',
    payment: '/hotel/payment',
  },
  auth: {
    root: '/auth',
    password: '/auth/password',
    reg: '/auth/reg',
    verifyCode: '/auth/verify-code',
    createPassword: '/auth/create-password',
    passwordSuccess: '/auth/password-success',
    welcome: '/auth/welcome',
    googleCallback: '/google/callback',
    yandexCallback: '/yandex/callback',
  },
  account: {
    root: '/account',
    overview: '/account/overview',
    profile: '/account/profile',
    addresses: '/account/addresses',
    reservations: '/account/reservations',
    orders: '/account/orders',
    payments: '/account/payments',
    reviews: '/account/reviews',
  },
  admin: {
    root: '/admin',
    hotel: '/admin/hotel',
    reservations: '/admin/reservations',
    orders: '/admin/orders',
    delivery: '/admin/delivery',
    users: '/admin/users',
    payments: '/admin/payments',
    reports: '/admin/reports',
    restaurant: '/admin/restaurant',
    reviews: '/admin/reviews',
    promo: '/admin/promo',
    log: '/admin/log',
  },
} as const;

/** /hotel/rooms?checkIn=YYYY-MM-DD&checkOut=YYYY-MM-DD&guests=N: the spec's names in the address (HOT-13). */
export function roomsSearchPath(filter: RoomFilter): string {
  const query = new URLSearchParams({ checkIn: filter.arrival, checkOut: filter.departure, guests: String(filter.guests) });
  return `${paths.hotel.rooms}?${query.toString()}`;
}

/** What an address of /hotel/rooms names, valid or not; the search form's schema checks it. */
export function roomsSearchFrom(params: URLSearchParams) {
  const guests = params.get('guests');
  return {
    arrival: params.get('checkIn') ?? '',
    departure: params.get('checkOut') ?? '',
    guests: guests === null || guests === '' ? undefined : Number(guests),
  };
}
