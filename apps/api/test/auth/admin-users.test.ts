/** Staff and their roles, and the audit log (API-43..45; ADM-42..49; issue 49, point 2). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, FORBIDDEN_DETAIL, STAFF_MESSAGES, type AdminCategory, type AuditEntry, type StaffMember } from '@hotel/domain';
import { and, eq, notInArray } from 'drizzle-orm';
import { auditEvents, staffRoles } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { insertRooms } from '../hotel-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let superuser: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  superuser = await createUser(t, { role: 'superuser' });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

const listStaff = async (headers: Record<string, string>) => (await call('GET', 'admin/staff/', undefined, headers)).json() as StaffMember[];
const ru = (headers: Record<string, string>) => ({ ...headers, cookie: `${headers.cookie}; language=ru` });
const rolesOf = async (userId: number) =>
  (await t.database.db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId))).map((row) => row.role).sort();

describe('admin/staff/ (issue 49, point 2)', () => {
  it('lists everyone who holds a staff role, with their roles; only the superuser may', async () => {
    const list = await listStaff(superuser.headers);
    expect(list).toEqual(
      expect.arrayContaining([
        { id: superuser.id, username: null, first_name: 'Test', last_name: null, email: superuser.email, role: 'superuser', roles: ['superuser'], is_active: true },
        { id: admin.id, username: null, first_name: 'Test', last_name: null, email: admin.email, role: 'admin', roles: ['manager'], is_active: true },
      ]),
    );
    const byManager = await call('GET', 'admin/staff/', undefined, admin.headers);
    expect([byManager.statusCode, byManager.json().detail]).toEqual([403, FORBIDDEN_DETAIL.en]);
  });

  it('invites an activated account by e-mail (any case) with roles; it can use them at its next request, and the change log says so', async () => {
    const user = await createUser(t);
    expect((await call('GET', 'admin/orders/', undefined, user.headers)).statusCode).toBe(403);
    const res = await call('POST', 'admin/staff/', { email: user.email.toUpperCase(), roles: ['kitchen', 'reception'] }, superuser.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: user.id, role: 'admin', roles: ['reception', 'kitchen'] });
    expect((await call('GET', 'auth/me/', undefined, user.headers)).json()).toMatchObject({ role: 'admin', roles: ['reception', 'kitchen'] });
    expect((await call('GET', 'admin/orders/', undefined, user.headers)).statusCode).toBe(200);
    expect((await call('GET', 'admin/payments/', undefined, user.headers)).statusCode).toBe(403);
    const { entries } = auditPageSchema.parse((await call('GET', 'admin/log/', undefined, superuser.headers)).json());
    expect(entries[0]).toMatchObject({ action: 'staff.add', actor: { id: superuser.id }, target: `user ${user.email}`, before: { roles: [] }, after: { roles: ['reception', 'kitchen'] } });
  });

  it('changes roles: the kitchen becomes the accountant, from the next request on', async () => {
    const cook = await createUser(t, { roles: ['kitchen'] });
    const res = await call('PUT', `admin/staff/${cook.id}/`, { roles: ['accountant'] }, superuser.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roles: ['accountant'] });
    expect((await call('GET', 'admin/payments/', undefined, cook.headers)).statusCode).toBe(200);
    expect((await call('PUT', 'admin/orders/kitchen/', { closed: true }, cook.headers)).statusCode).toBe(403);
    const { entries } = auditPageSchema.parse((await call('GET', 'admin/log/', undefined, superuser.headers)).json());
    expect(entries[0]).toMatchObject({ action: 'staff.roles', before: { roles: ['kitchen'] }, after: { roles: ['accountant'] } });
  });

  it('bad input: a role that does not exist, no role, an unknown or unconfirmed account, one already on the staff: 4xx in both languages, nothing changed', async () => {
    const cook = await createUser(t, { roles: ['kitchen'] });
    const guest = await createUser(t);
    const squatter = await createUser(t, { isActive: false });
    const cases: [string, string, unknown, number, keyof typeof STAFF_MESSAGES][] = [
      ['PUT', `admin/staff/${cook.id}/`, { roles: ['kitchen', 'chef'] }, 422, 'unknownRole'],
      ['PUT', `admin/staff/${cook.id}/`, { roles: [] }, 422, 'noRoles'],
      ['POST', 'admin/staff/', { email: guest.email, roles: ['admin'] }, 422, 'unknownRole'],
      ['POST', 'admin/staff/', { email: 'nobody@example.com', roles: ['kitchen'] }, 404, 'userNotFound'],
      ['POST', 'admin/staff/', { email: squatter.email, roles: ['kitchen'] }, 409, 'notActivated'],
      ['POST', 'admin/staff/', { email: cook.email, roles: ['reception'] }, 409, 'alreadyStaff'],
      ['PUT', `admin/staff/${guest.id}/`, { roles: ['kitchen'] }, 404, 'notStaff'],
      ['POST', `admin/staff/${guest.id}/deactivate/`, undefined, 404, 'notStaff'],
    ];
    for (const [method, url, body, status, reason] of cases) {
      const english = await call(method as 'POST', url, body, superuser.headers);
      expect([english.statusCode, english.json().detail], `${method} ${url} ${JSON.stringify(body)}`).toEqual([status, STAFF_MESSAGES[reason].en]);
      const russian = await call(method as 'POST', url, body, ru(superuser.headers));
      expect([russian.statusCode, russian.json().detail]).toEqual([status, STAFF_MESSAGES[reason].ru]);
    }
    expect(await rolesOf(cook.id)).toEqual(['kitchen']);
    expect(await rolesOf(guest.id)).toEqual([]);
    expect(await rolesOf(squatter.id)).toEqual([]);
    expect((await call('POST', 'admin/staff/', { email: 'not an e-mail', roles: ['kitchen'] }, superuser.headers)).statusCode).toBe(422);
  });

  it('bad input: nobody changes their own roles or deactivates themselves, and the last superuser keeps the role', async () => {
    const self = await call('PUT', `admin/staff/${superuser.id}/`, { roles: ['manager'] }, superuser.headers);
    expect([self.statusCode, self.json().detail]).toEqual([403, STAFF_MESSAGES.self.en]);
    const selfOff = await call('POST', `admin/staff/${superuser.id}/deactivate/`, undefined, ru(superuser.headers));
    expect([selfOff.statusCode, selfOff.json().detail]).toEqual([403, STAFF_MESSAGES.self.ru]);
    const selfInvite = await call('POST', 'admin/staff/', { email: superuser.email, roles: ['kitchen'] }, superuser.headers);
    expect([selfInvite.statusCode, selfInvite.json().detail]).toEqual([403, STAFF_MESSAGES.self.en]);
  });

  it('bad input: the last superuser keeps the role: two superusers taking it from each other at once, one of them is refused', async () => {
    // Only these two hold the role.
    const one = await createUser(t, { role: 'superuser' });
    const two = await createUser(t, { role: 'superuser' });
    await t.database.db.delete(staffRoles).where(and(eq(staffRoles.role, 'superuser'), notInArray(staffRoles.userId, [one.id, two.id])));
    try {
      const answers = await Promise.all([
        call('PUT', `admin/staff/${two.id}/`, { roles: ['manager'] }, one.headers),
        call('POST', `admin/staff/${one.id}/deactivate/`, undefined, two.headers),
      ]);
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toHaveLength(2);
      // Whichever came second was refused: either as the last superuser, or because its caller was no longer one.
      expect(statuses.filter((status) => status < 300)).toHaveLength(1);
      const refused = answers.find((res) => res.statusCode >= 400)!;
      expect([STAFF_MESSAGES.lastSuperuser.en, FORBIDDEN_DETAIL.en]).toContain(refused.json().detail);
      expect(await t.database.db.select().from(staffRoles).where(eq(staffRoles.role, 'superuser'))).toHaveLength(1);
    } finally {
      await t.database.db.insert(staffRoles).values({ userId: superuser.id, role: 'superuser' }).onConflictDoNothing();
    }
  });

  it('deactivates someone who left: their roles go, their open session is refused at its next request, they sign in no more', async () => {
    const receptionist = await createUser(t, { roles: ['reception'] });
    expect((await call('GET', 'admin/reservations/board/', undefined, receptionist.headers)).statusCode).not.toBe(403);
    const res = await call('POST', `admin/staff/${receptionist.id}/deactivate/`, undefined, superuser.headers);
    expect(res.statusCode).toBe(204);
    const old = await call('GET', 'admin/reservations/board/', undefined, receptionist.headers);
    expect([old.statusCode, old.json().detail]).toEqual([401, 'Authentication required']);
    expect((await call('GET', 'auth/me/', undefined, receptionist.headers)).statusCode).toBe(401);
    expect(await rolesOf(receptionist.id)).toEqual([]);
    const login = await call('POST', 'auth/login/', { email: receptionist.email, password: receptionist.password }, { cookie: 'language=ru' });
    expect([login.statusCode, login.json().detail]).toEqual([403, STAFF_MESSAGES.deactivated.ru]);
    expect((await listStaff(superuser.headers)).some((member) => member.id === receptionist.id)).toBe(false);
    const { entries } = auditPageSchema.parse((await call('GET', 'admin/log/', undefined, superuser.headers)).json());
    expect(entries[0]).toMatchObject({ action: 'staff.deactivate', before: { roles: ['reception'] }, after: { roles: [], deactivated: true } });
    // Invited again, the account comes back with the roles chosen then.
    expect((await call('POST', 'admin/staff/', { email: receptionist.email, roles: ['housekeeping'] }, superuser.headers)).statusCode).toBe(201);
    expect((await call('POST', 'auth/login/', { email: receptionist.email, password: receptionist.password })).statusCode).toBe(200);
  });
});

describe('GET admin/log/', () => {
  it('shows the superuser who changed the staff, newest first; managers may not read it', async () => {
    const user = await createUser(t);
    await call('POST', 'admin/staff/', { email: user.email, roles: ['kitchen'] }, superuser.headers);
    await call('POST', `admin/staff/${user.id}/deactivate/`, undefined, superuser.headers);
    const res = await call('GET', 'admin/log/', undefined, superuser.headers);
    expect(res.statusCode).toBe(200);
    const page = auditPageSchema.parse(res.json());
    expect(page.entries.slice(0, 2)).toMatchObject([
      { action: 'staff.deactivate', actor: { id: superuser.id, email: superuser.email }, target: `user ${user.email}` },
      { action: 'staff.add', actor: { id: superuser.id, email: superuser.email }, target: `user ${user.email}`, before: { roles: [] }, after: { roles: ['kitchen'] } },
    ]);
    expect(page.entries[0]).toMatchObject({ target_kind: 'user', target_id: user.email, target_name: null });
    expect((await call('GET', 'admin/log/', undefined, admin.headers)).statusCode).toBe(403);
    expect((await call('GET', 'admin/log/?before=abc', undefined, superuser.headers)).statusCode).toBe(422);
  });

  it("names each entry's target by kind and id for the screen to translate, with the room's or category's name, kept after a delete", async () => {
    const rooms = await insertRooms(t);
    await call('PATCH', `admin/rooms/${rooms.family}/`, { price: 320_00 }, admin.headers);
    const category = (await call('POST', 'admin/menu/categories/', { title: { ru: 'Супы', en: 'Soups' } }, admin.headers)).json<AdminCategory>();
    await call('DELETE', `admin/menu/categories/${category.id}/`, undefined, admin.headers);
    // A target of another shape, as an older or newer server might have written it, is answered as written.
    await t.database.db.insert(auditEvents).values({ actorId: admin.id, actorEmail: admin.email, action: 'room.update', target: 'the lobby', before: null, after: null });

    const { entries } = auditPageSchema.parse((await call('GET', 'admin/log/', undefined, superuser.headers)).json());
    const targets = (entry: AuditEntry) => [entry.target, entry.target_kind, entry.target_id, entry.target_name];
    expect(entries.slice(0, 4).map(targets)).toEqual([
      ['the lobby', null, null, null],
      [`category ${category.id}`, 'category', String(category.id), { ru: 'Супы', en: 'Soups' }],
      [`category ${category.id}`, 'category', String(category.id), { ru: 'Супы', en: 'Soups' }],
      [`room ${rooms.family}`, 'room', String(rooms.family), { ru: 'Номер family', en: 'Room family' }],
    ]);
  });
});
