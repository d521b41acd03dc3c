/**
 * Every operation of the OpenAPI document, fed hostile input (test/support/fuzz.ts): no answer may
 * be a 5xx, and every 4xx is JSON with a `detail` (API-55). Runs on PGlite with `npm test` and on
 * PostgreSQL with `npm run test:pg`. The counts by status are printed at the end.
 *
 * A second part speaks raw HTTP to a listening server, for what never reaches a route: headers over
 * Node's limit, a broken request line, a bad percent-encoding, an over-long path segment.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERS_PER_MINUTE } from '@hotel/domain';
import { sessions } from '../../src/db/schema';
import { hashToken, SESSION_COOKIE } from '../../src/modules/auth/session';
import { createTestApp, type TestApp } from '../app';
import { captureMail, day, insertGuest, insertReservation, insertRooms, type TestRooms } from '../hotel-fixtures';
import { fuzzedWithTheGuest, fuzzRequests, type FuzzContext, type FuzzRequest, type OpenApiDocument } from '../support/fuzz';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let rooms: TestRooms;
let user: TestUser;
/** Admin routes are fuzzed as the superuser, so the requests reach their handlers. */
let superuser: TestUser;
let ids: { guest: number; address: number; reservation: number };
let signups = 0;

beforeAll(async () => {
  // The limits per minute would turn most of the run into 429s and hide what is behind them.
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', AUTH_RATE_LIMIT_PER_MINUTE: '1000000', SEARCH_RATE_LIMIT_PER_MINUTE: '1000000' });
  captureMail(t);
  rooms = await insertRooms(t);
  user = await createUser(t, { password: 'Fuzz-Password-1234' });
  superuser = await createUser(t, { role: 'superuser' });
  const guest = await insertGuest(t, user.id);
  const address = await t.app.inject({
    method: 'POST',
    url: '/api/v1/account/addresses/',
    headers: user.headers,
    payload: { label: 'Home', address: 'Zamkovaya 7' },
  });
  const reservation = await insertReservation(t, { userId: user.id, roomId: rooms.family, arrival: day(40), departure: day(42) });
  ids = { guest, address: address.json<{ id: number }>().id, reservation };
});
afterAll(async () => {
  await t?.close();
});

function context(): FuzzContext {
  return {
    pathValues: {
      get id() {
        return String(ids.guest);
      },
      get address_id() {
        return String(ids.address);
      },
      file: 'missing-1234.webp',
    },
    fieldValue(name, _schema, operation) {
      const values: Record<string, unknown> = {
        email: operation.includes('/signup/') ? `fuzz-signup-${++signups}@example.com` : user.email,
        password: user.password,
        old_password: user.password,
        new_password: 'Fuzz-Password-5678',
        new_password1: 'Fuzz-Password-5678',
        code: '123456',
        reset_token: 'A'.repeat(43),
        arrival: operation.includes('/move/') ? day(60) : day(10),
        departure: operation.includes('/move/') ? day(62) : day(12),
        room_id: rooms.double,
        // Room service's destination names the user's own reservation (not in progress: a 422).
        reservation_id: ids.reservation,
        guest_count: 1,
        first_name: 'Anna',
        last_name: 'Kovaleva',
        username: 'anna',
        phone: '+375291234567',
        birthday: '1990-01-01',
        language: 'ru',
        w: 320,
      };
      // A table at the restaurant: a bookable day and time, so that hostile input in one field
      // meets valid ones in the others.
      const tables: Record<string, unknown> = { date: day(10), time: '19:30', party: 2, name: 'Anna', email: user.email, step: 'confirm', covers: 40, auto_confirm: false, source: 'phone' };
      if (operation.includes('restaurant') && name in tables) return tables[name];
      // The promo check (issue 23.4): a code, what it is for and an amount beside the hostile field.
      const promo: Record<string, unknown> = { code: 'NO-SUCH-CODE', scope: 'rooms', amount: 500_00 };
      if (operation.includes('/promo/') && name in promo) return promo[name];
      return values[name];
    },
  };
}

/**
 * Each caller's session, kept while it lasts: a session written for every request was a third of
 * the run's database time. A fuzzed logout or password change may end it; the next request then
 * meets a 401 and is sent again on a new one, so every request is still tried signed in.
 */
const sessionCookies = new Map<number, string>();

async function sessionOf(userId: number, fresh = false): Promise<string> {
  const kept = sessionCookies.get(userId);
  if (kept && !fresh) return kept;
  const token = randomBytes(32).toString('base64url');
  await t.database.db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + 3_600_000) });
  const cookie = `${SESSION_COOKIE}=${token}`;
  sessionCookies.set(userId, cookie);
  return cookie;
}

function bodyOf(payload: FuzzRequest['payload']): { body?: string | Buffer; contentType?: string } {
  if (payload === undefined) return {};
  if ('multipart' in payload) return { body: payload.multipart, contentType: payload.contentType };
  return { body: 'raw' in payload ? payload.raw : JSON.stringify(payload.json), contentType: 'application/json' };
}

/**
 * Guests who place the fuzzed orders, each for fewer than ORDERS_PER_MINUTE of them: the limit is
 * the spec's, per guest, and checked before the body is read, so one guest's later orders met
 * only the 429 and their hostile bodies never reached the validation.
 */
const orderers: TestUser[] = [];
let ordersSent = 0;

async function callerOf(request: FuzzRequest): Promise<TestUser> {
  if (request.operation.includes('/admin/')) return superuser;
  if (request.operation !== 'POST /api/v1/orders/') return user;
  const turn = Math.floor(ordersSent++ / (ORDERS_PER_MINUTE - 1));
  while (orderers.length <= turn) orderers.push(await createUser(t));
  return orderers[turn]!;
}

async function send(request: FuzzRequest, signedIn: boolean) {
  const caller = await callerOf(request);
  const answer = await sendAs(request, signedIn ? await sessionOf(caller.id) : undefined);
  // A request with a cookie of its own has no session to renew: its 401 is its answer.
  if (!signedIn || answer.statusCode !== 401 || request.headers?.cookie) return answer;
  return sendAs(request, await sessionOf(caller.id, true));
}

function sendAs(request: FuzzRequest, cookie: string | undefined) {
  const headers: Record<string, string> = { ...t.headers, ...(cookie ? { cookie } : {}) };
  Object.assign(headers, request.headers);
  const { body, contentType } = bodyOf(request.payload);
  // Reservation paths name reservations, guest paths guests: the same parameter name, other rows.
  // A housekeeping path names a room: a real one, so its state changes meet the handler's rules.
  const url = request.url
    .replace(/(reservations\/(?:cancel\/)?|move\/)\d+\//, `$1${ids.reservation}/`)
    .replace(/(housekeeping\/rooms\/)\d+\//, `$1${rooms.double}/`);
  return t.app.inject({
    method: request.method as 'GET',
    url,
    headers: contentType ? { 'content-type': contentType, ...headers } : headers,
    ...(body === undefined ? {} : { payload: body }),
  });
}

/** Issue 45's routes, each of which must be in the document the requests are made from. */
const FRONT_DESK_OPERATIONS = [
  'GET /api/v1/admin/desk/',
  'POST /api/v1/admin/reservations/{id}/check-in/',
  'POST /api/v1/admin/reservations/{id}/check-out/',
  'GET /api/v1/admin/housekeeping/',
  'PUT /api/v1/admin/housekeeping/rooms/{id}/',
  'GET /api/v1/admin/guests/cards/',
  'POST /api/v1/admin/reservations/quote/',
  'POST /api/v1/admin/reservations/',
  'POST /api/v1/admin/reservations/{id}/shorten/',
  'POST /api/v1/admin/reservations/{id}/extend/',
  'POST /api/v1/admin/reservations/{id}/room/',
  'GET /api/v1/admin/reservations/{id}/folio/',
  'POST /api/v1/admin/reservations/{id}/folio/lines/',
  'POST /api/v1/admin/reservations/{id}/folio/lines/{line_id}/correct/',
  'POST /api/v1/admin/reservations/{id}/folio/payments/',
  'GET /api/v1/admin/reservations/{id}/folio/document/',
  'POST /api/v1/admin/reservations/{id}/folio/invoice/',
  'GET /api/v1/admin/reservations/{id}/registration-card/',
  'GET /api/v1/admin/folio/settings/',
  'PUT /api/v1/admin/folio/settings/',
  'GET /api/v1/hotel/reservations/{id}/folio/',
  'GET /api/v1/hotel/reservations/{id}/check-in/',
  'PUT /api/v1/hotel/reservations/{id}/check-in/',
];

describe('hostile input on every operation of the API document (API-55)', () => {
  it('never answers 5xx, and every 4xx carries a detail', { timeout: 600_000 }, async () => {
    const document = t.app.swagger() as unknown as OpenApiDocument;
    const generated = fuzzRequests(document, context());
    // The front desk's routes (issue 45: the desk, the bill, housekeeping, bookings by staff) are all
    // fed hostile input: here, or in test/admin/admin-fuzz.test.ts (fuzzedWithTheGuest says which).
    const documented = new Set(generated.map((r) => r.operation));
    expect(FRONT_DESK_OPERATIONS.filter((operation) => !documented.has(operation))).toEqual([]);
    const requests = generated.filter((r) => !r.operation.includes(' /api/v1/admin/') || fuzzedWithTheGuest(r.operation));
    const operations = new Set(requests.map((r) => r.operation));
    // The generator reads the document: as the API grows, so does the run.
    expect(operations.size).toBeGreaterThanOrEqual(40);

    const byStatus = new Map<number, number>();
    const broken: string[] = [];
    /**
     * Operations whose documented request, sent anonymously, met the sign-in guard. Their other
     * requests go signed in only: anonymously, a guard in onRequest (a route's permission) answers
     * 401 before the body is read, and a guard in preHandler after the same parsing, input rules and
     * schema that the signed-in request went through (none of them asks who calls), so each
     * anonymous copy repeated one of the two. Where no guard stands (sign-up, sign-in, the public
     * pages), anonymous callers reach the handler and get their share of the requests as before.
     */
    const guarded = new Set<string>();
    for (const [index, request] of requests.entries()) {
      // Every request once signed in (to reach the handlers); anonymously too the documented one,
      // and where no guard stands the whole-body ones and every seventh.
      const asDocumented = request.label === `${request.operation} as documented`;
      // A request with a cookie of its own replaces the session with it: signed in or not, it is one request.
      const anonymously = !request.headers?.cookie && (asDocumented || (!guarded.has(request.operation) && (request.label.includes(' body = ') || index % 7 === 0)));
      for (const signedIn of anonymously ? [true, false] : [true]) {
        const res = await send(request, signedIn);
        if (asDocumented && !signedIn && res.statusCode === 401 && res.body.includes('"Authentication required"')) guarded.add(request.operation);
        byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
        const who = signedIn ? 'signed in' : 'anonymous';
        if (res.statusCode >= 500) {
          broken.push(`${res.statusCode} ${request.label} (${who}): ${res.body.slice(0, 200)}`);
        } else if (res.statusCode >= 400) {
          let detail: unknown;
          try {
            detail = res.json<{ detail?: unknown }>().detail;
          } catch {
            detail = undefined;
          }
          if (typeof detail !== 'string' || detail.length === 0) {
            broken.push(`${res.statusCode} without detail: ${request.label} (${who}): ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    const total = [...byStatus.values()].reduce((a, b) => a + b, 0);
    const counts = [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.info(`fuzz: ${total} requests on ${operations.size} operations (${t.database.driver}); ${counts.join(', ')}`);
    expect(broken).toEqual([]);
  });
});

/** Writes raw bytes to the server and reads the whole answer (the server closes after an error). */
function rawRequest(port: number, text: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset the socket right after answering a request it refused.
      if (error.code !== 'ECONNRESET' || chunks.length === 0) reject(error);
    });
    socket.on('close', () => {
      const response = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = response.split('\r\n\r\n', 2);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body });
    });
    socket.write(text);
  });
}

describe('errors from below the routes answer {detail} too', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  const token = () => `x-client-token: ${t.headers['x-client-token']}\r\n`;

  it('headers over the size limit: 431', async () => {
    const res = await rawRequest(port, `GET /api/v1/health/ HTTP/1.1\r\nHost: x\r\n${token()}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Request headers are too large' });
  });

  it('a request line that is not HTTP: 400', async () => {
    const res = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Malformed request' });
  });

  it('a bad percent-encoding in the path: 400', async () => {
    const res = await rawRequest(port, `GET /api/v1/account/guests/%ZZ/ HTTP/1.1\r\nHost: x\r\n${token()}Connection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Malformed URL' });
  });

  it('a path segment over the length limit: 414, without the path in the answer', async () => {
    const segment = `${'7'.repeat(120)}zz`;
    const res = await rawRequest(port, `GET /api/v1/account/guests/${segment}/ HTTP/1.1\r\nHost: x\r\n${token()}Connection: close\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toEqual({ detail: 'A path segment is too long' });
    expect(res.body).not.toContain('zz');
  });
});
