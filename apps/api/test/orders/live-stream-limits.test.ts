/**
 * Live order streams are bounded per session, per user over all their sessions, per client
 * address and on the instance in all (issue 21, point 4): one user held 500 streams through 63
 * sessions. A refusal is a 429 with Retry-After, which the page's reconnection waits for.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_RECONNECT_SECONDS, LIVE_STREAMS_PER_SESSION, LIVE_STREAMS_PER_USER } from '@hotel/domain';
import { sessions } from '../../src/db/schema';
import { hashToken, SESSION_COOKIE } from '../../src/modules/auth/session';
import { createTestApp, type TestApp } from '../app';
import { openSse, type SseStream } from '../support/sse';
import { createUser } from '../users';

let t: TestApp;
let base: string;
const streams: SseStream[] = [];

beforeAll(async () => {
  // Behind one proxy, so that each test client can name its own address.
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', TRUST_PROXY: '1', LIVE_STREAMS_PER_ADDRESS: '20', LIVE_STREAMS_MAX: '30' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  // The refused answers' connections are kept alive by the client; they hold no stream.
  t?.app.server.closeAllConnections();
  await t?.close();
});

/** A new signed-in session of the user: its cookie. */
async function newSession(userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.database.db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + 3_600_000) });
  return `${SESSION_COOKIE}=${token}`;
}

async function open(cookie: string, address: string): Promise<SseStream> {
  const stream = await openSse(`${base}/orders/events/`, { cookie, 'x-forwarded-for': address });
  streams.push(stream);
  return stream;
}

async function expectRefused(cookie: string, address: string, detail: RegExp) {
  const refused = await open(cookie, address);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe(String(LIVE_RECONNECT_SECONDS));
  // The same request again, to read why (refused, it opens nothing).
  const again = await t.app.inject({ method: 'GET', url: '/api/v1/orders/events/', headers: { cookie, 'x-forwarded-for': address, 'sec-fetch-site': 'same-origin' } });
  expect(again.statusCode).toBe(429);
  expect(again.json<{ detail: string }>().detail).toMatch(detail);
}

describe('live stream limits (issue 21, point 4)', () => {
  it('counts per session, per user over their sessions, per client address and on the instance', async () => {
    const one = await createUser(t);
    const a = '198.51.100.1';
    // One session holds 8; a second session of the same user 8 more; a third gets none.
    for (let session = 0; session < 2; session += 1) {
      const cookie = await newSession(one.id);
      for (let i = 0; i < LIVE_STREAMS_PER_SESSION; i += 1) expect((await open(cookie, a)).status).toBe(200);
      if (session === 0) await expectRefused(cookie, a, /live pages at once/);
    }
    expect(LIVE_STREAMS_PER_USER).toBe(2 * LIVE_STREAMS_PER_SESSION);
    await expectRefused(await newSession(one.id), a, /of one account/);

    // Another user from the same address: 4 more fill the address's 20.
    const two = await createUser(t);
    const cookie = await newSession(two.id);
    for (let i = 0; i < 4; i += 1) expect((await open(cookie, a)).status).toBe(200);
    await expectRefused(cookie, a, /from your network/);
    // From elsewhere the same user is welcome, until the instance holds 30.
    const laptop = await newSession(two.id);
    for (let i = 0; i < 6; i += 1) expect((await open(laptop, '198.51.100.2')).status).toBe(200);
    const three = await createUser(t);
    const other = await newSession(three.id);
    for (let i = 0; i < 4; i += 1) expect((await open(other, '198.51.100.3')).status).toBe(200);
    await expectRefused(other, '198.51.100.4', /as many live pages/);

    // One closed, one opens again.
    streams.find((stream) => stream.status === 200)!.close();
    await expect
      .poll(async () => {
        const again = await open(other, '198.51.100.4');
        return again.status;
      })
      .toBe(200);
  });
});
