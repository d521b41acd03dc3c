import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffRoles, users } from '../../src/db/schema';
import { createSuperuser, generatePassword } from '../../src/modules/auth/superuser';
import { createTestApp, type TestApp } from '../app';
import { caller } from '../support/http';
import { createUser } from '../users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await t?.close();
});

describe('create-superuser (npm run create-superuser)', () => {
  it('creates an active superuser with a generated strong password that signs in', async () => {
    const result = await createSuperuser(t.database.db, { email: ' Boss@Example.com ' });
    expect(result.created).toBe(true);
    expect(result.generatedPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{20}$/);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(row).toMatchObject({ isActive: true });
    expect(await t.database.db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, row!.id))).toEqual([{ role: 'superuser' }]);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const login = await caller(t)('POST', 'auth/login/', { email: 'boss@example.com', password: result.generatedPassword });
    expect(login.json().user).toMatchObject({ role: 'superuser', roles: ['superuser'], is_active: true });
  });

  it('promotes an existing user, keeping their password unless one is given', async () => {
    const user = await createUser(t, { isActive: false });
    expect(await createSuperuser(t.database.db, { email: user.email })).toEqual({ created: false });
    const login = await caller(t)('POST', 'auth/login/', { email: user.email, password: user.password });
    expect(login.json().user).toMatchObject({ role: 'superuser', is_active: true });

    await createSuperuser(t.database.db, { email: user.email, password: 'Brand-new-Pass-1' });
    expect((await caller(t)('POST', 'auth/login/', { email: user.email, password: 'Brand-new-Pass-1' })).statusCode).toBe(200);
  });

  it('refuses a weak password and a malformed e-mail', async () => {
    await expect(createSuperuser(t.database.db, { email: 'weak@example.com', password: 'password' })).rejects.toThrow(/12 characters/);
    await expect(createSuperuser(t.database.db, { email: 'not-an-email' })).rejects.toThrow(/Not an e-mail/);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toEqual([]);
  });

  it('generates different passwords each time', () => {
    expect(new Set(Array.from({ length: 20 }, generatePassword)).size).toBe(20);
  });
});
