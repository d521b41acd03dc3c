import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestSchema } from '@hotel/domain';
import { createTestApp, type TestApp } from '../app';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  owner = await createUser(t);
  stranger = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

const guest = { first_name: 'Ivan', last_name: 'Petrau', second_name: 'Mikalaevich' };

describe('account/guests/ (API-15, API-16)', () => {
  it('adds a guest of the signed-in user and lists it', async () => {
    const created = await call('POST', 'account/guests/', { ...guest, user_id: owner.id }, owner.headers);
    expect(created.statusCode).toBe(201);
    const body = guestSchema.parse(created.json());
    expect(body).toMatchObject({ ...guest, user_id: owner.id });
    const list = await call('GET', 'account/guests/', undefined, owner.headers);
    expect(list.json()).toEqual([body]);
  });

  it('ignores a user_id of someone else: the guest is always the caller’s', async () => {
    const res = await call('POST', 'account/guests/', { first_name: 'Anna', last_name: 'Z', user_id: owner.id }, stranger.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user_id: stranger.id, second_name: null });
    const ownerList = await call('GET', 'account/guests/', undefined, owner.headers);
    expect(ownerList.json().map((g: { first_name: string }) => g.first_name)).not.toContain('Anna');
  });

  it('reads, changes and removes one guest', async () => {
    const { id } = (await call('POST', 'account/guests/', guest, owner.headers)).json();
    const read = await call('GET', `account/guests/${id}/`, undefined, owner.headers);
    expect(read.json()).toMatchObject({ id, ...guest });

    const changed = await call('PUT', `account/guests/${id}/`, { first_name: 'Iryna', last_name: 'Petrava' }, owner.headers);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ id, first_name: 'Iryna', last_name: 'Petrava', second_name: null, user_id: owner.id });

    const removed = await call('DELETE', `account/guests/${id}/`, undefined, owner.headers);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await call('GET', `account/guests/${id}/`, undefined, owner.headers)).statusCode).toBe(404);
  });

  it('another user’s guest answers 404 "Not found" to read, change and delete, and stays as it was', async () => {
    const { id } = (await call('POST', 'account/guests/', guest, owner.headers)).json();
    for (const [method, body] of [['GET'], ['PUT', { first_name: 'X', last_name: 'Y' }], ['DELETE']] as const) {
      const res = await call(method, `account/guests/${id}/`, body, stranger.headers);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found' });
    }
    expect((await call('GET', `account/guests/${id}/`, undefined, owner.headers)).json()).toMatchObject(guest);
  });

  it('an unknown id answers 404 and a non-numeric one 422', async () => {
    expect((await call('GET', 'account/guests/999999/', undefined, owner.headers)).statusCode).toBe(404);
    expect((await call('GET', 'account/guests/abc/', undefined, owner.headers)).statusCode).toBe(422);
  });

  it('first and last name are required (422, API-55)', async () => {
    const res = await call('POST', 'account/guests/', { first_name: 'Ivan', last_name: ' ' }, owner.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('body.last_name: Required');
    expect((await call('POST', 'account/guests/', { last_name: 'P' }, owner.headers)).statusCode).toBe(422);
  });

  it('every route answers 401 to an anonymous caller', async () => {
    const { id } = (await call('POST', 'account/guests/', guest, owner.headers)).json();
    const attempts = [
      call('GET', 'account/guests/'),
      call('POST', 'account/guests/', guest),
      call('GET', `account/guests/${id}/`),
      call('PUT', `account/guests/${id}/`, guest),
      call('DELETE', `account/guests/${id}/`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication required' });
    }
  });
});
