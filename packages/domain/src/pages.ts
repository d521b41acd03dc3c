/**
 * Every page of the web app, in one place (spec, "Pages"): the web app's links, guards and route
 * tables name a page through `PAGE_PATHS` (apps/web/src/shared/paths.ts), and the server tells a page
 * from an unknown path with the same list: it counts page views by their page, and sends an
 * unknown path where the spec says (docs/decisions/005-unknown-paths.md).
 */
export const PAGE_PATHS = {
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
    /** The bill or paid invoice of one of the guest's stays, printable (`?id=`; issue 45). */
    invoice: '/account/invoice',
    /** The online check-in of one of the guest's stays (`?id=`; issue 45). */
    checkIn: '/account/check-in',
    notices: '/account/notices',
  },
  admin: {
    root: '/admin',
    hotel: '/admin/hotel',
    reservations: '/admin/reservations',
    desk: '/admin/desk',
    housekeeping: '/admin/housekeeping',
    orders: '/admin/orders',
    delivery: '/admin/delivery',
    users: '/admin/users',
    payments: '/admin/payments',
    reports: '/admin/reports',
    restaurant: '/admin/restaurant',
    reviews: '/admin/reviews',
    promo: '/admin/promo',
    log: '/admin/log',
    /** A stay's bill or paid invoice, printable (`?id=`; issue 45). */
    invoice: '/admin/invoice',
    /** A stay's registration card, printable for the guest to sign (`?id=`; issue 45). */
    registrationCard: '/admin/registration-card',
  },
} as const;

const everyPage = (tree: object): string[] =>
  Object.values(tree).flatMap((value: unknown) => (typeof value === 'string' ? [value] : everyPage(value as object)));

const PAGES = new Set(everyPage(PAGE_PATHS));

/** An address without its trailing slashes (`/hotel/` is `/hotel`), the home page staying `/`. */
const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname);

/** The page an address names (its path, trailing slashes aside), or null for an unknown one. */
export function pageOf(pathname: string): string | null {
  const path = withoutTrailingSlash(pathname);
  return PAGES.has(path) ? path : null;
}

const areaLandings: [RegExp, string][] = [
  [/^\/hotel\/.+/, PAGE_PATHS.hotel.root],
  [/^\/delivery\/.+/, PAGE_PATHS.delivery],
  [/^\/auth\/.+/, PAGE_PATHS.auth.root],
  [/^\/account(\/.*)?$/, PAGE_PATHS.account.overview],
  [/^\/admin(\/.*)?$/, PAGE_PATHS.admin.hotel],
];

/**
 * Where an unknown path goes (spec section 2). Each area sends its unknown sub-paths to its
 * landing; everything else goes home. A target that is itself the path (its screen does not
 * exist) falls back to `/` instead of looping.
 */
export function redirectFor(pathname: string): string {
  const path = withoutTrailingSlash(pathname);
  for (const [pattern, landing] of areaLandings) {
    if (pattern.test(path)) return landing === path ? '/' : landing;
  }
  return '/';
}
