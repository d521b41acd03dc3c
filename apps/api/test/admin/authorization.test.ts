/**
 * Who may call what (spec section 6; API-54; issue 49, point 3): every route of the server, read
 * from Fastify's own route table so that a route added later cannot be missed, is called as an
 * anonymous visitor, a plain guest and a holder of each staff role alone. A table below says who
 * may call each one: anyone, any signed-in user, or the holders of a permission of
 * packages/domain's permission table (to read it for GET, to change it otherwise). A route missing
 * from the table fails the test, and so does a staff route that does not declare its permission
 * (`config: { permission }`) or declares another. A caller below the route's level must be refused
 * before the request is read (401 anonymous, 403 signed in, its detail in the caller's language),
 * whatever the body; a caller at or above it must not be.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessOfMethod, FORBIDDEN_DETAIL, isPermission, may, STAFF_ROLES, type Permission, type StaffRole } from '@hotel/domain';
import { sessions } from '../../src/db/schema';
import { hashToken, SESSION_COOKIE } from '../../src/modules/auth/session';
import { createTestApp, type TestApp } from '../app';
import { createUser, type TestUser } from '../users';

type Level = 'anyone' | 'user' | Permission;

/** Every route and who may call it. `anyone` still needs the client token where the API asks for it. */
const WHO_MAY_CALL: Record<string, Level> = {
  'GET /api/docs/static/index.html': 'anyone',
  'GET /api/docs/static/swagger-initializer.js': 'anyone',
  'GET /api/docs/json': 'anyone',
  'GET /api/docs/yaml': 'anyone',
  'GET /api/docs/static/*': 'anyone',
  'GET /api/docs': 'anyone',
  'GET /api/docs/': 'anyone',
  'GET /api/v1/uploads/:file': 'anyone',
  'GET /api/v1/auth/google/start/': 'anyone',
  'GET /api/v1/auth/yandex/start/': 'anyone',
  'POST /api/v1/payments/webhook/': 'anyone',
  'POST /api/v1/notices/telegram/webhook/': 'anyone',
  'GET /api/v1/payments/sandbox/:id/': 'anyone',
  'POST /api/v1/payments/sandbox/:id/': 'anyone',
  'GET /api/v1/health/': 'anyone',
  'GET /api/v1/health/live/': 'anyone',
  'GET /api/v1/health/ready/': 'anyone',
  'GET /api/v1/hotel/conveniences/': 'anyone',
  'GET /api/v1/hotel/rooms/': 'anyone',
  'GET /api/v1/hotel/rooms/:id/extras/': 'anyone',
  'POST /api/v1/hotel/rooms/sync/': 'anyone',
  'GET /api/v1/hotel/reservations/variants/': 'anyone',
  'GET /api/v1/hotel/reservations/': 'user',
  'POST /api/v1/hotel/reservations/sync/': 'user',
  'GET /api/v1/hotel/reservations/:id/': 'user',
  'POST /api/v1/hotel/reservations/': 'user',
  'POST /api/v1/hotel/reservations/cancel/:id/': 'user',
  'POST /api/v1/hotel/reservation/move/:id/': 'reservations',
  'GET /api/v1/delivery/products/': 'anyone',
  'GET /api/v1/restaurant/tables/day/': 'anyone',
  'POST /api/v1/restaurant/tables/': 'anyone',
  // The table form posted without scripts (issue 48, point 11): a page's address, no client token.
  'POST /restaurant/book': 'anyone',
  'GET /api/v1/restaurant/tables/': 'user',
  'POST /api/v1/restaurant/tables/:id/cancel/': 'user',
  'POST /api/v1/restaurant/tables/confirm/': 'anyone',
  'GET /api/v1/admin/restaurant/day/': 'tables',
  'PUT /api/v1/admin/restaurant/settings/': 'tables',
  'POST /api/v1/admin/restaurant/tables/': 'tables',
  'POST /api/v1/admin/restaurant/tables/:id/step/': 'tables',
  'POST /api/v1/admin/restaurant/tables/:id/move/': 'tables',
  'POST /api/v1/admin/restaurant/unconfirmed/clear/': 'tables',
  'GET /api/v1/delivery/ordering/': 'anyone',
  'GET /api/v1/auth/email/': 'anyone',
  'POST /api/v1/auth/login/': 'anyone',
  'POST /api/v1/auth/signup/': 'anyone',
  'POST /api/v1/auth/send_code/': 'anyone',
  'POST /api/v1/auth/activate/resend/': 'anyone',
  'POST /api/v1/auth/activate/': 'anyone',
  'GET /api/v1/auth/me/': 'user',
  'POST /api/v1/auth/logout/': 'anyone',
  'GET /api/v1/auth/providers/': 'anyone',
  'POST /api/v1/auth/password/reset/': 'anyone',
  'POST /api/v1/auth/password/reset/confirm/': 'anyone',
  'POST /api/v1/auth/password/set/': 'anyone',
  'GET /api/v1/google/callback/': 'anyone',
  'GET /api/v1/yandex/callback/': 'anyone',
  'POST /api/v1/account/password/reset/': 'anyone',
  'POST /api/v1/account/password/reset/done/': 'anyone',
  'POST /api/v1/account/password/set/': 'anyone',
  'GET /api/v1/account': 'user',
  'PUT /api/v1/account': 'user',
  'POST /api/v1/account/password/': 'user',
  'POST /api/v1/account/email': 'user',
  'POST /api/v1/account/email/confirm/': 'user',
  'GET /api/v1/account/guests': 'user',
  'POST /api/v1/account/guests': 'user',
  'GET /api/v1/account/guests/:id/': 'user',
  'PUT /api/v1/account/guests/:id/': 'user',
  'DELETE /api/v1/account/guests/:id/': 'user',
  'GET /api/v1/account/addresses': 'user',
  'POST /api/v1/account/addresses': 'user',
  'PUT /api/v1/account/addresses/:address_id/': 'user',
  'DELETE /api/v1/account/addresses/:address_id/': 'user',
  'GET /api/v1/account/payments/methods': 'user',
  'POST /api/v1/account/payments/methods': 'user',
  'POST /api/v1/account/payments/methods/:payment_method_id/set_primary/': 'user',
  'DELETE /api/v1/account/payments/methods/:payment_method_id/': 'user',
  // Staff notices: any signed-in account reaches the route; one holding no staff role is refused 403 by it (not by the guard).
  'GET /api/v1/account/notices': 'user',
  'PUT /api/v1/account/notices': 'user',
  'POST /api/v1/account/notices/telegram/': 'user',
  'DELETE /api/v1/account/notices/telegram/': 'user',
  'GET /api/v1/delivery/orders/': 'user',
  'GET /api/v1/delivery/room-service/': 'user',
  'GET /api/v1/delivery/pay-at-door/': 'user',
  'POST /api/v1/orders/': 'user',
  'GET /api/v1/orders/:id/': 'user',
  'PUT /api/v1/orders/:id/': 'user',
  'POST /api/v1/orders/:id/cancel/': 'user',
  'POST /api/v1/orders/:id/repeat/': 'user',
  'POST /api/v1/payments/methods/init/': 'user',
  'GET /api/v1/payments/methods/:payment_method_id/status/': 'user',
  'POST /api/v1/payments/create/': 'user',
  'GET /api/v1/payments/:id/status/': 'user',
  'GET /api/v1/admin/rooms/': 'rooms',
  'PATCH /api/v1/admin/rooms/:room_id/': 'rooms',
  'POST /api/v1/admin/rooms/:room_id/images/': 'rooms',
  'PUT /api/v1/admin/rooms/:room_id/images/': 'rooms',
  'DELETE /api/v1/admin/rooms/:room_id/images/:file/': 'rooms',
  'GET /api/v1/admin/conveniences/': 'rooms',
  'POST /api/v1/admin/conveniences/': 'rooms',
  'PUT /api/v1/admin/conveniences/:id/': 'rooms',
  'DELETE /api/v1/admin/conveniences/:id/': 'rooms',
  'GET /api/v1/admin/menu/products/': 'menu',
  'POST /api/v1/admin/menu/products/': 'menu',
  'PUT /api/v1/admin/menu/products/:id/': 'menu',
  'POST /api/v1/admin/menu/products/:id/': 'menu',
  'DELETE /api/v1/admin/menu/products/:id/': 'menu',
  'GET /api/v1/admin/menu/categories/': 'menu',
  'POST /api/v1/admin/menu/categories/': 'menu',
  'PUT /api/v1/admin/menu/categories/:id/': 'menu',
  'DELETE /api/v1/admin/menu/categories/:id/': 'menu',
  'GET /api/v1/admin/log/': 'change-log',
  'GET /api/v1/admin/reservations/board/': 'reservations',
  'GET /api/v1/admin/reservations/:id/': 'reservations',
  'POST /api/v1/admin/reservations/:id/cancel/': 'reservations',
  'POST /api/v1/admin/reservations/:id/no_show/': 'reservations',
  'POST /api/v1/admin/blocks/': 'reservations',
  'DELETE /api/v1/admin/blocks/:id/': 'reservations',
  'GET /api/v1/admin/orders/': 'orders.board',
  'GET /api/v1/admin/orders/kitchen/': 'orders.board',
  'PUT /api/v1/admin/orders/kitchen/': 'orders.board',
  'GET /api/v1/admin/orders/kitchen/settings/': 'kitchen.settings',
  'PUT /api/v1/admin/orders/kitchen/settings/': 'kitchen.settings',
  'POST /api/v1/admin/orders/:id/next/': 'orders.board',
  'POST /api/v1/admin/orders/:id/cancel/': 'orders.board',
  'GET /api/v1/admin/orders/events/': 'orders.board',
  'GET /api/v1/admin/guests/cards/': 'desk',
  'POST /api/v1/admin/reservations/quote/': 'desk',
  'POST /api/v1/admin/reservations/': 'desk',
  'POST /api/v1/admin/reservations/:id/shorten/': 'desk',
  'POST /api/v1/admin/reservations/:id/extend/': 'desk',
  'POST /api/v1/admin/reservations/:id/room/': 'desk',
  // The front desk (issue 45): reception at the desk, housekeeping on the rooms' states.
  'GET /api/v1/admin/desk/': 'desk',
  'POST /api/v1/admin/reservations/:id/check-in/': 'desk',
  'POST /api/v1/admin/reservations/:id/check-out/': 'desk',
  'GET /api/v1/admin/housekeeping/': 'housekeeping',
  'PUT /api/v1/admin/housekeeping/rooms/:id/': 'housekeeping',
  'GET /api/v1/admin/front-desk/events/': 'housekeeping',
  'GET /api/v1/orders/events/': 'user',
  'GET /api/v1/hotel/calendars/:file': 'anyone',
  'GET /api/v1/admin/rooms/:room_id/calendar/': 'calendars',
  'POST /api/v1/admin/rooms/:room_id/calendar/address/': 'calendars',
  'POST /api/v1/admin/rooms/:room_id/calendar/feeds/': 'calendars',
  'POST /api/v1/admin/calendar-feeds/:id/import/': 'calendars',
  'DELETE /api/v1/admin/calendar-feeds/:id/': 'calendars',
  'GET /api/v1/admin/payments/': 'payments',
  'GET /api/v1/admin/payments/csv/': 'payments',
  'POST /api/v1/admin/payments/refunds/:id/retry/': 'refunds',
  'POST /api/v1/admin/payments/refunds/:id/resolve/': 'refunds',
  'POST /api/v1/admin/payments/fees/:id/retry/': 'payments',
  'POST /api/v1/admin/payments/fees/:id/resolve/': 'refunds',
  'GET /api/v1/admin/reports/': 'reports',
  'GET /api/v1/reviews/': 'anyone',
  'GET /api/v1/reviews/mine/': 'user',
  'POST /api/v1/reviews/': 'user',
  'GET /api/v1/admin/reviews/': 'reviews',
  'PATCH /api/v1/admin/reviews/:id/': 'reviews',
  'GET /api/v1/admin/rates/': 'prices',
  'POST /api/v1/admin/rates/prices/': 'prices',
  'DELETE /api/v1/admin/rates/prices/:id/': 'prices',
  'POST /api/v1/admin/rates/stay-rules/': 'rules',
  'DELETE /api/v1/admin/rates/stay-rules/:id/': 'rules',
  'GET /api/v1/admin/extras/': 'extras',
  'POST /api/v1/admin/extras/': 'extras',
  'PUT /api/v1/admin/extras/:id/': 'extras',
  'POST /api/v1/admin/extras/:id/': 'extras',
  'GET /api/v1/admin/promo/': 'promo',
  'POST /api/v1/admin/promo/': 'promo',
  'PUT /api/v1/admin/promo/:id/': 'promo',
  'POST /api/v1/promo/check/': 'user',
  'PUT /api/v1/admin/menu/products/:id/hidden/': 'menu.availability',
  'GET /api/v1/admin/staff/': 'staff',
  'POST /api/v1/admin/staff/': 'staff',
  'PUT /api/v1/admin/staff/:id/': 'staff',
  'POST /api/v1/admin/staff/:id/deactivate/': 'staff',
  // The bill of a stay (issue 45, decision 055): reception and the accountant; the hotel's legal details are the manager's.
  'GET /api/v1/admin/reservations/:id/folio/': 'bills',
  'POST /api/v1/admin/reservations/:id/folio/lines/': 'bills',
  'POST /api/v1/admin/reservations/:id/folio/lines/:line_id/correct/': 'bills',
  'POST /api/v1/admin/reservations/:id/folio/payments/': 'bills',
  'GET /api/v1/admin/reservations/:id/folio/document/': 'bills',
  'POST /api/v1/admin/reservations/:id/folio/invoice/': 'bills',
  'GET /api/v1/admin/reservations/:id/registration-card/': 'desk',
  'GET /api/v1/admin/folio/settings/': 'content',
  'PUT /api/v1/admin/folio/settings/': 'content',
  'GET /api/v1/hotel/reservations/:id/folio/': 'user',
  'GET /api/v1/hotel/reservations/:id/check-in/': 'user',
  'PUT /api/v1/hotel/reservations/:id/check-in/': 'user',
};

const CALLERS = ['anonymous', 'guest', ...STAFF_ROLES] as const;
type Caller = (typeof CALLERS)[number];

let t: TestApp;
const people = {} as Record<Exclude<Caller, 'anonymous'>, TestUser>;
/** The permission each route declared, as Fastify saw it registered. */
const declared = new Map<string, Permission | undefined>();

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', AUTH_RATE_LIMIT_PER_MINUTE: '1000000', SEARCH_RATE_LIMIT_PER_MINUTE: '1000000' });
  people.guest = await createUser(t);
  for (const role of STAFF_ROLES) people[role] = await createUser(t, { roles: [role] });
});
afterAll(async () => {
  await t?.close();
});

/** A new session for each call: a route like auth/logout/ ends the one it is called with. */
async function headersOf(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'anonymous') return t.headers;
  const token = randomBytes(32).toString('base64url');
  await t.database.db.insert(sessions).values({ tokenHash: hashToken(token), userId: people[caller].id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { ...t.headers, cookie: `${SESSION_COOKIE}=${token}` };
}

const concrete = (url: string) =>
  url.replace(/:file\b/g, 'missing-1234.webp').replace(/:[a-z_]+/g, '999999').replace(/\*$/, 'missing.js');

function routes() {
  const seen = new Map<string, { method: string; url: string; permission: string | undefined }>();
  for (const route of t.app.routeTable) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    seen.set(`${route.method} ${route.url}`, route);
  }
  return [...seen.entries()];
}

/** The guards' own answers (auth/session.ts); a 401 of a webhook's bad signature is not one. */
const refusedForIdentity = (status: number, detail: unknown) =>
  (status === 401 && detail === 'Authentication required') || (status === 403 && detail === FORBIDDEN_DETAIL.en);

function allowed(level: Level, method: string, caller: Caller): boolean {
  if (level === 'anyone') return true;
  if (caller === 'anonymous') return false;
  if (level === 'user') return true;
  return caller !== 'guest' && may([caller as StaffRole], level, accessOfMethod(method));
}

describe('who may call what (API-54, ADM-01, ADM-02, ADM-49; issue 49, point 3)', () => {
  it('every route of the server is in the table, and the table names no route that is gone', () => {
    const keys = routes().map(([key]) => key);
    const missing = keys.filter((key) => !(key in WHO_MAY_CALL));
    expect(missing, 'add these routes to WHO_MAY_CALL').toEqual([]);
    const gone = Object.keys(WHO_MAY_CALL).filter((key) => !keys.includes(key) && !key.startsWith('GET /api/docs'));
    expect(gone, 'these routes no longer exist').toEqual([]);
  });

  it('issue 49: every staff route declares its permission (config: { permission }), the one the table names', () => {
    for (const [key, route] of routes()) declared.set(key, route.permission as Permission | undefined);
    const wrong = routes()
      .map(([key]) => key)
      .filter((key) => {
        const level = WHO_MAY_CALL[key];
        const staffRoute = key.includes('/api/v1/admin/') || (level !== undefined && isPermission(level));
        return staffRoute && declared.get(key) !== level;
      })
      .map((key) => `${key}: declares ${String(declared.get(key))}, the table says ${String(WHO_MAY_CALL[key])}`);
    expect(wrong).toEqual([]);
  });

  it('callers below a route’s level are refused before the request is read; callers at or above it are not', async () => {
    const wrong: string[] = [];
    for (const [key, route] of routes()) {
      const level = WHO_MAY_CALL[key];
      if (!level) continue;
      const url = concrete(route.url);
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: await headersOf(caller),
          // A body that no route takes: the guard must answer before validation does.
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: { unexpected: true } }),
        });
        const detail = res.headers['content-type']?.toString().includes('json') ? (res.json() as { detail?: unknown }).detail : undefined;
        const may = allowed(level, route.method, caller);
        if (may && refusedForIdentity(res.statusCode, detail)) {
          wrong.push(`${key} as ${caller}: refused with ${res.statusCode} (${String(detail)}), but ${level} may call it`);
        }
        if (!may) {
          const expected = caller === 'anonymous' ? 401 : 403;
          if (res.statusCode !== expected || !refusedForIdentity(res.statusCode, detail)) {
            wrong.push(`${key} as ${caller}: ${res.statusCode} (${String(detail)}), expected ${expected}: only ${level} may call it`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // Eight callers on every route of the server.
  }, 300_000);

  it('issue 49: a kitchen account calling a payments route is refused in its own language, nothing read', async () => {
    const headers = await headersOf('kitchen');
    const english = await t.app.inject({ method: 'GET', url: '/api/v1/admin/payments/', headers });
    expect(english.statusCode).toBe(403);
    expect(english.json()).toEqual({ detail: FORBIDDEN_DETAIL.en });
    const russian = await t.app.inject({ method: 'GET', url: '/api/v1/admin/payments/csv/', headers: { ...headers, cookie: `${headers.cookie}; language=ru` } });
    expect(russian.statusCode).toBe(403);
    expect(russian.json()).toEqual({ detail: FORBIDDEN_DETAIL.ru });
    const browser = await t.app.inject({ method: 'POST', url: '/api/v1/admin/payments/refunds/1/retry/', headers: { ...headers, 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(browser.json()).toEqual({ detail: FORBIDDEN_DETAIL.ru });
  });
});
