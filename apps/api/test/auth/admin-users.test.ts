/** Administrators and the audit log (API-43..45; ADM-42..49). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_DETAILS, auditPageSchema, type AdminCategory, type AdminUser, type AuditEntry } from '@hotel/domain';
import { inArray } from 'drizzle-orm';
import { auditEvents, users } from '../../src/db/schema';
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

const listAdmins = async (headers: Record<string, string>) => (await call('GET', 'admin/admins/', undefined, headers)).json() as AdminUser[];

describe('admin/admins/ (API-43, API-44, API-45)', () => {
  it('API-43: lists administrators and superusers with id, username, e-mail and role, and their names (issue 26)', async () => {
    const list = await listAdmins(admin.headers);
    expect(list).toEqual(
      expect.arrayContaining([
        { id: superuser.id, username: null, first_name: 'Test', last_name: null, email: superuser.email, role: 'superuser', is_active: true },
        { id: admin.id, username: null, first_name: 'Test', last_name: null, email: admin.email, role: 'admin', is_active: true },
      ]),
    );
  });

  it('API-44, ADM-45: POST admin/admins/add/ with {email} makes an existing user an administrator; the e-mail is matched in any case', async () => {
    const user = await createUser(t);
    const res = await call('POST', 'admin/admins/add/', { email: user.email.toUpperCase() }, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, role: 'admin' });
    expect((await listAdmins(admin.headers)).some((a) => a.id === user.id)).toBe(true);
  });

  it('ERR-16, ERR-17, ADM-44: unknown user 404, already an administrator 400, yourself 400', async () => {
    const unknown = await call('POST', 'admin/admins/add/', { email: 'nobody@example.com' }, admin.headers);
    expect([unknown.statusCode, unknown.json().detail]).toEqual([404, ADMIN_DETAILS.userNotFound]);
    const again = await call('POST', 'admin/admins/add/', { email: superuser.email }, admin.headers);
    expect([again.statusCode, again.json().detail]).toEqual([400, ADMIN_DETAILS.alreadyAdmin]);
    const self = await call('POST', 'admin/admins/add/', { email: admin.email }, admin.headers);
    expect([self.statusCode, self.json().detail]).toEqual([400, ADMIN_DETAILS.selfAdd]);
    expect((await call('POST', 'admin/admins/add/', { email: 'not an e-mail' }, admin.headers)).statusCode).toBe(422);
  });

  it('ERR-18: a plain user adding an administrator gets 403', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const res = await call('POST', 'admin/admins/add/', { email: other.email }, user.headers);
    expect([res.statusCode, res.json().detail]).toEqual([403, ADMIN_DETAILS.insufficientRights]);
  });

  it('API-45, ADM-48: POST admin/admins/delete/ with {email} from the superuser removes an administrator, who loses the admin area at the next request', async () => {
    const removed = await createUser(t, { role: 'admin' });
    expect((await call('GET', 'admin/menu/categories/', undefined, removed.headers)).statusCode).toBe(200);
    const res = await call('POST', 'admin/admins/delete/', { email: removed.email }, superuser.headers);
    expect(res.statusCode).toBe(204);
    expect((await listAdmins(superuser.headers)).some((a) => a.id === removed.id)).toBe(false);
    // Still signed in, no longer an administrator.
    expect((await call('GET', 'auth/me/', undefined, removed.headers)).json()).toMatchObject({ role: 'user' });
    expect((await call('GET', 'admin/menu/categories/', undefined, removed.headers)).statusCode).toBe(403);
  });

  it('issue 21: an account whose address nobody confirmed cannot be made an administrator', async () => {
    // Someone signed up first with a future colleague's address and never entered the code.
    const squatter = await createUser(t, { isActive: false });
    const res = await call('POST', 'admin/admins/add/', { email: squatter.email }, admin.headers);
    expect([res.statusCode, res.json().detail]).toEqual([400, ADMIN_DETAILS.notActivated]);
    expect((await listAdmins(admin.headers)).some((a) => a.id === squatter.id)).toBe(false);
    expect((await call('GET', 'admin/menu/categories/', undefined, squatter.headers)).statusCode).toBe(403);
  });

  it('issue 21: the list shows whether each account is confirmed, and a deactivated administrator loses the admin area at once', async () => {
    const colleague = await createUser(t, { role: 'admin' });
    const boss = await createUser(t, { role: 'superuser' });
    expect((await call('GET', 'admin/menu/categories/', undefined, colleague.headers)).statusCode).toBe(200);
    await t.database.db.update(users).set({ isActive: false }).where(inArray(users.id, [colleague.id, boss.id]));
    expect((await listAdmins(admin.headers)).find((a) => a.id === colleague.id)).toMatchObject({ role: 'admin', is_active: false });
    // Still signed in: the very next request is refused.
    for (const who of [colleague, boss]) {
      expect((await call('GET', 'admin/menu/categories/', undefined, who.headers)).statusCode).toBe(403);
      expect((await call('GET', 'admin/log/', undefined, who.headers)).statusCode).toBe(403);
    }
  });

  it('ADM-49: a superuser can never be removed, not even by calling the API', async () => {
    const res = await call('POST', 'admin/admins/delete/', { email: superuser.email }, superuser.headers);
    expect([res.statusCode, res.json().detail]).toEqual([403, ADMIN_DETAILS.superuserStays]);
    expect((await listAdmins(superuser.headers)).find((a) => a.id === superuser.id)?.role).toBe('superuser');
  });

  it('only the superuser removes administrators; a user who is not one answers 404', async () => {
    const other = await createUser(t, { role: 'admin' });
    const byAdmin = await call('POST', 'admin/admins/delete/', { email: other.email }, admin.headers);
    expect(byAdmin.statusCode).toBe(403);
    const plain = await createUser(t);
    const notAdmin = await call('POST', 'admin/admins/delete/', { email: plain.email }, superuser.headers);
    expect([notAdmin.statusCode, notAdmin.json().detail]).toEqual([404, ADMIN_DETAILS.notAdmin]);
  });
});

describe('GET admin/log/', () => {
  it('shows the superuser who changed the administrators, newest first; admins may not read it', async () => {
    const user = await createUser(t);
    await call('POST', 'admin/admins/add/', { email: user.email }, admin.headers);
    await call('POST', 'admin/admins/delete/', { email: user.email }, superuser.headers);
    const res = await call('GET', 'admin/log/', undefined, superuser.headers);
    expect(res.statusCode).toBe(200);
    const page = auditPageSchema.parse(res.json());
    expect(page.entries.slice(0, 2)).toMatchObject([
      { action: 'admin.remove', actor: { id: superuser.id, email: superuser.email }, target: `user ${user.email}`, before: { role: 'admin' }, after: { role: 'user' } },
      { action: 'admin.add', actor: { id: admin.id, email: admin.email }, target: `user ${user.email}`, before: { role: 'user' }, after: { role: 'admin' } },
    ]);
    expect(page.entries[0]).toMatchObject({ target_kind: 'user', target_id: user.email, target_name: null });
    expect(page.next).toBeNull();
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
