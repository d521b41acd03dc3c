/**
 * The account flows as an attacker tries them: finishing someone else's password reset with the
 * e-mail alone, guessing codes across new codes, asking for letter after letter (API-12, API-55).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE_DETAILS, CODE_FAILURES_PER_DAY, CODE_MAX_ATTEMPTS, CODES_PER_DAY, codeResendSeconds } from '@hotel/domain';
import { codeEvents, verificationCodes } from '../../src/db/schema';
import { ACCOUNT_FAILURES_FREE, KNOWN_BROWSER_COOKIE } from '../../src/modules/auth/sign-in-guard';
import { createTestApp, type TestApp } from '../app';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser } from '../users';

let t: TestApp;
let mail: CapturedMail;
let call: Caller;
beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' }, { mailer: mail });
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
});

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Moves every code and code event of the user `seconds` into the past. */
async function age(userId: number, seconds: number) {
  await t.database.db
    .update(verificationCodes)
    .set({ sentAt: sql`${verificationCodes.sentAt} - make_interval(secs => ${seconds})` })
    .where(eq(verificationCodes.userId, userId));
  await t.database.db
    .update(codeEvents)
    .set({ at: sql`${codeEvents.at} - make_interval(secs => ${seconds})` })
    .where(eq(codeEvents.userId, userId));
}

describe('password reset takeover (API-12)', () => {
  const attackerPassword = { new_password: 'Attacker-Pass-666', new_password1: 'Attacker-Pass-666' };
  const ownerPassword = { new_password: 'Owners-New-Pass-1', new_password1: 'Owners-New-Pass-1' };

  it('a second client with the e-mail alone cannot set the password while the owner completes her reset', async () => {
    const owner = await createUser(t);
    expect((await call('POST', 'auth/password/reset/', { email: owner.email })).statusCode).toBe(200);
    // The attacker polls the last step from the start; every try is refused.
    const poll = () => call('POST', 'auth/password/set/', { email: owner.email, reset_token: 'A'.repeat(43), ...attackerPassword });
    expect((await poll()).statusCode).toBe(400);

    const confirm = await call('POST', 'auth/password/reset/confirm/', { email: owner.email, code: mail.lastCode(owner.email) });
    expect(confirm.statusCode).toBe(200);
    const { reset_token: token } = confirm.json<{ reset_token: string }>();

    // Confirmed now, but the e-mail is still not enough, nor is a body without the token.
    const polled = await poll();
    expect(polled.statusCode).toBe(400);
    expect(polled.json()).toEqual({ detail: 'Confirm the reset code first' });
    const bare = await call('POST', 'auth/password/set/', { email: owner.email, ...attackerPassword });
    expect(bare.statusCode).toBe(422);

    const mine = await call('POST', 'auth/password/set/', { email: owner.email, reset_token: token, ...ownerPassword });
    expect(mine.statusCode).toBe(200);
    expect((await poll()).statusCode).toBe(400);
    expect((await call('POST', 'auth/login/', { email: owner.email, password: attackerPassword.new_password })).statusCode).toBe(403);
    expect((await call('POST', 'auth/login/', { email: owner.email, password: ownerPassword.new_password })).statusCode).toBe(200);
  });

  it('a code confirms once: a second confirmation hands out no second token', async () => {
    const owner = await createUser(t);
    await call('POST', 'auth/password/reset/', { email: owner.email });
    const code = mail.lastCode(owner.email);
    const first = await call('POST', 'auth/password/reset/confirm/', { email: owner.email, code });
    expect(first.statusCode).toBe(200);
    const second = await call('POST', 'auth/password/reset/confirm/', { email: owner.email, code });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ detail: CODE_DETAILS.invalid });
  });

  it("another account's token sets nothing", async () => {
    const mallory = await createUser(t);
    const victim = await createUser(t);
    await call('POST', 'auth/password/reset/', { email: mallory.email });
    const confirm = await call('POST', 'auth/password/reset/confirm/', { email: mallory.email, code: mail.lastCode(mallory.email) });
    const { reset_token: token } = confirm.json<{ reset_token: string }>();
    const res = await call('POST', 'auth/password/set/', { email: victim.email, reset_token: token, ...attackerPassword });
    expect(res.statusCode).toBe(400);
    expect((await call('POST', 'auth/login/', { email: victim.email, password: victim.password })).statusCode).toBe(200);
  });
});

describe('codes per account and day, across codes', () => {
  it(`wrong codes count across new codes: after ${CODE_FAILURES_PER_DAY} no code is checked, and the owner is told once`, async () => {
    const owner = await createUser(t, { firstName: 'Olga' });
    const lettersBefore = mail.to(owner.email).length;
    let code = '';
    for (let failures = 0; failures < CODE_FAILURES_PER_DAY; ) {
      // A new code each round: it restores the code's own attempts, not the day's.
      await age(owner.id, 24 * 60);
      expect((await call('POST', 'auth/password/reset/', { email: owner.email })).statusCode).toBe(200);
      code = mail.lastCode(owner.email);
      for (let i = 0; i < CODE_MAX_ATTEMPTS && failures < CODE_FAILURES_PER_DAY; i += 1, failures += 1) {
        const res = await call('POST', 'auth/password/reset/confirm/', { email: owner.email, code: wrongCode(code) });
        expect(res.statusCode).toBe(400);
      }
    }
    // Even the right code of the live letter is refused now, with the reason.
    const right = await call('POST', 'auth/password/reset/confirm/', { email: owner.email, code });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ detail: CODE_DETAILS.dailyFailures });

    const warnings = mail.to(owner.email).slice(lettersBefore).filter((letter) => /guessing codes|подбирает код/.test(letter.subject));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.subject).toBe('Кто-то подбирает код к вашему аккаунту — Дом 1799');
    expect(warnings[0]!.text).toContain('Здравствуйте, Olga!');

    // A day later the count starts again.
    await age(owner.id, 24 * 3600 + 60);
    await call('POST', 'auth/password/reset/', { email: owner.email });
    const fresh = await call('POST', 'auth/password/reset/confirm/', { email: owner.email, code: mail.lastCode(owner.email) });
    expect(fresh.statusCode).toBe(200);
  });

  it(`the wait grows after 3 resends, and at most ${CODES_PER_DAY} codes go out a day`, async () => {
    const owner = await createUser(t);
    const ask = () => call('POST', 'auth/password/reset/', { email: owner.email });
    for (let sent = 0; sent < CODES_PER_DAY; sent += 1) {
      const res = await ask();
      expect(res.statusCode, `code ${sent + 1}`).toBe(200);
      const wait = codeResendSeconds(sent + 1);
      if (sent + 1 > 3 && sent + 1 < CODES_PER_DAY) {
        // The spec's 59 s is no longer enough.
        await age(owner.id, 60);
        const early = await ask();
        expect(early.statusCode).toBe(429);
        expect(early.json().detail).toMatch(/^Please wait \d+ s before requesting a new code$/);
      }
      await age(owner.id, wait + 1);
    }
    const over = await ask();
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ detail: CODE_DETAILS.dailyCodes });
    expect(mail.to(owner.email)).toHaveLength(CODES_PER_DAY);
  });

  it('a letter that could not be sent is not counted', async () => {
    const owner = await createUser(t);
    mail.failNext();
    expect((await call('POST', 'auth/password/reset/', { email: owner.email })).statusCode).toBe(503);
    expect((await call('POST', 'auth/password/reset/', { email: owner.email })).statusCode).toBe(200);
    const events = await t.database.db.select().from(codeEvents).where(eq(codeEvents.userId, owner.id));
    expect(events).toHaveLength(1);
  });
});

describe('guessing one account’s password from many addresses (issue 21, point 4)', () => {
  it('after 5 wrong passwords the account waits longer and longer, except for a browser its owner signed in from; a reset ends it', async () => {
    const owner = await createUser(t);
    // The owner's own browser, from an earlier visit.
    const earlier = await call('POST', 'auth/login/', { email: owner.email, password: owner.password });
    expect(earlier.statusCode).toBe(200);
    const known = [earlier.headers['set-cookie']].flat().find((cookie) => cookie?.startsWith(`${KNOWN_BROWSER_COOKIE}=`))!.split(';')[0]!;

    const guess = () => call('POST', 'auth/login/', { email: owner.email, password: 'Wrong-guess-123' });
    for (let i = 0; i < ACCOUNT_FAILURES_FREE; i += 1) expect((await guess()).statusCode).toBe(403);
    const held = await guess();
    expect(held.statusCode).toBe(429);
    expect(held.json<{ detail: string }>().detail).toMatch(/try again in 1 s/);
    expect(Number(held.headers['retry-after'])).toBe(1);
    // Even the right password waits, from a browser the account does not know.
    expect((await call('POST', 'auth/login/', { email: owner.email, password: owner.password })).statusCode).toBe(429);
    // The owner's browser is never held back.
    const mine = await call('POST', 'auth/login/', { email: owner.email, password: owner.password }, { cookie: known });
    expect(mine.statusCode).toBe(200);

    // The right password cleared the count; from the fifth failure on, the wait doubles with each.
    for (let i = 0; i < ACCOUNT_FAILURES_FREE; i += 1) expect((await guess()).statusCode).toBe(403);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const wait = await guess();
      expect(wait.statusCode).toBe(429);
      waits.push(Number(wait.headers['retry-after']));
      await expect.poll(async () => (await guess()).statusCode, { timeout: 20_000, interval: 250 }).toBe(403);
    }
    expect(waits).toEqual([1, 2, 4, 8]);

    // A reset proves the mailbox: the account takes the right password from anywhere again.
    expect((await call('POST', 'auth/password/reset/', { email: owner.email })).statusCode).toBe(200);
    const confirm = await call('POST', 'auth/password/reset/confirm/', { email: owner.email, code: mail.lastCode(owner.email) });
    const { reset_token } = confirm.json<{ reset_token: string }>();
    const fresh = { new_password: 'Fresh-Password-42', new_password1: 'Fresh-Password-42' };
    expect((await call('POST', 'auth/password/set/', { email: owner.email, reset_token, ...fresh })).statusCode).toBe(200);
    expect((await call('POST', 'auth/login/', { email: owner.email, password: fresh.new_password })).statusCode).toBe(200);
  }, 60_000);

  it('40 wrong passwords at once after the wait began: one is checked, 39 wait (issue 42, point 12; a race: run on PostgreSQL)', async () => {
    const owner = await createUser(t);
    const guess = () => call('POST', 'auth/login/', { email: owner.email, password: 'Wrong-guess-123' });
    for (let i = 0; i < ACCOUNT_FAILURES_FREE; i += 1) expect((await guess()).statusCode).toBe(403);
    expect((await guess()).statusCode).toBe(429);
    // The wait (1 s) over, the account takes one more attempt: only one of the crowd is checked.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2_000 });
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, guess));
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 403)).toHaveLength(1);
      expect(statuses.filter((status) => status === 429)).toHaveLength(39);
    } finally {
      vi.useRealTimers();
    }
  });
});
