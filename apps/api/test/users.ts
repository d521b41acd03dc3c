/** Test users: made straight in the database, signed in through a real session. */
import { randomBytes } from 'node:crypto';
import type { Role, StaffRole } from '@hotel/domain';
import { sessions, staffRoles, users } from '../src/db/schema';
import { hashToken, SESSION_COOKIE } from '../src/modules/auth/session';
import { hashSecret } from '../src/modules/auth/passwords';
import type { TestApp } from './app';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  role: Role;
  /** The staff roles held: `role: 'admin'` alone makes a manager, `superuser` a superuser. */
  roles: StaffRole[];
  /** Headers for an API call as this user: client token and session cookie. */
  headers: Record<string, string>;
}

let counter = 0;

// Hashing a password with the product's argon2id costs 19 MiB and tens of milliseconds of one
// core; a race test that makes 40 users at once on a loaded 2-core machine spent its whole time
// limit there. A test user's password is set-up, not what is under test (auth tests sign up
// through the API), so each distinct password is hashed once per test file.
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashSecret(password);
    hashes.set(password, hash);
  }
  return hash;
}

export async function createUser(
  t: TestApp,
  options: { role?: Role; roles?: StaffRole[]; email?: string; password?: string; isActive?: boolean; firstName?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = options.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = options.password ?? 'Correct-Horse-42';
  const roles: StaffRole[] = options.roles ?? (options.role === 'superuser' ? ['superuser'] : options.role === 'admin' ? ['manager'] : []);
  const role: Role = roles.includes('superuser') ? 'superuser' : roles.length > 0 ? 'admin' : 'user';
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash(password),
      isActive: options.isActive ?? true,
      firstName: options.firstName ?? 'Test',
    })
    .returning({ id: users.id });
  if (roles.length > 0) await t.database.db.insert(staffRoles).values(roles.map((held) => ({ userId: row!.id, role: held })));
  const token = randomBytes(32).toString('base64url');
  await t.database.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: row!.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { id: row!.id, email, password, role, roles, headers: { ...t.headers, cookie: `${SESSION_COOKIE}=${token}` } };
}
