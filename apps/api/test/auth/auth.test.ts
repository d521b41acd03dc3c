import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '@hotel/domain';
import { sessions, users } from '../../src/db/schema';
import { checkServerEnv, loadEnv } from '../../src/env';
import { hashSecret, verifySecret } from '../../src/modules/auth/passwords';
import { repoRoot } from '../../src/paths';
import { createTestApp, type TestApp } from '../app';
import { caller, sessionCookie, signedIn, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser } from '../users';

let t: TestApp;
let mail: CapturedMail;
let call: Caller;
beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { mailer: mail });
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const newEmail = () => `guest${++n}-${Date.now()}@example.com`;
const STRONG = 'Grodno-1799-Stay';

describe('GET auth/email/ (API-03, ERR-02)', () => {
  it('answers ok for a registered e-mail, whatever its case', async () => {
    const user = await createUser(t);
    const res = await call('GET', `auth/email/?email=${encodeURIComponent(user.email.toUpperCase())}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers 404 "User not found" for an unknown e-mail', async () => {
    const res = await call('GET', 'auth/email/?email=nobody@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'User not found' });
  });

  it('answers 422 "Invalid email" for a malformed e-mail (ERR-03)', async () => {
    const res = await call('GET', 'auth/email/?email=not-an-email');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('querystring.email: Invalid email');
  });

  it('answers 422 without the e-mail', async () => {
    expect((await call('GET', 'auth/email/')).statusCode).toBe(422);
  });
});

describe('POST auth/login/ (API-05, ERR-02, ERR-05)', () => {
  it('signs in: ok, the user, and an httpOnly SameSite=Lax session cookie', async () => {
    const user = await createUser(t, { firstName: 'Alesia' });
    const res = await call('POST', 'auth/login/', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(userSchema.strict().parse(body.user)).toMatchObject({ id: user.id, email: user.email, first_name: 'Alesia' });
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const me = await call('GET', 'auth/me/', undefined, signedIn(t, res));
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('starts a fresh session at every sign-in: the cookie sent along stops working', async () => {
    const user = await createUser(t);
    const res = await call('POST', 'auth/login/', { email: user.email, password: user.password }, user.headers);
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).not.toBe(user.headers.cookie);
    expect((await call('GET', 'auth/me/', undefined, user.headers)).statusCode).toBe(401);
    expect((await call('GET', 'auth/me/', undefined, signedIn(t, res))).statusCode).toBe(200);
  });

  it('answers 404 "User not found" for an unknown e-mail and sets no cookie', async () => {
    const res = await call('POST', 'auth/login/', { email: 'ghost@example.com', password: 'whatever-123' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'User not found' });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('answers 403 "Invalid password" for a wrong password and sets no cookie', async () => {
    const user = await createUser(t);
    const res = await call('POST', 'auth/login/', { email: user.email, password: 'Wrong-password-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Invalid password' });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('answers 422 for an empty password (API-55); any existing password may sign in', async () => {
    const res = await call('POST', 'auth/login/', { email: 'a@example.com', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('body.password: Required');
  });

  it('answers 422 for unknown fields', async () => {
    const res = await call('POST', 'auth/login/', { email: 'a@example.com', password: 'long-enough', admin: true });
    expect(res.statusCode).toBe(422);
  });
});

describe('POST auth/signup/ (API-06, API-55, ERR-04)', () => {
  it('creates an inactive user, signs them in and mails the activation code in their language', async () => {
    const email = newEmail();
    const res = await call('POST', 'auth/signup/', { first_name: 'Jan', email, password: STRONG, language: 'en' });
    expect(res.statusCode).toBe(201);
    const user = userSchema.strict().parse(res.json());
    expect(user).toMatchObject({ email, first_name: 'Jan', is_active: false, role: 'user', language: 'en' });

    const me = await call('GET', 'auth/me/', undefined, signedIn(t, res));
    expect(me.json()).toEqual(user);

    const [letter] = mail.to(email);
    expect(letter!.subject).toBe('Your confirmation code — House 1799');
    expect(letter!.text).toContain('Hello, Jan!');
    expect(mail.lastCode(email)).toMatch(/^\d{6}$/);
  });

  it('writes the letter in Russian when no language is given', async () => {
    const email = newEmail();
    const res = await call('POST', 'auth/signup/', { first_name: 'Янка', email, password: STRONG });
    expect(res.statusCode).toBe(201);
    expect(res.json().language).toBe('ru');
    expect(mail.to(email)[0]!.subject).toBe('Код подтверждения почты — Дом 1799');
    expect(mail.to(email)[0]!.text).toContain('Здравствуйте, Янка!');
  });

  it('stores only an argon2id hash of the password', async () => {
    const email = newEmail();
    await call('POST', 'auth/signup/', { first_name: 'Ola', email, password: STRONG });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(STRONG);
    expect(await verifySecret(row!.passwordHash!, STRONG)).toBe(true);
  });

  it("hashes with OWASP's argon2id baseline unless a test run on loopback asks for less", async () => {
    expect(loadEnv({}).PASSWORD_HASHING).toBe('standard');
    expect(await hashSecret(STRONG, 'standard')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const testRun = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', PASSWORD_HASHING: 'fast-for-tests' };
    const onLoopback = { ...testRun, HOST: '127.0.0.1' };
    expect(() => checkServerEnv(loadEnv({ ...onLoopback, PUBLIC_URL: 'http://127.0.0.1:3000' }))).not.toThrow();
    expect(() => checkServerEnv(loadEnv({ ...onLoopback, HOST: '::1', PUBLIC_URL: 'http://[::1]:3000' }))).not.toThrow();
    expect(() => checkServerEnv(loadEnv({ ...onLoopback, PUBLIC_URL: 'https://house1799.by' }))).toThrow(/PASSWORD_HASHING: fast-for-tests is for test runs on loopback only/);
    expect(() => checkServerEnv(loadEnv({ ...onLoopback, NODE_ENV: 'development' }))).toThrow(/PASSWORD_HASHING/);
  });

  it('npm start refuses fast-for-tests hashing when the server listens on every interface, though PUBLIC_URL is empty (issue 42, point 13)', async () => {
    // What npm start (scripts/start.mjs) hands the server: PUBLIC_URL filled in as http://localhost:PORT.
    const { tryOutEnv } = (await import(pathToFileURL(path.join(repoRoot, 'scripts/server-flags.mjs')).href)) as {
      tryOutEnv(env: Record<string, string>): { env: Record<string, string> };
    };
    const started = (env: Record<string, string>) => checkServerEnv(loadEnv(tryOutEnv({ PAYMENT_PROVIDER: 'sandbox', PASSWORD_HASHING: 'fast-for-tests', PUBLIC_URL: '', ...env }).env));
    expect(() => started({})).toThrow(/PASSWORD_HASHING: fast-for-tests is for test runs on loopback only; HOST must be 127\.0\.0\.1, localhost or ::1 \(it is 0\.0\.0\.0\)/);
    expect(() => started({ HOST: '192.168.1.20' })).toThrow(/\(it is 192\.168\.1\.20\)/);
    expect(() => started({ HOST: '::' })).toThrow(/PASSWORD_HASHING/);
    expect(() => started({ HOST: '127.0.0.1' })).not.toThrow();
    expect(() => started({ HOST: 'localhost' })).not.toThrow();
  });

  it('answers 409 "Email already exists" for a registered e-mail in any case', async () => {
    const user = await createUser(t);
    const res = await call('POST', 'auth/signup/', { first_name: 'Jan', email: user.email.toUpperCase(), password: STRONG });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Email already exists' });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('repeats the password rule on the server: 12 characters, lower, upper and digit', async () => {
    const short = await call('POST', 'auth/signup/', { first_name: 'Jan', email: newEmail(), password: 'Short-1a' });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail).toBe('body.password: Password must be at least 12 characters');
    const weak = await call('POST', 'auth/signup/', { first_name: 'Jan', email: newEmail(), password: 'alllowercase-and-long' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail).toBe('body.password: Password must contain a lower-case letter, an upper-case letter and a digit');
  });

  it('answers 422 for a one-letter name and a malformed e-mail', async () => {
    const name = await call('POST', 'auth/signup/', { first_name: 'J', email: newEmail(), password: STRONG });
    expect(name.statusCode).toBe(422);
    expect(name.json().detail).toBe('body.first_name: Name must be at least 2 characters');
    const email = await call('POST', 'auth/signup/', { first_name: 'Jan', email: 'nope', password: STRONG });
    expect(email.statusCode).toBe(422);
  });

  it('keeps the account when the activation letter cannot be sent', async () => {
    const email = newEmail();
    mail.failNext();
    const res = await call('POST', 'auth/signup/', { first_name: 'Jan', email, password: STRONG });
    expect(res.statusCode).toBe(201);
    // No code stands in the way of an immediate resend.
    const resend = await call('POST', 'auth/activate/resend/', { email });
    expect(resend.statusCode).toBe(200);
    expect(mail.lastCode(email)).toMatch(/^\d{6}$/);
  });
});

describe('GET auth/me/ and POST auth/logout/ (API-09, API-11)', () => {
  it('answers 401 "Authentication required" without a session', async () => {
    const res = await call('GET', 'auth/me/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication required' });
  });

  it('answers 401 for a made-up session cookie', async () => {
    const res = await call('GET', 'auth/me/', undefined, { cookie: 'sid=made-up-token' });
    expect(res.statusCode).toBe(401);
  });

  it('answers the user with exactly the fields of the contract', async () => {
    const user = await createUser(t, { role: 'admin' });
    const res = await call('GET', 'auth/me/', undefined, user.headers);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(userSchema.shape).sort());
    expect(res.json()).toMatchObject({ id: user.id, role: 'admin', is_active: true, gender: null, birthday: null });
  });

  it('logout deletes the session and clears the cookie; the old cookie then gets 401', async () => {
    const user = await createUser(t);
    const res = await call('POST', 'auth/logout/', undefined, user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await call('GET', 'auth/me/', undefined, user.headers)).statusCode).toBe(401);
    expect((await call('GET', 'account/', undefined, user.headers)).statusCode).toBe(401);
  });

  it('logout with a JSON body or with no session answers ok', async () => {
    expect((await call('POST', 'auth/logout/', {})).json()).toEqual({ ok: true });
    expect((await call('POST', 'auth/logout/')).statusCode).toBe(200);
  });

  it('an expired session is not a session', async () => {
    const user = await createUser(t);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await call('GET', 'auth/me/', undefined, user.headers)).statusCode).toBe(401);
  });

  it('stores only the SHA-256 hash of the session token', async () => {
    const user = await createUser(t);
    const res = await call('POST', 'auth/login/', { email: user.email, password: user.password });
    const token = res.cookies.find((c) => c.name === 'sid')!.value;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(rows.some((r) => r.tokenHash.includes(token))).toBe(false);
  });
});

describe('GET auth/providers/', () => {
  it('reports no social sign-in when no keys are configured, and start/ answers 404', async () => {
    expect((await call('GET', 'auth/providers/')).json()).toEqual({ google: false, yandex: false });
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/auth/google/start/' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual({ detail: 'Sign-in with google is not configured' });
  });
});

describe('rate limits of the auth routes', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }, { mailer: captureMail() });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 once a client exceeds AUTH_RATE_LIMIT_PER_MINUTE on a credential route', async () => {
    const limitedCall = caller(limited);
    const body = { email: 'ghost@example.com', password: 'Some-password-1' };
    for (let i = 0; i < 3; i += 1) expect((await limitedCall('POST', 'auth/login/', body)).statusCode).toBe(404);
    const res = await limitedCall('POST', 'auth/login/', body);
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(/^Too many requests, retry in \d+ s$/);
    for (let i = 0; i < 4; i += 1) await limitedCall('GET', 'auth/email/?email=ghost@example.com');
    expect((await limitedCall('GET', 'auth/email/?email=ghost@example.com')).statusCode).toBe(429);
    for (let i = 0; i < 4; i += 1) await limitedCall('POST', 'auth/signup/', { first_name: 'Jan', email: 'x@example.com', password: 'x' });
    expect((await limitedCall('POST', 'auth/signup/', { first_name: 'Jan', email: 'x@example.com', password: 'x' })).statusCode).toBe(429);
    for (let i = 0; i < 4; i += 1) await limitedCall('POST', 'account/password/reset/', { email: 'ghost@example.com' });
    expect((await limitedCall('POST', 'account/password/reset/', { email: 'ghost@example.com' })).statusCode).toBe(429);
  });

  it('leaves reading the session to the global limit', async () => {
    const limitedCall = caller(limited);
    for (let i = 0; i < 6; i += 1) expect((await limitedCall('GET', 'auth/me/')).statusCode).toBe(401);
  });
});
