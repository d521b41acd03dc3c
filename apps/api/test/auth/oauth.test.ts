import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema, type OAuthProvider } from '@hotel/domain';
import { oauthAccounts, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { caller, sessionCookie, signedIn, type Caller } from '../support/http';
import { captureMail } from '../support/mail';
import { startGoogle, startYandex } from '../support/oauth-providers';
import { createUser } from '../users';

let t: TestApp;
let call: Caller;
let google: Awaited<ReturnType<typeof startGoogle>>;
let yandex: Awaited<ReturnType<typeof startYandex>>;

beforeAll(async () => {
  google = await startGoogle();
  yandex = await startYandex();
  t = await createTestApp(
    {
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      PUBLIC_URL: 'http://hotel.test',
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: google.issuer,
      ...yandex.env,
    },
    { mailer: captureMail() },
  );
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await yandex?.close();
});

interface Started {
  location: URL;
  stateCookie: string;
}

/** The browser follows GET auth/{provider}/start/ (a plain link: no client token header). */
async function start(app: TestApp, provider: OAuthProvider, headers: Record<string, string> = {}): Promise<Started> {
  const res = await app.app.inject({ method: 'GET', url: `/api/v1/auth/${provider}/start/`, headers });
  expect(res.statusCode, res.body).toBe(302);
  const cookie = res.cookies.find((c) => c.name === 'oauth_state')!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('Lax');
  expect(cookie.path).toBe('/api/v1/');
  return { location: new URL(res.headers.location as string), stateCookie: `oauth_state=${cookie.value}` };
}

/** The provider's authorisation page sends the browser back to the web's /{provider}/callback. */
async function authorize(started: Started): Promise<URL> {
  const res = await fetch(started.location, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The web page /{provider}/callback calls the API with the query it got and the state cookie. */
function callback(provider: OAuthProvider, search: string, cookie?: string) {
  return call('GET', `${provider}/callback/${search}`, undefined, cookie ? { cookie } : {});
}

async function signIn(provider: OAuthProvider) {
  const started = await start(t, provider);
  const back = await authorize(started);
  return callback(provider, back.search, started.stateCookie);
}

const links = (userId: number, provider: OAuthProvider) =>
  t.database.db
    .select()
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider)));

describe('GET auth/providers/', () => {
  it('reports the configured providers', async () => {
    expect((await call('GET', 'auth/providers/')).json()).toEqual({ google: true, yandex: true });
  });
});

describe('Google sign-in (OpenID Connect) (API-10)', () => {
  it('start/ redirects to the authorisation page with code, state and PKCE S256, back to the product’s host', async () => {
    const { location } = await start(t, 'google');
    expect(location.origin).toBe(google.issuer);
    expect(location.pathname).toBe('/authorize');
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('google-client');
    expect(q.get('redirect_uri')).toBe('http://hotel.test/google/callback');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(32);
  });

  it('a new person gets an active account without a password, and a session', async () => {
    google.setClaims({ sub: 'g-new', email: 'Zmitser@Example.com', email_verified: true, given_name: 'Zmitser', family_name: 'Bialou' });
    const res = await signIn('google');
    expect(res.statusCode, res.body).toBe(200);
    const user = userSchema.parse(res.json());
    expect(user).toMatchObject({ email: 'zmitser@example.com', is_active: true, first_name: 'Zmitser', last_name: 'Bialou', role: 'user' });
    expect((await call('GET', 'auth/me/', undefined, signedIn(t, res))).json().id).toBe(user.id);
    expect(await links(user.id, 'google')).toEqual([expect.objectContaining({ subject: 'g-new', email: 'zmitser@example.com' })]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
    // The state cookie is single-use: cleared by the callback.
    expect(res.cookies.find((c) => c.name === 'oauth_state')!.value).toBe('');
  });

  it('a returning person is found by the provider’s subject even if the e-mail changed there', async () => {
    google.setClaims({ sub: 'g-return', email: 'first@example.com', email_verified: true });
    const first = (await signIn('google')).json();
    google.setClaims({ sub: 'g-return', email: 'renamed@example.com', email_verified: true });
    const second = await signIn('google');
    expect(second.json().id).toBe(first.id);
    expect(second.json().email).toBe('first@example.com');
  });

  it('a linked user cannot move to an unconfirmed e-mail: the profile keeps the confirmed one, and so does the next sign-in', async () => {
    google.setClaims({ sub: 'g-moved', email: 'moved-from@example.com', email_verified: true });
    const first = await signIn('google');
    const headers = signedIn(t, first);
    const profile = { username: 'moved', first_name: 'Moved', last_name: 'Person', email: 'moved-to@example.com', phone: '+375291234567', gender: 'male' };
    expect((await call('PUT', 'account/', profile, headers)).statusCode).toBe(422);
    const again = await signIn('google');
    expect(again.json()).toMatchObject({ id: first.json().id, email: 'moved-from@example.com', is_active: true });
  });

  it('an existing account with the same e-mail is signed into and linked; its password still works', async () => {
    const existing = await createUser(t, { email: 'hanna@example.com' });
    google.setClaims({ sub: 'g-hanna', email: 'HANNA@example.com', email_verified: true });
    const res = await signIn('google');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: existing.id, email: 'hanna@example.com' });
    expect(await links(existing.id, 'google')).toHaveLength(1);
    expect((await call('POST', 'auth/login/', { email: existing.email, password: existing.password })).statusCode).toBe(200);
  });

  it('an unconfirmed account with the same e-mail is taken over by the address owner: password and sessions dropped', async () => {
    const signup = await call('POST', 'auth/signup/', { first_name: 'Squatter', email: 'victim@example.com', password: 'Grodno-1799-Stay' });
    expect(signup.statusCode).toBe(201);
    google.setClaims({ sub: 'g-victim', email: 'victim@example.com', email_verified: true });
    const res = await signIn('google');
    expect(res.json()).toMatchObject({ id: signup.json().id, is_active: true });
    expect((await call('GET', 'auth/me/', undefined, signedIn(t, signup))).statusCode).toBe(401);
    expect((await call('POST', 'auth/login/', { email: 'victim@example.com', password: 'Grodno-1799-Stay' })).statusCode).toBe(403);
  });

  it('refuses a callback whose state does not match, and starts no session', async () => {
    google.setClaims({ sub: 'g-state', email: 'state@example.com', email_verified: true });
    const started = await start(t, 'google');
    const back = await authorize(started);
    back.searchParams.set('state', 'forged-state-value');
    const res = await callback('google', back.search, started.stateCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Sign-in with Google failed' });
    expect(sessionCookie(res)).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.email, 'state@example.com'))).toEqual([]);
  });

  it('refuses a callback without the state cookie, with a forged one, or with another provider’s', async () => {
    const started = await start(t, 'google');
    const back = await authorize(started);
    const [payload, mac] = started.stateCookie.split('=')[1]!.split('.');
    const forged = `oauth_state=${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), state: 'x' })).toString('base64url')}.${mac}`;
    for (const cookie of [undefined, forged]) {
      const res = await callback('google', back.search, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Sign-in expired or started in another browser, please try again' });
      expect(sessionCookie(res)).toBeUndefined();
    }
    const yandexCookie = await start(t, 'yandex');
    const crossed = await callback('google', back.search, yandexCookie.stateCookie);
    expect(crossed.statusCode).toBe(400);
  });

  it('a code cannot be used twice', async () => {
    google.setClaims({ sub: 'g-twice', email: 'twice@example.com', email_verified: true });
    const started = await start(t, 'google');
    const back = await authorize(started);
    expect((await callback('google', back.search, started.stateCookie)).statusCode).toBe(200);
    const replay = await callback('google', back.search, started.stateCookie);
    expect(replay.statusCode).toBe(400);
    expect(sessionCookie(replay)).toBeUndefined();
  });

  it('answers 400 when the person cancelled at the provider, or no code came back', async () => {
    const started = await start(t, 'google');
    const cancelled = await callback('google', '?error=access_denied&state=x', started.stateCookie);
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json()).toEqual({ detail: 'Sign-in with Google was cancelled' });
    const missing = await callback('google', '', started.stateCookie);
    expect(missing.json()).toEqual({ detail: 'Missing code' });
  });

  it('refuses an account whose e-mail Google has not verified', async () => {
    google.setClaims({ sub: 'g-unverified', email: 'unverified@example.com', email_verified: false });
    const res = await signIn('google');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Google did not confirm an e-mail address' });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('answers 400 when the token exchange fails', async () => {
    google.setClaims({ sub: 'g-fail', email: 'fail@example.com', email_verified: true });
    const started = await start(t, 'google');
    const back = await authorize(started);
    google.failNextToken();
    const res = await callback('google', back.search, started.stateCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Sign-in with Google failed' });
  });

  it('the callback, like every API call, needs the client token; start/ does not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/google/callback/?code=x&state=y' });
    expect(res.statusCode).toBe(403);
  });
});

describe('Yandex sign-in (OAuth 2.0 + login.yandex.ru/info) (API-10)', () => {
  it('start/ redirects to Yandex with code, state and PKCE S256, back to the product’s host', async () => {
    const { location } = await start(t, 'yandex');
    expect(`${location.origin}${location.pathname}`).toBe(yandex.env.YANDEX_AUTHORIZE_URL);
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('yandex-client');
    expect(q.get('redirect_uri')).toBe('http://hotel.test/yandex/callback');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')).toBeTruthy();
  });

  it('a new person gets an active account from the Yandex profile', async () => {
    yandex.setInfo({ id: '555', login: 'kastus', default_email: 'kastus@yandex.by', first_name: 'Kastus', last_name: 'Kalinouski' });
    const res = await signIn('yandex');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'kastus@yandex.by', is_active: true, first_name: 'Kastus', last_name: 'Kalinouski' });
    expect(await links(res.json().id, 'yandex')).toEqual([expect.objectContaining({ subject: '555' })]);
    expect(yandex.seen.infoAuthorization.at(-1)).toMatch(/^OAuth [\w-]+$/);
    expect((await call('GET', 'auth/me/', undefined, signedIn(t, res))).statusCode).toBe(200);
  });

  it('an existing e-mail is signed into and linked', async () => {
    const existing = await createUser(t, { email: 'yanka@example.com' });
    yandex.setInfo({ id: '777', default_email: 'yanka@example.com' });
    const res = await signIn('yandex');
    expect(res.json().id).toBe(existing.id);
    expect(await links(existing.id, 'yandex')).toHaveLength(1);
  });

  it('refuses a mismatched state', async () => {
    yandex.setInfo({ id: '888', default_email: 'bad-state@example.com' });
    const started = await start(t, 'yandex');
    const back = await authorize(started);
    back.searchParams.set('state', 'not-the-one');
    const res = await callback('yandex', back.search, started.stateCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Sign-in with Yandex failed' });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('answers 400 when the profile cannot be read or has no e-mail', async () => {
    yandex.setInfo({ id: '999', default_email: 'info-fails@example.com' });
    const started = await start(t, 'yandex');
    const back = await authorize(started);
    yandex.failNextInfo();
    const failed = await callback('yandex', back.search, started.stateCookie);
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toEqual({ detail: 'Sign-in with Yandex failed' });

    yandex.setInfo({ id: '1001' });
    const noEmail = await signIn('yandex');
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ detail: 'Yandex did not share an e-mail address' });
  });
});

describe('redirect URI without PUBLIC_URL', () => {
  it('is the request’s own origin plus /{provider}/callback', async () => {
    const local = await createTestApp({ ...yandex.env });
    try {
      const { location } = await start(local, 'yandex', { host: 'localhost:3000' });
      expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/yandex/callback');
      expect((await caller(local)('GET', 'auth/providers/')).json()).toEqual({ google: false, yandex: true });
    } finally {
      await local.close();
    }
  });
});
