/** Rooms, amenities and room photos in the admin area (API-46..48; ADM-15..25). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminConvenienceSchema, adminRoomSchema, type AdminConvenience, type AdminRoom, type Room } from '@hotel/domain';
import { auditEvents, conveniences, roomConveniences, rooms } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { insertRooms, type TestRooms } from '../hotel-fixtures';
import { picture, sendForm } from '../support/admin';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let testRooms: TestRooms;
let admin: TestUser;
let user: TestUser;
let wifi: number;
let kettle: number;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  testRooms = await insertRooms(t);
  admin = await createUser(t, { role: 'admin' });
  user = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.database.db.delete(roomConveniences);
  await t.database.db.delete(conveniences);
  const made = await t.database.db
    .insert(conveniences)
    .values([{ description: { ru: 'Wi-Fi', en: 'Wi-Fi' } }, { description: { ru: 'Чайник', en: '' } }])
    .returning({ id: conveniences.id });
  [wifi, kettle] = made.map((row) => row.id) as [number, number];
  await t.database.db.insert(roomConveniences).values([
    { roomId: testRooms.double, convenienceId: wifi },
    { roomId: testRooms.family, convenienceId: wifi },
    { roomId: testRooms.family, convenienceId: kettle },
  ]);
  // The public room list is kept in memory and reloaded when the database says the rooms changed;
  // on a busy machine that notice could come after the test's first read.
  await t.app.dataVersions.caughtUp();
});

const publicRoom = async (id: number) => ((await call('GET', 'hotel/rooms/')).json() as Room[]).find((room) => room.id === id)!;
const roomRow = async (id: number) => (await t.database.db.select().from(rooms).where(eq(rooms.id, id)))[0]!;

describe('PATCH admin/rooms/{room_id}/ (API-48)', () => {
  it('ADM-19: saves price, extra price and amenities; the public room list and the sync show them', async () => {
    const res = await call('PATCH', `admin/rooms/${testRooms.family}/`, { price: 320_00, extra_price: 380_00, convenience_ids: [kettle] }, admin.headers);
    expect(res.statusCode).toBe(200);
    const room: AdminRoom = adminRoomSchema.parse(res.json());
    expect(room).toMatchObject({ price: 320_00, extra_price: 380_00 });
    expect(room.conveniences.map((c) => c.id)).toEqual([kettle]);

    const seen = await publicRoom(testRooms.family);
    expect(seen).toMatchObject({ price: 320_00, extra_price: 380_00 });
    const synced = ((await call('POST', 'hotel/rooms/sync/', {})).json() as Room[]).find((r) => r.id === testRooms.family)!;
    expect(synced.conveniences.map((c) => c.id)).toEqual([kettle]);
  });

  it('API-48: takes {convenience_ids} alone and leaves the prices', async () => {
    const before = await roomRow(testRooms.double);
    const res = await call('PATCH', `admin/rooms/${testRooms.double}/`, { convenience_ids: [wifi, kettle] }, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminRoom>().conveniences.map((c) => c.id)).toEqual([wifi, kettle]);
    expect(await roomRow(testRooms.double)).toMatchObject({ price: before.price, extraPrice: before.extraPrice });
  });

  it('ADM-15, ADM-16: refuses a negative, a fractional or a non-numeric price and changes nothing', async () => {
    const before = await roomRow(testRooms.family);
    for (const body of [{ price: -1 }, { price: 'сто' }, { price: 10.5 }, { extra_price: -100 }, { price: null }, {}]) {
      const res = await call('PATCH', `admin/rooms/${testRooms.family}/`, body, admin.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toHaveProperty('detail');
    }
    expect(await roomRow(testRooms.family)).toEqual(before);
  });

  it('ADM-18: an unknown amenity id answers 422 and the room keeps its amenities', async () => {
    const res = await call('PATCH', `admin/rooms/${testRooms.family}/`, { price: 1, convenience_ids: [wifi, 999_999] }, admin.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/Unknown amenity 999999/);
    expect((await publicRoom(testRooms.family)).conveniences.map((c) => c.id)).toEqual([wifi, kettle]);
    expect((await roomRow(testRooms.family)).price).not.toBe(1);
  });

  it('ADM-17: an extra price on a room without extra places is refused; null removes one', async () => {
    const refused = await call('PATCH', `admin/rooms/${testRooms.double}/`, { extra_price: 50_00 }, admin.headers);
    expect(refused.statusCode).toBe(422);
    const removed = await call('PATCH', `admin/rooms/${testRooms.family}/`, { extra_price: null }, admin.headers);
    expect(removed.json<AdminRoom>().extra_price).toBeNull();
  });

  it('an unknown room answers 404; a malformed id 422', async () => {
    expect((await call('PATCH', 'admin/rooms/999999/', { price: 1 }, admin.headers)).statusCode).toBe(404);
    expect((await call('PATCH', 'admin/rooms/abc/', { price: 1 }, admin.headers)).statusCode).toBe(422);
  });

  it('API-54: a plain user gets 403 and an anonymous caller 401, before the body is read', async () => {
    expect((await call('PATCH', `admin/rooms/${testRooms.family}/`, { price: 1 }, user.headers)).statusCode).toBe(403);
    expect((await call('PATCH', `admin/rooms/${testRooms.family}/`, { price: 'x' })).statusCode).toBe(401);
  });

  it('records who changed the price, with the old and the new value', async () => {
    await call('PATCH', `admin/rooms/${testRooms.single}/`, { price: 155_00 }, admin.headers);
    const [entry] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `room ${testRooms.single}`));
    expect(entry).toMatchObject({ action: 'room.update', actorId: admin.id, actorEmail: admin.email, before: { price: 150_00 }, after: { price: 155_00 } });
  });
});

describe('admin/conveniences/ (API-46, API-47)', () => {
  it('ADM-21: creates an amenity from a description and a picture; visitors read the Russian where English is empty', async () => {
    const res = await sendForm(t, 'POST', 'admin/conveniences/', { description: '  Сейф  ', file: { bytes: await picture('jpeg'), filename: 'safe.jpg', type: 'image/jpeg' } }, admin.headers);
    expect(res.statusCode).toBe(201);
    const made: AdminConvenience = adminConvenienceSchema.parse(res.json());
    expect(made.description).toEqual({ ru: 'Сейф', en: '' });
    expect(made.image).toMatch(/\/api\/v1\/uploads\/amenity-[a-f0-9]+\.webp$/);

    const image = await t.app.inject({ method: 'GET', url: new URL(made.image!).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const listed = (await call('GET', 'hotel/conveniences/')).json() as { id: number; description: { ru: string; en: string } }[];
    expect(listed.find((c) => c.id === made.id)?.description).toEqual({ ru: 'Сейф', en: 'Сейф' });
  });

  it('ADM-22: a description of spaces is refused', async () => {
    const res = await sendForm(t, 'POST', 'admin/conveniences/', { description: '   ' }, admin.headers);
    expect(res.statusCode).toBe(422);
  });

  it('ADM-23: a file that is not a picture is refused by its content, whatever its name says', async () => {
    const before = await t.database.db.select().from(conveniences);
    const fake = { bytes: Buffer.from('<?php echo "not a picture"; ?>'.repeat(20)), filename: 'photo.jpg', type: 'image/jpeg' };
    const res = await sendForm(t, 'POST', 'admin/conveniences/', { description: 'Фен', file: fake }, admin.headers);
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(/not a picture/);
    const svg = { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), filename: 'icon.png', type: 'image/png' };
    expect((await sendForm(t, 'POST', 'admin/conveniences/', { description: 'Фен', file: svg }, admin.headers)).statusCode).toBe(415);
    expect(await t.database.db.select().from(conveniences)).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const before = await t.database.db.select().from(conveniences);
    const huge = { bytes: Buffer.alloc(50 * 1024 * 1024, 1), filename: 'huge.jpg', type: 'image/jpeg' };
    const res = await sendForm(t, 'POST', 'admin/conveniences/', { description: 'Огромное', file: huge }, admin.headers);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toHaveProperty('detail');
    expect(await t.database.db.select().from(conveniences)).toEqual(before);
  });

  it('API-47: PUT changes the fields sent; the English description can be set alone', async () => {
    const res = await sendForm(t, 'PUT', `admin/conveniences/${kettle}/`, { description_en: 'Kettle' }, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminConvenience>()).toMatchObject({ id: kettle, description: { ru: 'Чайник', en: 'Kettle' }, room_count: 1 });
  });

  it('ADM-24: deleting an amenity takes it off every room that has it', async () => {
    const res = await call('DELETE', `admin/conveniences/${wifi}/`, undefined, admin.headers);
    expect(res.statusCode).toBe(204);
    expect((await publicRoom(testRooms.double)).conveniences).toEqual([]);
    expect((await publicRoom(testRooms.family)).conveniences.map((c) => c.id)).toEqual([kettle]);
    const [entry] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `amenity ${wifi}`));
    expect(entry?.before).toMatchObject({ room_ids: [testRooms.double, testRooms.family].sort((a, b) => a - b) });
    expect((await call('DELETE', `admin/conveniences/${wifi}/`, undefined, admin.headers)).statusCode).toBe(404);
  });
});

describe('room photos', () => {
  it('uploads several, puts them in order (the first is the cover), deletes one; served as WebP and AVIF', async () => {
    const id = testRooms.single;
    const first = await sendForm(t, 'POST', `admin/rooms/${id}/images/`, { file: { bytes: await picture('png', 900, 600), filename: 'a.png' } }, admin.headers);
    expect(first.statusCode).toBe(201);
    const second = await sendForm(t, 'POST', `admin/rooms/${id}/images/`, { file: { bytes: await picture('avif', 800, 500), filename: 'b.avif' }, alt: 'Вид из окна', alt_en: 'The view' }, admin.headers);
    const room = second.json<AdminRoom>();
    expect(room.images).toHaveLength(2);
    expect(room.images[1]!.alt).toEqual({ ru: 'Вид из окна', en: 'The view' });
    expect(room.images[0]!.widths).toEqual([320, 640, 960, 1280]);

    const files = room.images.map((image) => new URL(image.src).pathname.split('/').pop()!);
    const reordered = await call('PUT', `admin/rooms/${id}/images/`, { files: [files[1], files[0]] }, admin.headers);
    expect(reordered.statusCode).toBe(200);
    expect((await publicRoom(id)).images.map((image) => image.src.split('/').pop())).toEqual([files[1], files[0]]);
    expect((await call('PUT', `admin/rooms/${id}/images/`, { files: [files[1]] }, admin.headers)).statusCode).toBe(422);

    // The AVIF is made in the background after the upload; until then the WebP answers, not kept long.
    const src = new URL(room.images[0]!.src).pathname;
    const avif = () => t.app.inject({ method: 'GET', url: `${src}?w=320&f=avif` });
    const early = await avif();
    expect(early.statusCode).toBe(200);
    if (early.headers['content-type'] === 'image/webp') expect(early.headers['cache-control']).toBe('public, max-age=60');
    await expect.poll(async () => (await avif()).headers['content-type'], { timeout: 20_000 }).toBe('image/avif');
    expect((await avif()).headers['cache-control']).toContain('immutable');
    const webp = await t.app.inject({ method: 'GET', url: `${src}?w=320` });
    expect(webp.headers['content-type']).toBe('image/webp');

    const removed = await call('DELETE', `admin/rooms/${id}/images/${files[1]}/`, undefined, admin.headers);
    expect(removed.json<AdminRoom>().images.map((image) => image.src.split('/').pop())).toEqual([files[0]]);
  });

  it('refuses a non-picture and a missing file', async () => {
    const res = await sendForm(t, 'POST', `admin/rooms/${testRooms.double}/images/`, { file: { bytes: Buffer.from('GIF89a but not really'), filename: 'x.jpg' } }, admin.headers);
    expect(res.statusCode).toBe(415);
    expect((await sendForm(t, 'POST', `admin/rooms/${testRooms.double}/images/`, { alt: 'Без файла' }, admin.headers)).statusCode).toBe(422);
  });
});
