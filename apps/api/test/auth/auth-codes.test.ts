import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '@hotel/domain';
import { codeEvents, users, verificationCodes } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { caller, signedIn, type Caller } from '../support/http';
import { captureMail, codeInText, type CapturedMail } from '../support/mail';
import { startSmtpServer } from '../support/smtp';
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
const STRONG = 'Grodno-1799-Stay';

async function signUp(language: 'ru' | 'en' = 'en') {
  const email = `new${++n}-${Date.now()}@example.com`;
  const res = await call('POST', 'auth/signup/', { first_name: 'Maryia', email, password: STRONG, language });
  expect(res.statusCode).toBe(201);
  return { email, id: res.json().id as number, headers: signedIn(t, res), code: mail.lastCode(email) };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Pretends the codes were sent a minute earlier than they were, so a new one may be requested. */
async function ageLastCode(userId: number) {
  await t.database.db
    .update(verificationCodes)
    .set({ sentAt: new Date(Date.now() - 60_000) })
    .where(eq(verificationCodes.userId, userId));
  await t.database.db
    .update(codeEvents)
    .set({ at: sql`${codeEvents.at} - interval '60 seconds'` })
    .where(eq(codeEvents.userId, userId));
}

describe('POST auth/activate/ (API-07, ERR-08)', () => {
  it('activates the account with the mailed code and sends the welcome letter', async () => {
    const user = await signUp('en');
    const res = await call('POST', 'auth/activate/', { email: user.email, code: user.code });
    expect(res.statusCode).toBe(200);
    expect(userSchema.parse(res.json())).toMatchObject({ id: user.id, is_active: true });
    expect((await call('GET', 'auth/me/', undefined, user.headers)).json().is_active).toBe(true);
    const welcome = mail.to(user.email).at(-1)!;
    expect(welcome.subject).toBe('Welcome to House 1799');
    expect(welcome.text).toContain('Welcome, Maryia!');
    expect(welcome.html).toContain('Welcome, Maryia!');
  });

  it('answers 400 "Invalid code" for a wrong code and leaves the account inactive', async () => {
    const user = await signUp();
    const res = await call('POST', 'auth/activate/', { email: user.email, code: wrongCode(user.code) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Invalid code' });
    expect((await call('GET', 'auth/me/', undefined, user.headers)).json().is_active).toBe(false);
  });

  it('a used code cannot be replayed', async () => {
    const user = await signUp();
    expect((await call('POST', 'auth/activate/', { email: user.email, code: user.code })).statusCode).toBe(200);
    const replay = await call('POST', 'auth/activate/', { email: user.email, code: user.code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: 'Invalid code' });
  });

  it('an expired code is refused', async () => {
    const user = await signUp();
    await t.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    const res = await call('POST', 'auth/activate/', { email: user.email, code: user.code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Code expired, request a new code' });
  });

  it('a code dies after 5 attempts, even if the sixth is right', async () => {
    const user = await signUp();
    for (let i = 0; i < 5; i += 1) {
      const res = await call('POST', 'auth/activate/', { email: user.email, code: wrongCode(user.code) });
      expect(res.json()).toEqual({ detail: 'Invalid code' });
    }
    const sixth = await call('POST', 'auth/activate/', { email: user.email, code: user.code });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ detail: 'Too many attempts, request a new code' });

    // A new code starts over.
    await ageLastCode(user.id);
    expect((await call('POST', 'auth/activate/resend/', { email: user.email })).statusCode).toBe(200);
    const fresh = await call('POST', 'auth/activate/', { email: user.email, code: mail.lastCode(user.email) });
    expect(fresh.statusCode).toBe(200);
  });

  it('the right code on the fifth attempt still works', async () => {
    const user = await signUp();
    for (let i = 0; i < 4; i += 1) await call('POST', 'auth/activate/', { email: user.email, code: wrongCode(user.code) });
    expect((await call('POST', 'auth/activate/', { email: user.email, code: user.code })).statusCode).toBe(200);
  });

  it('answers 422 for a code that is not 6 digits (API-55)', async () => {
    const letters = await call('POST', 'auth/activate/', { email: 'a@example.com', code: '12ab56' });
    expect(letters.statusCode).toBe(422);
    expect(letters.json().detail).toBe('body.code: The code must contain digits only');
    const short = await call('POST', 'auth/activate/', { email: 'a@example.com', code: '123' });
    expect(short.json().detail).toBe('body.code: The code must be 6 digits');
  });

  it('an unknown or already active e-mail gets the same "Invalid code"', async () => {
    const active = await createUser(t);
    for (const email of ['nobody@example.com', active.email]) {
      const res = await call('POST', 'auth/activate/', { email, code: '123456' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Invalid code' });
    }
  });

  it('stores codes only as argon2id hashes', async () => {
    const user = await signUp();
    const [row] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    expect(row!.codeHash).toMatch(/^\$argon2id\$/);
    expect(row!.codeHash).not.toContain(user.code);
    expect(row!.purpose).toBe('activation');
    expect(row!.expiresAt.getTime() - row!.sentAt.getTime()).toBe(15 * 60_000);
  });
});

describe('resending the activation code (API-04, API-08)', () => {
  it('refuses a resend sooner than 59 s with 429 and the seconds to wait', async () => {
    const user = await signUp();
    for (const path of ['auth/activate/resend/', 'auth/send_code/']) {
      const res = await call('POST', path, { email: user.email });
      expect(res.statusCode).toBe(429);
      expect(res.json().detail).toMatch(/^Please wait (59|58|57) s before requesting a new code$/);
    }
    expect(mail.to(user.email)).toHaveLength(1);
  });

  it('after 59 s sends a new code; the old one stops working', async () => {
    const user = await signUp('ru');
    await ageLastCode(user.id);
    const res = await call('POST', 'auth/activate/resend/', { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const letters = mail.to(user.email);
    expect(letters).toHaveLength(2);
    expect(letters[1]!.subject).toBe('Код подтверждения почты — Дом 1799');
    const fresh = mail.lastCode(user.email);
    if (fresh !== user.code) {
      expect((await call('POST', 'auth/activate/', { email: user.email, code: user.code })).statusCode).toBe(400);
    }
    expect((await call('POST', 'auth/activate/', { email: user.email, code: fresh })).statusCode).toBe(200);
  });

  it('send_code/ works the same way', async () => {
    const user = await signUp();
    await ageLastCode(user.id);
    expect((await call('POST', 'auth/send_code/', { email: user.email })).json()).toEqual({ ok: true });
    expect(mail.to(user.email)).toHaveLength(2);
  });

  it('answers 404 for an unknown e-mail and 400 for an active account', async () => {
    const unknown = await call('POST', 'auth/send_code/', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'User not found' });
    const active = await createUser(t);
    const res = await call('POST', 'auth/activate/resend/', { email: active.email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Account is already active' });
  });

  it('answers 503 "Error sending code" when the mail cannot be sent, and a retry is not blocked', async () => {
    const user = await signUp();
    await ageLastCode(user.id);
    mail.failNext();
    const res = await call('POST', 'auth/send_code/', { email: user.email });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'Error sending code' });
    expect((await call('POST', 'auth/send_code/', { email: user.email })).statusCode).toBe(200);
  });

  it('answers 422 for a malformed e-mail', async () => {
    expect((await call('POST', 'auth/activate/resend/', { email: 'nope' })).statusCode).toBe(422);
  });
});

describe('the letters', () => {
  it('carry the code big and spaced in brand colours in HTML, and in the plain text; never in the subject', async () => {
    const user = await signUp('en');
    const letter = mail.to(user.email)[0]!;
    expect(letter.subject).not.toContain(user.code);
    expect(letter.text).toContain(`    ${user.code}\n`);
    expect(letter.text).toContain('The code is valid for 15 minutes.');
    expect(letter.html).toMatch(new RegExp(`font-size:36px[^>]*letter-spacing:12px[^>]*>${user.code}<`));
    expect(letter.html).toContain('background:#f6efe4');
    expect(letter.html).toMatch(/<h1 style="[^"]*color:#5b3a29/);
    expect(letter.html).toContain('<html lang="en">');
  });

  it('escape what users typed', async () => {
    const email = `xss${Date.now()}@example.com`;
    await call('POST', 'auth/signup/', { first_name: '<b>Jan</b>', email, password: STRONG, language: 'en' });
    const letter = mail.to(email)[0]!;
    expect(letter.html).toContain('Hello, &lt;b&gt;Jan&lt;/b&gt;!');
    expect(letter.html).not.toContain('<b>Jan</b>');
  });
});

describe('mail through a real SMTP server on loopback (API-06, API-07)', () => {
  it('delivers the activation letter whose code activates the account', async () => {
    const smtp = await startSmtpServer();
    const smtpApp = await createTestApp({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const email = `smtp${Date.now()}@example.com`;
      const smtpCall = caller(smtpApp);
      const res = await smtpCall('POST', 'auth/signup/', { first_name: 'Ales', email, password: STRONG, language: 'en' });
      expect(res.statusCode).toBe(201);
      const raw = await smtp.waitFor(email);
      expect(raw).toMatch(/^Subject: .*Your[ _]confirmation[ _]code/m);
      expect(raw).toContain('From: House 1799 <hello@house1799.by>');
      expect(raw).toMatch(/Content-Type: multipart\/alternative/);
      const code = codeInText(raw.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n'));
      const activated = await smtpCall('POST', 'auth/activate/', { email, code });
      expect(activated.statusCode).toBe(200);
      expect(activated.json().is_active).toBe(true);
      const [row] = await smtpApp.database.db.select().from(users).where(eq(users.email, email));
      expect(row!.isActive).toBe(true);
    } finally {
      await smtpApp.close();
      await smtp.close();
    }
  });
});
