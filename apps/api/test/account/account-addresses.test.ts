import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressSchema, type Address } from '@hotel/domain';
import { addresses } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
});

const home = { label: 'Home', address: 'Savetskaya 1, Grodno', entrance: 2, floor: 3, apartment: 14, intercom: '14K', comment: 'Ring twice' };
const office = { label: 'Office', address: 'Ažeška 22, Grodno' };

async function add(user: TestUser, body: Record<string, unknown>): Promise<Address> {
  const res = await call('POST', 'account/addresses/', body, user.headers);
  expect(res.statusCode).toBe(201);
  return addressSchema.parse(res.json());
}
const list = async (user: TestUser) => (await call('GET', 'account/addresses/', undefined, user.headers)).json() as Address[];
const primaryIds = async (user: TestUser) => (await list(user)).filter((a) => a.is_primary).map((a) => a.id);

describe('account/addresses/ (API-24, API-25)', () => {
  it('creates addresses; the first becomes primary, later ones do not unless asked', async () => {
    const user = await createUser(t);
    const first = await add(user, home);
    expect(first).toMatchObject({ ...home, is_primary: true });
    const second = await add(user, office);
    expect(second).toMatchObject({ ...office, entrance: null, floor: null, apartment: null, intercom: null, comment: null, is_primary: false });
    expect(await primaryIds(user)).toEqual([first.id]);
  });

  it('a new primary address clears the old one', async () => {
    const user = await createUser(t);
    await add(user, home);
    const second = await add(user, { ...office, is_primary: true });
    expect(second.is_primary).toBe(true);
    expect(await primaryIds(user)).toEqual([second.id]);
    expect((await list(user))[0]!.id).toBe(second.id);
  });

  it('PUT changes an address; is_primary true makes it the only primary one', async () => {
    const user = await createUser(t);
    const first = await add(user, home);
    const second = await add(user, office);
    const res = await call('PUT', `account/addresses/${second.id}/`, { ...office, comment: 'Reception', is_primary: true }, user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: second.id, comment: 'Reception', is_primary: true });
    expect(await primaryIds(user)).toEqual([second.id]);

    // Without is_primary the flag stays as it is.
    const kept = await call('PUT', `account/addresses/${first.id}/`, { ...home, floor: 5 }, user.headers);
    expect(kept.json()).toMatchObject({ floor: 5, is_primary: false });
    expect(await primaryIds(user)).toEqual([second.id]);
  });

  it('DELETE removes an address; removing the primary one promotes the oldest remaining', async () => {
    const user = await createUser(t);
    const first = await add(user, home);
    const second = await add(user, office);
    const third = await add(user, { label: 'Dacha', address: 'Putryshki' });
    const res = await call('DELETE', `account/addresses/${first.id}/`, undefined, user.headers);
    expect(res.statusCode).toBe(204);
    expect((await list(user)).map((a) => a.id).sort()).toEqual([second.id, third.id].sort());
    expect(await primaryIds(user)).toEqual([second.id]);
  });

  it('at most one primary address in the database', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 3; i += 1) await add(user, { ...office, label: `Place ${i}`, is_primary: true });
    const rows = await t.database.db.select().from(addresses).where(eq(addresses.userId, user.id));
    expect(rows.filter((r) => r.isPrimary)).toHaveLength(1);
  });

  it('another user’s address answers 404 "Not found" and stays as it was', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const address = await add(owner, home);
    await add(stranger, office);
    const put = await call('PUT', `account/addresses/${address.id}/`, { ...office, is_primary: true }, stranger.headers);
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ detail: 'Not found' });
    const del = await call('DELETE', `account/addresses/${address.id}/`, undefined, stranger.headers);
    expect(del.statusCode).toBe(404);
    expect(await list(owner)).toEqual([address]);
    expect((await list(stranger)).map((a) => a.label)).toEqual(['Office']);
    // The stranger's own primary address was not cleared by the refused PUT.
    expect(await primaryIds(stranger)).toHaveLength(1);
  });

  it('repeats the form’s rules on the server (422, API-55)', async () => {
    const user = await createUser(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...home, entrance: 0 }, 'body.entrance: Must be a whole number greater than 0'],
      [{ ...home, floor: 2.5 }, 'body.floor: Must be a whole number greater than 0'],
      [{ ...home, apartment: -1 }, 'body.apartment: Must be a whole number greater than 0'],
      [{ ...home, label: '' }, 'body.label: Required'],
      [{ label: 'Home' }, 'body.address'],
    ];
    for (const [body, detail] of cases) {
      const res = await call('POST', 'account/addresses/', body, user.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail).toContain(detail);
    }
    expect(await list(user)).toEqual([]);
  });

  it('every route answers 401 to an anonymous caller', async () => {
    const user = await createUser(t);
    const address = await add(user, home);
    const attempts = [
      call('GET', 'account/addresses/'),
      call('POST', 'account/addresses/', home),
      call('PUT', `account/addresses/${address.id}/`, home),
      call('DELETE', `account/addresses/${address.id}/`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(401);
  });
});
