/**
 * Who may call what (spec section 6; API-54): every route of the server, read from Fastify's own
 * route table so that a route added later cannot be missed, is called as an anonymous visitor, a
 * user, an admin and the superuser. A table below says who may call each one; a route missing
 * from it fails the test. A caller below the route's level must be refused before the request is
 * read (401 anonymous, 403 signed in), whatever the body; a caller at or above it must not be.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_DETAILS, type Role } from '@hotel/domain';
import { sessions } from '../../src/db/schema';
import { hashToken, SESSION_COOKIE } from '../../src/modules/auth/session';
import { createTestApp, type TestApp } from '../app';
import { createUser, type TestUser } from '../users';

type Level = 'anyone' | 'user' | 'admin' | 'superuser';

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
  'POST /api/v1/hotel/reservation/move/:id/': 'admin',
  'GET /api/v1/delivery/products/': 'anyone',
  'GET /api/v1/restaurant/tables/day/': 'anyone',
  'POST /api/v1/restaurant/tables/': 'anyone',
  // The table form posted without scripts (issue 48, point 11): a page's address, no client token.
  'POST /restaurant/book': 'anyone',
  'GET /api/v1/restaurant/tables/': 'user',
  'POST /api/v1/restaurant/tables/:id/cancel/': 'user',
  'POST /api/v1/restaurant/tables/confirm/': 'anyone',
  'GET /api/v1/admin/restaurant/day/': 'admin',
  'PUT /api/v1/admin/restaurant/settings/': 'admin',
  'POST /api/v1/admin/restaurant/tables/': 'admin',
  'POST /api/v1/admin/restaurant/tables/:id/step/': 'admin',
  'POST /api/v1/admin/restaurant/tables/:id/move/': 'admin',
  'POST /api/v1/admin/restaurant/unconfirmed/clear/': 'admin',
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
  'GET /api/v1/delivery/orders/': 'user',
  'GET /api/v1/delivery/room-service/': 'user',
  'POST /api/v1/orders/': 'user',
  'GET /api/v1/orders/:id/': 'user',
  'PUT /api/v1/orders/:id/': 'user',
  'POST /api/v1/orders/:id/cancel/': 'user',
  'POST /api/v1/orders/:id/repeat/': 'user',
  'POST /api/v1/payments/methods/init/': 'user',
  'GET /api/v1/payments/methods/:payment_method_id/status/': 'user',
  'POST /api/v1/payments/create/': 'user',
  'GET /api/v1/payments/:id/status/': 'user',
  'GET /api/v1/admin/rooms/': 'admin',
  'PATCH /api/v1/admin/rooms/:room_id/': 'admin',
  'POST /api/v1/admin/rooms/:room_id/images/': 'admin',
  'PUT /api/v1/admin/rooms/:room_id/images/': 'admin',
  'DELETE /api/v1/admin/rooms/:room_id/images/:file/': 'admin',
  'GET /api/v1/admin/conveniences/': 'admin',
  'POST /api/v1/admin/conveniences/': 'admin',
  'PUT /api/v1/admin/conveniences/:id/': 'admin',
  'DELETE /api/v1/admin/conveniences/:id/': 'admin',
  'GET /api/v1/admin/menu/products/': 'admin',
  'POST /api/v1/admin/menu/products/': 'admin',
  'PUT /api/v1/admin/menu/products/:id/': 'admin',
  'POST /api/v1/admin/menu/products/:id/': 'admin',
  'DELETE /api/v1/admin/menu/products/:id/': 'admin',
  'GET /api/v1/admin/menu/categories/': 'admin',
  'POST /api/v1/admin/menu/categories/': 'admin',
  'PUT /api/v1/admin/menu/categories/:id/': 'admin',
  'DELETE /api/v1/admin/menu/categories/:id/': 'admin',
  'GET /api/v1/admin/admins/': 'admin',
  'POST /api/v1/admin/admins/add/': 'admin',
  'POST /api/v1/admin/admins/delete/': 'superuser',
  'GET /api/v1/admin/log/': 'superuser',
  'GET /api/v1/admin/reservations/board/': 'admin',
  'GET /api/v1/admin/reservations/:id/': 'admin',
  'POST /api/v1/admin/reservations/:id/cancel/': 'admin',
  'POST /api/v1/admin/reservations/:id/no_show/': 'admin',
  'POST /api/v1/admin/blocks/': 'admin',
  'DELETE /api/v1/admin/blocks/:id/': 'admin',
  'GET /api/v1/admin/orders/': 'admin',
  'GET /api/v1/admin/orders/kitchen/': 'admin',
  'PUT /api/v1/admin/orders/kitchen/': 'admin',
  'GET /api/v1/admin/orders/kitchen/settings/': 'admin',
  'PUT /api/v1/admin/orders/kitchen/settings/': 'admin',
  'POST /api/v1/admin/orders/:id/next/': 'admin',
  'POST /api/v1/admin/orders/:id/cancel/': 'admin',
  'GET /api/v1/admin/orders/events/': 'admin',
  'GET /api/v1/orders/events/': 'user',
  'GET /api/v1/hotel/calendars/:file': 'anyone',
  'GET /api/v1/admin/rooms/:room_id/calendar/': 'admin',
  'POST /api/v1/admin/rooms/:room_id/calendar/address/': 'admin',
  'POST /api/v1/admin/rooms/:room_id/calendar/feeds/': 'admin',
  'POST /api/v1/admin/calendar-feeds/:id/import/': 'admin',
  'DELETE /api/v1/admin/calendar-feeds/:id/': 'admin',
  'GET /api/v1/admin/payments/': 'admin',
  'GET /api/v1/admin/payments/csv/': 'admin',
  'POST /api/v1/admin/payments/refunds/:id/retry/': 'admin',
  'POST /api/v1/admin/payments/refunds/:id/resolve/': 'admin',
  'POST /api/v1/admin/payments/fees/:id/retry/': 'admin',
  'POST /api/v1/admin/payments/fees/:id/resolve/': 'admin',
  'GET /api/v1/admin/reports/': 'admin',
  'GET /api/v1/reviews/': 'anyone',
  'GET /api/v1/reviews/mine/': 'user',
  'POST /api/v1/reviews/': 'user',
  'GET /api/v1/admin/reviews/': 'admin',
  'PATCH /api/v1/admin/reviews/:id/': 'admin',
  'GET /api/v1/admin/rates/': 'admin',
  'POST /api/v1/admin/rates/prices/': 'admin',
  'DELETE /api/v1/admin/rates/prices/:id/': 'admin',
  'POST /api/v1/admin/rates/stay-rules/': 'admin',
  'DELETE /api/v1/admin/rates/stay-rules/:id/': 'admin',
  'GET /api/v1/admin/extras/': 'admin',
  'POST /api/v1/admin/extras/': 'admin',
  'PUT /api/v1/admin/extras/:id/': 'admin',
  'POST /api/v1/admin/extras/:id/': 'admin',
  'GET /api/v1/admin/promo/': 'admin',
  'POST /api/v1/admin/promo/': 'admin',
  'PUT /api/v1/admin/promo/:id/': 'admin',
  'POST /api/v1/promo/check/': 'user',
};

const RANK: Record<Level | Role | 'anonymous', number> = { anyone: 0, anonymous: 0, user: 1, admin: 2, superuser: 3 };
const CALLERS = ['anonymous', 'user', 'admin', 'superuser'] as const;
type Caller = (typeof CALLERS)[number];

let t: TestApp;
const people = {} as Record<Exclude<Caller, 'anonymous'>, TestUser>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', AUTH_RATE_LIMIT_PER_MINUTE: '1000000', SEARCH_RATE_LIMIT_PER_MINUTE: '1000000' });
  for (const role of ['user', 'admin', 'superuser'] as const) people[role] = await createUser(t, { role });
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
  const seen = new Map<string, { method: string; url: string }>();
  for (const route of t.app.routeTable) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    seen.set(`${route.method} ${route.url}`, route);
  }
  return [...seen.entries()];
}

/** The guards' own answers (auth/session.ts); a 401 of a webhook's bad signature is not one. */
const refusedForIdentity = (status: number, detail: unknown) =>
  (status === 401 && detail === 'Authentication required') || (status === 403 && detail === ADMIN_DETAILS.insufficientRights);

describe('who may call what (API-54, ADM-01, ADM-02, ADM-49)', () => {
  it('every route of the server is in the table, and the table names no route that is gone', () => {
    const keys = routes().map(([key]) => key);
    const missing = keys.filter((key) => !(key in WHO_MAY_CALL));
    expect(missing, 'add these routes to WHO_MAY_CALL').toEqual([]);
    const gone = Object.keys(WHO_MAY_CALL).filter((key) => !keys.includes(key) && !key.startsWith('GET /api/docs'));
    expect(gone, 'these routes no longer exist').toEqual([]);
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
        const allowed = RANK[caller] >= RANK[level];
        if (allowed && refusedForIdentity(res.statusCode, detail)) {
          wrong.push(`${key} as ${caller}: refused with ${res.statusCode} (${String(detail)}), but ${level} may call it`);
        }
        if (!allowed) {
          const expected = caller === 'anonymous' ? 401 : 403;
          if (res.statusCode !== expected || !refusedForIdentity(res.statusCode, detail)) {
            wrong.push(`${key} as ${caller}: ${res.statusCode} (${String(detail)}), expected ${expected}: only ${level} may call it`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
