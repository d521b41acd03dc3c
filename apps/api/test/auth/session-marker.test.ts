import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { createUser } from '../users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await t?.close();
});

describe('the readable signed-in marker', () => {
  it('comes with the session at sign-in, holds no secret, and goes at logout (API-05, API-11)', async () => {
    const user = await createUser(t, { password: 'Correct-Horse-42' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: t.headers,
      payload: { email: user.email, password: 'Correct-Horse-42' },
    });
    expect(login.statusCode).toBe(200);
    const sid = login.cookies.find((c) => c.name === 'sid')!;
    const marker = login.cookies.find((c) => c.name === 'signed_in')!;
    expect(sid.httpOnly).toBe(true);
    expect(marker).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(marker.httpOnly).toBeFalsy();

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      headers: { ...t.headers, cookie: `sid=${sid.value}; signed_in=1` },
    });
    expect(logout.statusCode).toBe(200);
    const cleared = logout.cookies.find((c) => c.name === 'signed_in')!;
    expect(cleared.value).toBe('');
  });
});
