/**
 * No personal data or secret reaches the log (logging.ts). Every test app's log is checked when it
 * closes (test/app.ts); here a query fails on purpose with an e-mail, a password hash and a phone
 * among its parameters, the way a broken database would make it fail.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, scrub, scrubText } from '../../src/logging';
import { createTestApp, forbiddenLogLines, type TestApp } from '../app';
import { createUser } from '../users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the log', () => {
  it('keeps the parameters of a failed query out, and still says what failed', async () => {
    const user = await createUser(t);
    // The profile update must fail inside the database, with every personal field as a parameter;
    // PostgreSQL's own detail then quotes the whole row, password hash included.
    await t.database.db.execute(sql`ALTER TABLE users ADD CONSTRAINT refuse_the_update CHECK (last_name <> 'Secret-Surname') NOT VALID`);
    try {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/account/',
        headers: user.headers,
        payload: {
          username: 'olga',
          first_name: 'Olga',
          last_name: 'Secret-Surname',
          email: user.email,
          phone: '+375291112233',
          extra_phone: '+375294445566',
          gender: 'female',
          birthday: '1990-01-01',
        },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal server error' });
    } finally {
      await t.database.db.execute(sql`ALTER TABLE users DROP CONSTRAINT refuse_the_update`);
    }
    const failure = t.logLines.find((line) => line.includes('request failed'));
    expect(failure).toBeDefined();
    expect(failure).toContain('Failed query');
    expect(failure).toContain(`params: ${REDACTED}`);
    for (const secret of [user.email, '+375291112233', '+375294445566', 'Secret-Surname']) {
      expect(t.logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
    expect(forbiddenLogLines(t.logLines)).toEqual([]);
  });

  it('scrubs fields by name and strings by shape', () => {
    expect(
      scrub({
        email: 'a@b.by',
        nested: { password: 'x', reset_token: 'y', note: 'mail a@b.by or call +375 29 111-22-33' },
        hash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
        count: 3,
      }),
    ).toEqual({
      email: REDACTED,
      nested: { password: REDACTED, reset_token: REDACTED, note: `mail ${REDACTED} or call ${REDACTED}` },
      hash: REDACTED,
      count: 3,
    });
    expect(scrubText('Failed query: insert into "users" ("email") values ($1)\nparams: a@b.by,secret')).toBe(
      `Failed query: insert into "users" ("email") values ($1)\nparams: ${REDACTED}`,
    );
    expect(scrubText('Key (email)=(anna@example.com) already exists.')).toBe(`Key (email)=(${REDACTED}) already exists.`);
  });
});
