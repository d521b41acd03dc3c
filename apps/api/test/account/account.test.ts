import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema, EMAIL_CHANGE_DETAIL, RESET_TOKEN_TTL_MINUTES, userSchema } from '@hotel/domain';
import { sessions, staffRoles, users, verificationCodes } from '../../src/db/schema';
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

const profile = (email: string) => ({
  username: 'alesia',
  first_name: 'Alesia',
  last_name: 'Kavaliova',
  email,
  phone: '+375291234567',
  extra_phone: null,
  gender: 'female',
  birthday: '1990-04-12',
});

describe('GET account/ (API-13, API-14)', () => {
  it('answers the profile with delivery addresses and payment methods for checkout', async () => {
    const user = await createUser(t, { firstName: 'Ales' });
    await call('POST', 'account/addresses/', { label: 'Home', address: 'Savetskaya 1' }, user.headers);
    const res = await call('GET', 'account/', undefined, user.headers);
    expect(res.statusCode).toBe(200);
    const account = accountSchema.parse(res.json());
    expect(account).toMatchObject({ id: user.id, email: user.email, first_name: 'Ales', payment_methods: [] });
    expect(account.delivery_addresses).toEqual([expect.objectContaining({ label: 'Home', is_primary: true })]);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await call('GET', 'account/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication required' });
  });
});

describe('PUT account/ (API-13, API-55, ERR-04)', () => {
  it('updates the profile and keeps it', async () => {
    const user = await createUser(t);
    const res = await call('PUT', 'account/', { ...profile(user.email), gender: 'not_given', extra_phone: '+375297654321' }, user.headers);
    expect(res.statusCode).toBe(200);
    const updated = userSchema.parse(res.json());
    expect(updated).toMatchObject({
      username: 'alesia',
      first_name: 'Alesia',
      last_name: 'Kavaliova',
      phone: '+375291234567',
      extra_phone: '+375297654321',
      gender: null,
      birthday: '1990-04-12',
      is_active: true,
    });
    expect((await call('GET', 'account/', undefined, user.headers)).json()).toMatchObject(updated);
  });

  it('takes gender "not given" as null too, the way GET account/ answers it (issue 26)', async () => {
    const user = await createUser(t);
    const res = await call('PUT', 'account/', { ...profile(user.email), gender: null }, user.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ gender: null });
  });

  it('takes the language and clears the additional phone when it is not sent', async () => {
    const user = await createUser(t);
    const { extra_phone: _omitted, ...body } = profile(user.email);
    const res = await call('PUT', 'account/', { ...body, language: 'en' }, user.headers);
    expect(res.json()).toMatchObject({ extra_phone: null, language: 'en', gender: 'female' });
  });

  it('changes no e-mail: another address answers 422 and points to account/email/', async () => {
    const user = await createUser(t);
    const res = await call('PUT', 'account/', profile(`moved${Date.now()}@example.com`), user.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: EMAIL_CHANGE_DETAIL });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it('repeats the form’s rules on the server (422)', async () => {
    const user = await createUser(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '12345' }, 'body.phone: Phone must be at least 10 characters'],
      [{ username: 'a' }, 'body.username: Nickname must be at least 2 characters'],
      [{ last_name: 'K' }, 'body.last_name: Last name must be at least 2 characters'],
      [{ email: 'nope' }, 'body.email: Invalid email'],
      [{ gender: 'other' }, 'body.gender:'],
      [{ birthday: '12.04.1990' }, 'body.birthday: Invalid input'],
      [{ role: 'superuser' }, 'body'],
    ];
    for (const [change, detail] of cases) {
      const res = await call('PUT', 'account/', { ...profile(user.email), ...change }, user.headers);
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().detail).toContain(detail);
    }
    expect(await t.database.db.select().from(staffRoles).where(eq(staffRoles.userId, user.id))).toEqual([]);
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await call('PUT', 'account/', profile('a@example.com'))).statusCode).toBe(401);
  });
});

describe('changing the e-mail: password, then a code to the new address (API-13)', () => {
  const newAddress = () => `new${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;

  it('takes effect only when the code sent to the new address is entered, and tells the old address', async () => {
    const user = await createUser(t, { firstName: 'Olga' });
    const email = newAddress();
    const asked = await call('POST', 'account/email/', { email, password: user.password }, user.headers);
    expect(asked.statusCode).toBe(200);
    const letter = mail.to(email).at(-1)!;
    expect(letter.subject).toBe('Код для смены почты — Дом 1799');

    // Until the code is entered nothing changes: the old address still signs in.
    const [before] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(before!.email).toBe(user.email);
    expect((await call('POST', 'auth/login/', { email, password: user.password })).statusCode).toBe(404);

    const wrong = String((Number(mail.lastCode(email)) + 1) % 1_000_000).padStart(6, '0');
    expect((await call('POST', 'account/email/confirm/', { code: wrong }, user.headers)).statusCode).toBe(400);
    const confirmed = await call('POST', 'account/email/confirm/', { code: mail.lastCode(email) }, user.headers);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email, is_active: true });
    expect((await call('POST', 'auth/login/', { email, password: user.password })).statusCode).toBe(200);
    expect((await call('POST', 'auth/login/', { email: user.email, password: user.password })).statusCode).toBe(404);

    const notice = mail.to(user.email).at(-1)!;
    expect(notice.subject).toBe('Почта аккаунта изменена — Дом 1799');
    expect(notice.text).toContain(email);
    // Used once.
    expect((await call('POST', 'account/email/confirm/', { code: mail.lastCode(email) }, user.headers)).statusCode).toBe(400);
  });

  it('asks for the password (403 without the right one) and refuses a taken address (409)', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const wrong = await call('POST', 'account/email/', { email: newAddress(), password: 'Not-my-password-1' }, user.headers);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'Invalid password' });
    const taken = await call('POST', 'account/email/', { email: other.email.toUpperCase(), password: user.password }, user.headers);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: 'Email already exists' });
    expect((await call('POST', 'account/email/', { email: newAddress(), password: user.password })).statusCode).toBe(401);
  });

  it('an address taken between the two steps is refused at the second', async () => {
    const user = await createUser(t);
    const email = newAddress();
    await call('POST', 'account/email/', { email, password: user.password }, user.headers);
    await createUser(t, { email });
    const res = await call('POST', 'account/email/confirm/', { code: mail.lastCode(email) }, user.headers);
    expect(res.statusCode).toBe(409);
  });
});

describe('POST account/password/ (API-17)', () => {
  const change = { old_password: 'Correct-Horse-42', new_password: 'New-pass-1799x', new_password1: 'New-pass-1799x' };

  it('changes the password, ends the other sessions and renews this one', async () => {
    const user = await createUser(t);
    const elsewhere = await call('POST', 'auth/login/', { email: user.email, password: user.password });
    const otherDevice = signedIn(t, elsewhere);

    const res = await call('POST', 'account/password/', change, user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const renewed = sessionCookie(res);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(user.headers.cookie);

    expect((await call('GET', 'auth/me/', undefined, otherDevice)).statusCode).toBe(401);
    expect((await call('GET', 'auth/me/', undefined, user.headers)).statusCode).toBe(401);
    expect((await call('GET', 'auth/me/', undefined, { cookie: renewed! })).statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    expect((await call('POST', 'auth/login/', { email: user.email, password: user.password })).statusCode).toBe(403);
    expect((await call('POST', 'auth/login/', { email: user.email, password: 'New-pass-1799x' })).statusCode).toBe(200);
  });

  it('answers 403 "Invalid password" for a wrong current password and keeps the session', async () => {
    const user = await createUser(t);
    const res = await call('POST', 'account/password/', { ...change, old_password: 'Not-my-password' }, user.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Invalid password' });
    expect((await call('GET', 'auth/me/', undefined, user.headers)).statusCode).toBe(200);
  });

  it('answers 422 when the new passwords differ or break the sign-up rule (one password policy)', async () => {
    const user = await createUser(t);
    const mismatch = await call('POST', 'account/password/', { ...change, new_password1: 'Other-pass-1799' }, user.headers);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().detail).toBe('body.new_password1: Passwords do not match');
    const short = await call('POST', 'account/password/', { ...change, new_password: 'Short-1', new_password1: 'Short-1' }, user.headers);
    expect(short.json().detail).toBe('body.new_password: Password must be at least 12 characters');
    const weak = await call('POST', 'account/password/', { ...change, new_password: 'all-lower-case-1', new_password1: 'all-lower-case-1' }, user.headers);
    expect(weak.json().detail).toBe('body.new_password: Password must contain a lower-case letter, an upper-case letter and a digit');
  });

  it('a password of an older, shorter rule still signs in (sign-in takes any existing password)', async () => {
    const user = await createUser(t, { password: 'abc123' });
    expect((await call('POST', 'auth/login/', { email: user.email, password: 'abc123' })).statusCode).toBe(200);
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await call('POST', 'account/password/', change)).statusCode).toBe(401);
  });
});

describe('password reset: account/password/reset/, reset/done/, set/ (API-12, API-18, ERR-11)', () => {
  const newPassword = { new_password: 'Fresh-pass-2026', new_password1: 'Fresh-pass-2026' };
  const confirmCode = async (email: string, code: string, path = 'account/password/reset/done/') => {
    const res = await call('POST', path, { email, code });
    expect(res.statusCode).toBe(200);
    return res.json<{ ok: true; reset_token: string }>().reset_token;
  };

  async function requestCode(email: string) {
    const res = await call('POST', 'account/password/reset/', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    return mail.lastCode(email);
  }

  it('request, confirm, set: the new password works, every session ends, the code is spent', async () => {
    const user = await createUser(t, { firstName: 'Pavel' });
    const code = await requestCode(user.email);
    const letter = mail.to(user.email).at(-1)!;
    expect(letter.subject).toBe('Код для смены пароля — Дом 1799');
    expect(letter.text).toContain('Здравствуйте, Pavel!');

    const confirm = await call('POST', 'account/password/reset/done/', { email: user.email, code });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ ok: true, reset_token: expect.stringMatching(/^[\w-]{43}$/) });
    const token = confirm.json<{ reset_token: string }>().reset_token;

    const set = await call('POST', 'account/password/set/', { email: user.email, reset_token: token, ...newPassword });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ ok: true });
    expect((await call('GET', 'auth/me/', undefined, user.headers)).statusCode).toBe(401);
    expect((await call('POST', 'auth/login/', { email: user.email, password: 'Fresh-pass-2026' })).statusCode).toBe(200);

    // Spent: neither step can be replayed.
    const again = await call('POST', 'account/password/set/', { email: user.email, reset_token: token, new_password: 'Other-pass-1799', new_password1: 'Other-pass-1799' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Confirm the reset code first' });
    const reconfirm = await call('POST', 'account/password/reset/done/', { email: user.email, code });
    expect(reconfirm.json()).toEqual({ detail: 'Invalid code' });
  });

  it('answers 404 "User not found" when asked for an unknown e-mail', async () => {
    const res = await call('POST', 'account/password/reset/', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'User not found' });
  });

  it('answers 400 "Invalid code" for a wrong code, and set/ then refuses', async () => {
    const user = await createUser(t);
    const code = await requestCode(user.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await call('POST', 'account/password/reset/done/', { email: user.email, code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Invalid code' });
    const set = await call('POST', 'account/password/set/', { email: user.email, reset_token: 'A'.repeat(43), ...newPassword });
    expect(set.statusCode).toBe(400);
    expect((await call('POST', 'auth/login/', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('set/ without any code, or once the token is older than its minutes, answers 400', async () => {
    const user = await createUser(t);
    expect((await call('POST', 'account/password/set/', { email: user.email, reset_token: 'A'.repeat(43), ...newPassword })).statusCode).toBe(400);
    const code = await requestCode(user.email);
    const token = await confirmCode(user.email, code);
    await t.database.db
      .update(verificationCodes)
      .set({ confirmedAt: new Date(Date.now() - (RESET_TOKEN_TTL_MINUTES * 60 + 1) * 1000) })
      .where(eq(verificationCodes.userId, user.id));
    const res = await call('POST', 'account/password/set/', { email: user.email, reset_token: token, ...newPassword });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Confirm the reset code first' });
  });

  it('an expired code cannot be confirmed; 5 wrong attempts kill it', async () => {
    const user = await createUser(t);
    const code = await requestCode(user.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) await call('POST', 'account/password/reset/done/', { email: user.email, code: wrong });
    const dead = await call('POST', 'account/password/reset/done/', { email: user.email, code });
    expect(dead.statusCode).toBe(429);
    expect(dead.json()).toEqual({ detail: 'Too many attempts, request a new code' });

    const other = await createUser(t);
    const otherCode = await requestCode(other.email);
    await t.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, other.id));
    const expired = await call('POST', 'account/password/reset/done/', { email: other.email, code: otherCode });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: 'Code expired, request a new code' });
  });

  it('a second code sooner than 59 s answers 429', async () => {
    const user = await createUser(t);
    await requestCode(user.email);
    const res = await call('POST', 'account/password/reset/', { email: user.email });
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(/^Please wait \d+ s before requesting a new code$/);
  });

  it('set/ repeats the sign-up password rule (422, one password policy)', async () => {
    const body = { email: 'a@example.com', reset_token: 'A'.repeat(43) };
    const short = await call('POST', 'account/password/set/', { ...body, new_password: 'Short-1', new_password1: 'Short-1' });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail).toBe('body.new_password: Password must be at least 12 characters');
    const mismatch = await call('POST', 'account/password/set/', { ...body, new_password: 'Long-enough-1', new_password1: 'Long-enough-2' });
    expect(mismatch.json().detail).toBe('body.new_password1: Passwords do not match');
  });

  it('the same three steps answer under auth/password/reset/, reset/confirm/ and set/', async () => {
    const user = await createUser(t);
    expect((await call('POST', 'auth/password/reset/', { email: user.email })).statusCode).toBe(200);
    const code = mail.lastCode(user.email);
    const token = await confirmCode(user.email, code, 'auth/password/reset/confirm/');
    expect((await call('POST', 'auth/password/set/', { email: user.email, reset_token: token, ...newPassword })).statusCode).toBe(200);
    expect((await call('POST', 'auth/login/', { email: user.email, password: 'Fresh-pass-2026' })).statusCode).toBe(200);
  });

  it('a reset also confirms an account that was never activated', async () => {
    const email = `reset${Date.now()}@example.com`;
    await call('POST', 'auth/signup/', { first_name: 'Jan', email, password: 'Grodno-1799-Stay' });
    const code = await requestCode(email);
    const token = await confirmCode(email, code);
    await call('POST', 'account/password/set/', { email, reset_token: token, ...newPassword });
    const login = await call('POST', 'auth/login/', { email, password: 'Fresh-pass-2026' });
    expect(login.json().user.is_active).toBe(true);
  });
});
