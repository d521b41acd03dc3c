/**
 * Cookies and caches of a signed-in visitor (issue 21, point 5): the session cookie is Secure when
 * the site's PUBLIC_URL is https, whatever the proxy in front says about the request; what a
 * signed-in user is answered carries Cache-Control: no-store and Vary: Cookie.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let https: TestApp;
let plain: TestApp;
let call: Caller;
let user: TestUser;

beforeAll(async () => {
  https = await createTestApp({ PUBLIC_URL: 'https://house1799.example', AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  plain = await createTestApp({ PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  call = caller(https);
  user = await createUser(https);
});
afterAll(async () => {
  await https?.close();
  await plain?.close();
});

const cookiesOf = (header: string | string[] | undefined) => (Array.isArray(header) ? header : header ? [header] : []);

describe('session cookie and caches (issue 21, point 5)', () => {
  it('sets Secure on both session cookies when PUBLIC_URL is https, though the request came over plain http from the proxy', async () => {
    const res = await call('POST', 'auth/login/', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    const cookies = cookiesOf(res.headers['set-cookie']);
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of cookies) expect(cookie, cookie).toMatch(/;\s*Secure/i);

    const local = await createUser(plain);
    const answer = await caller(plain)('POST', 'auth/login/', { email: local.email, password: local.password });
    for (const cookie of cookiesOf(answer.headers['set-cookie'])) expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('answers a signed-in user with no-store and Vary: Cookie; public answers to visitors stay cacheable', async () => {
    for (const path of ['auth/me/', 'account/', 'hotel/reservations/']) {
      const res = await call('GET', path, undefined, user.headers);
      expect(res.statusCode, path).toBeLessThan(400);
      expect(res.headers['cache-control'], path).toBe('no-store');
      expect(String(res.headers.vary), path).toMatch(/\bcookie\b/i);
    }
    // The sign-in answer itself carries the new session.
    const signIn = await call('POST', 'auth/login/', { email: user.email, password: user.password });
    expect(signIn.headers['cache-control']).toBe('no-store');

    const anonymous = await call('GET', 'hotel/rooms/');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control'] ?? '').not.toMatch(/no-store/);
  });
});
