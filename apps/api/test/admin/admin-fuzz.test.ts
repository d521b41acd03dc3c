/**
 * The admin operations of the API document fed hostile input (test/support/fuzz.ts) by someone
 * allowed to call them, the superuser, so the input reaches the handlers instead of the guard:
 * no answer may be a 5xx, every 4xx carries a `detail` (API-55), and no room or dish ends up with
 * a price its rules forbid.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, ADMIN_PRICE_MAX, hotelToday } from '@hotel/domain';
import { categories, conveniences, products, promoCodes, restaurantSettings, roomPriceRules, rooms, roomStayRules, sessions, stayExtras, tableReservations } from '../../src/db/schema';
import { hashToken, SESSION_COOKIE } from '../../src/modules/auth/session';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertMenu, type TestMenu } from '../order-fixtures';
import { fuzzedWithTheGuest, fuzzRequests, hostileStrings, insideFeedUrls, type FuzzContext, type FuzzRequest, type OpenApiDocument } from '../support/fuzz';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let superuser: TestUser;
let testRooms: TestRooms;
let menu: TestMenu;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '1000000',
    CALENDAR_FEED_TIMEOUT_SECONDS: '2',
  });
  testRooms = await insertRooms(t);
  menu = await insertMenu(t);
  await t.database.db.insert(conveniences).values({ description: { ru: 'Wi-Fi', en: 'Wi-Fi' } });
  superuser = await createUser(t, { role: 'superuser' });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

function context(): FuzzContext {
  return {
    pathValues: { room_id: String(testRooms.family), id: String(menu.soup), file: 'missing-1234.webp' },
    fieldValue(name, _schema, operation) {
      // A table at the restaurant: a bookable day and time beside the hostile field.
      const tables: Record<string, unknown> = { date: day(10), time: '19:30', party: 2, name: 'Anna', phone: '+375291234567', step: 'confirm', covers: 40, auto_confirm: false, source: 'phone' };
      if (operation.includes('/restaurant/') && name in tables) return tables[name];
      // Promo codes (issue 23.4): a valid code beside the hostile field.
      const promo: Record<string, unknown> = { code: `FUZZ-${randomBytes(3).toString('hex')}`, kind: 'percent', value: 10, scope: 'both', min_amount: 0 };
      if (operation.includes('/admin/promo/') && name in promo) return promo[name];
      const values: Record<string, unknown> = {
        email: admin.email,
        price: 12_00,
        extra_price: 15_00,
        category_id: 1,
        convenience_ids: [1],
        name: { ru: 'Суп', en: 'Soup' },
        description: { ru: 'Горячий', en: 'Hot' },
        title: { ru: 'Супы', en: 'Soups' },
        files: ['missing-1234.webp'],
        hidden: false,
        // The rate calendar (issue 23).
        month: hotelToday().slice(0, 7),
        room_ids: [testRooms.family],
        first_night: addDays(hotelToday(), 5),
        last_night: addDays(hotelToday(), 8),
        weekdays: [5, 6],
        min_nights: 2,
        option_groups: [{ name: 'Порция', kind: 'one', options: [{ name: 'Большая', price: 3_50 }] }],
        lead_minutes: 45,
        slot_capacity: 3,
        min_order: 10_00,
        free_delivery_from: 80_00,
        // Extras with the stay (decision 044).
        counts: 'per_guest_night',
        sort_order: 1,
      };
      return values[name];
    },
  };
}

/**
 * The superuser's session, kept while it lasts (a session written for every request was a third of
 * the run's database time); a request that meets a 401 is sent again on a new one.
 */
let sessionCookie: string | undefined;

async function newSession(): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.database.db.insert(sessions).values({ tokenHash: hashToken(token), userId: superuser.id, expiresAt: new Date(Date.now() + 3_600_000) });
  sessionCookie = `${SESSION_COOKIE}=${token}`;
  return sessionCookie;
}

async function send(request: FuzzRequest) {
  const answer = await sendAs(request, sessionCookie ?? (await newSession()));
  // A request with a cookie of its own has no session to renew: its 401 is its answer.
  return answer.statusCode === 401 && !request.headers?.cookie ? sendAs(request, await newSession()) : answer;
}

function sendAs(request: FuzzRequest, cookie: string | undefined) {
  const headers: Record<string, string> = { ...t.headers, ...(cookie ? { cookie } : {}), ...request.headers };
  const payload = request.payload;
  if (payload && 'multipart' in payload) {
    return t.app.inject({ method: request.method as 'POST', url: request.url, headers: { ...headers, 'content-type': payload.contentType }, payload: payload.multipart });
  }
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: payload ? { 'content-type': 'application/json', ...headers } : headers,
    ...(payload === undefined ? {} : { payload: 'raw' in payload ? payload.raw : JSON.stringify(payload.json) }),
  });
}

describe('hostile input on the admin operations, as the superuser (API-55)', () => {
  it('never answers 5xx, every 4xx has a detail, and no price breaks its rule', { timeout: 600_000 }, async () => {
    const document = t.app.swagger() as unknown as OpenApiDocument;
    // The staff's operations on reservations are fed hostile input by test/platform/fuzz.test.ts.
    const requests = fuzzRequests(document, context()).filter((request) => request.operation.includes(' /api/v1/admin/') && !fuzzedWithTheGuest(request.operation));
    expect(new Set(requests.map((r) => r.operation)).size).toBeGreaterThanOrEqual(20);

    const broken: string[] = [];
    const byStatus = new Map<number, number>();
    let sent = 0;
    for (const request of requests) {
      // The documented request anonymously too: the guard answers it with a detail. The hostile
      // ones go signed in only, for the guard stands before the handler whatever the input.
      const answers = [await send(request)];
      if (request.label === `${request.operation} as documented`) answers.push(await sendAs(request, undefined));
      for (const res of answers) {
        sent += 1;
        byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) broken.push(`${res.statusCode} ${request.label}: ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400 && typeof res.json<{ detail?: unknown }>().detail !== 'string') {
          broken.push(`${res.statusCode} without detail: ${request.label}`);
        }
      }
    }
    console.info(`admin fuzz: ${sent} requests; ${[...byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ')}`);
    expect(broken).toEqual([]);

    for (const room of await t.database.db.select().from(rooms)) {
      expect(room.price).toBeGreaterThanOrEqual(0);
      expect(room.extraCapacity > 0 || room.extraPrice === null).toBe(true);
    }
    for (const product of await t.database.db.select().from(products)) expect(product.price).toBeGreaterThan(0);
    // Extras with the stay: at least one came through, none with a price its rule forbids.
    const extras = await t.database.db.select().from(stayExtras);
    expect(extras.length).toBeGreaterThan(0);
    for (const extra of extras) expect(extra.price > 0 && extra.price <= ADMIN_PRICE_MAX).toBe(true);
    // Prices by date and stay rules (issue 23): at least one came through, none breaks its rules.
    const priceRules = await t.database.db.select().from(roomPriceRules);
    expect(priceRules.length).toBeGreaterThan(0);
    for (const rule of priceRules) {
      expect(rule.price).toBeGreaterThan(0);
      expect(rule.price).toBeLessThanOrEqual(100_000_000);
      expect(rule.lastNight >= rule.firstNight).toBe(true);
      expect(rule.firstNight >= hotelToday()).toBe(true);
    }
    for (const rule of await t.database.db.select().from(roomStayRules)) {
      expect(rule.minNights !== null || rule.closedToArrival || rule.closedToDeparture).toBe(true);
      expect(rule.lastNight >= rule.firstNight).toBe(true);
    }
    // Promo codes (issue 23.4): kept in upper case, a percentage within 1..100, dates in order.
    for (const code of await t.database.db.select().from(promoCodes)) {
      expect(code.code).toBe(code.code.toUpperCase());
      if (code.kind === 'percent') expect(code.value).toBeLessThanOrEqual(100);
      expect(code.value).toBeGreaterThan(0);
      if (code.validFrom && code.validTo) expect(code.validTo >= code.validFrom).toBe(true);
      if (code.stayFrom && code.stayTo) expect(code.stayTo >= code.stayFrom).toBe(true);
    }
    for (const category of await t.database.db.select().from(categories)) expect(category.title.ru.trim()).not.toBe('');
    for (const settings of await t.database.db.select().from(restaurantSettings)) expect(settings.covers).toBeGreaterThan(0);
    for (const table of await t.database.db.select().from(tableReservations)) expect(table.party).toBeLessThanOrEqual(12);
  });

  it('calendar feed addresses inside the hotel, in every spelling, are answered without a 5xx and never read', { timeout: 120_000 }, async () => {
    const listener = createServer((_request, response) => response.end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'));
    let connections = 0;
    listener.on('connection', () => void (connections += 1));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = listener.address() as AddressInfo;
      const broken: string[] = [];
      for (const url of [...insideFeedUrls(port), ...hostileStrings.map(([, text]) => `http://${text}/x.ics`)]) {
        const res = await send({ label: url, operation: 'feed', method: 'POST', url: `/api/v1/admin/rooms/${testRooms.single}/calendar/feeds/`, payload: { json: { name: 'Site', url } } });
        if (res.statusCode >= 500 || typeof res.json<{ detail?: unknown }>().detail !== 'string' && res.statusCode >= 400) broken.push(`${res.statusCode} ${url}`);
        if (res.statusCode === 201) {
          expect(res.json(), url).toMatchObject({ error_code: 'unreachable', last_error: 'The calendar could not be read' });
          await send({ label: url, operation: 'feed', method: 'DELETE', url: `/api/v1/admin/calendar-feeds/${res.json<{ id: number }>().id}/` });
        }
      }
      expect(broken).toEqual([]);
      expect(connections).toBe(0);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
