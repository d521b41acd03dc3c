/**
 * Staff are told, by role (issue 49, point 5): a booking, a cancellation and an order each reach
 * the e-mail and the Telegram chat (the Bot API's stand-in) of the active staff holding the role it
 * concerns, once, and nobody else's; quiet hours hold notices until they end; the preferences and
 * the linking routes refuse bad input with a `detail`; a notice carries no card or document data.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hotelClock, type NoticePreferences, type StaffRole } from '@hotel/domain';
import { staffNoticeDeliveries, staffRoles, users } from '../../src/db/schema';
import { noticesSettled, quietUntil } from '../../src/modules/notices/notices';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, setLanguage, type TestRooms } from '../hotel-fixtures';
import { insertCard, insertMenu, insertOrderingGuest, postOrder, type TestMenu } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { openSse } from '../support/sse';
import { startTelegramStandin, type TelegramStandin } from '../support/telegram-standin';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let mail: CapturedMail;
let telegram: TelegramStandin;
let rooms: TestRooms;
let menu: TestMenu;
let secret: string;
let nextChat = 7000;
let nextDay = 30;

interface Staff extends TestUser {
  chat: number;
}

let reception: Staff;
let kitchen: Staff;
let accountant: Staff;
let manager: Staff;
let leaver: Staff;
let roleless: Staff;

const webhook = (update: unknown, token: string | null = secret) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/notices/telegram/webhook/',
    headers: token === null ? {} : { 'x-telegram-bot-api-secret-token': token },
    payload: update as object,
  });

const startUpdate = (chat: number, text: string, type = 'private') => ({
  update_id: chat * 10 + Math.floor(Math.random() * 9),
  message: { message_id: 1, date: 1, chat: { id: chat, type }, from: { id: chat, is_bot: false, first_name: 'Staff' }, text },
});

/** Links `user`'s account to a new chat, as the person does: the link from the account, then /start in Telegram. */
async function linkTelegram(user: TestUser): Promise<number> {
  const res = await call('POST', 'account/notices/telegram/', undefined, user.headers);
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json<{ url: string }>().url);
  expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${telegram.username}`);
  const chat = (nextChat += 1);
  expect((await webhook(startUpdate(chat, `/start ${url.searchParams.get('start')}`))).statusCode).toBe(200);
  await until(() => telegram.to(chat).length > 0);
  telegram.messages.length = 0;
  return chat;
}

async function staff(roles: StaffRole[], options: { link?: boolean } = {}): Promise<Staff> {
  const user = await createUser(t);
  if (roles.length > 0) await t.database.db.insert(staffRoles).values(roles.map((role) => ({ userId: user.id, role })));
  // A role-less account cannot use the notices' routes: its chat is left unlinked.
  const chat = options.link === false ? 0 : await linkTelegram(user);
  return { ...user, chat };
}

async function until(condition: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Notices stored and sent (they go in the background, after the request's answer). */
const settled = () => noticesSettled(t.database.db);

/** Notice letters to the person, whose subject names `marker`. */
const noticeMail = (person: TestUser, marker: string) => mail.to(person.email).filter((letter) => letter.subject.includes(marker));
const noticeChats = (person: Staff, marker: string) => telegram.to(person.chat).filter((text) => text.includes(marker));

beforeAll(async () => {
  telegram = await startTelegramStandin();
  mail = captureMail();
  t = await createTestApp(
    {
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_URL: telegram.url,
      PUBLIC_URL: 'https://hotel.test',
      NOTICES_INTERVAL_SECONDS: '0',
      PAYMENT_SETTLE_INTERVAL_SECONDS: '0',
    },
    { mailer: mail },
  );
  call = caller(t);
  // The webhook is set at start with a secret of its own; Telegram's updates carry it.
  await until(() => telegram.webhooks.length > 0);
  expect(telegram.webhooks[0]!.url).toBe('https://hotel.test/api/v1/notices/telegram/webhook/');
  secret = telegram.webhooks[0]!.secret_token;
  rooms = await insertRooms(t);
  menu = await insertMenu(t);
  reception = await staff(['reception']);
  await setLanguage(t, reception.id, 'en');
  kitchen = await staff(['kitchen']);
  accountant = await staff(['accountant']);
  manager = await staff(['manager']);
  leaver = await staff(['reception']);
  await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, leaver.id));
  roleless = await staff([], { link: false });
});
afterAll(async () => {
  await t?.close();
  await telegram?.close();
});
afterEach(async () => {
  await settled();
  mail.letters.length = 0;
  telegram.messages.length = 0;
});

async function book(guest: TestUser, extra: Record<string, unknown> = {}) {
  const arrival = day(nextDay);
  nextDay += 3;
  const card = await insertCard(t, guest.id, { last4: '9876' });
  const res = await call(
    'POST',
    'hotel/reservations/',
    { room_id: rooms.double, arrival, departure: day(nextDay - 1), payment_method_id: card.publicId, ...extra },
    guest.headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** Places an order and pays it with the guest's card, as the checkout does. */
async function order(): Promise<number> {
  const g = await insertOrderingGuest(t);
  const res = await postOrder(t, call, { address_id: g.address, payment_method_id: g.card.publicId, items: [{ product_id: String(menu.soup), quantity: 1 }] }, g.user.headers);
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<{ id: number }>();
  // Not paid yet: the kitchen has nothing to cook.
  await settled();
  expect(mail.to(kitchen.email)).toEqual([]);
  const paid = await call('POST', 'payments/create/', { order_id: id, payment_method_id: g.card.publicId }, g.user.headers);
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  return id;
}

/** Everyone on the staff but `who` received nothing since the test began, in either language. */
function nobodyElse(who: Staff[]) {
  for (const person of [reception, kitchen, accountant, manager, leaver, roleless]) {
    if (who.includes(person)) continue;
    expect(mail.to(person.email), `letters to ${person.email}`).toEqual([]);
    if (person.chat) expect(telegram.to(person.chat), `chat of ${person.email}`).toEqual([]);
  }
}

describe('staff are told, by role (issue 49, point 5)', () => {
  it('a booking reaches reception by e-mail and Telegram once, with the link to the board, and nobody else', async () => {
    const guest = await createUser(t, { firstName: 'Варвара' });
    const id = await book(guest);
    await settled();
    const marker = `#${id}:`;
    const letters = noticeMail(reception, marker);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.text).toContain('https://hotel.test/admin/reservations');
    expect(letters[0]!.text).toContain('https://hotel.test/account/notices');
    const chats = noticeChats(reception, `#${id}:`);
    expect(chats).toHaveLength(1);
    expect(chats[0]).toContain('https://hotel.test/admin/reservations');
    nobodyElse([reception]);
  });

  it('a notice carries no card digits, document number, name or address of the guest', async () => {
    const guest = await createUser(t, { firstName: 'Варвара' });
    const id = await book(guest, { special_requests: 'Паспорт MP1234567, карта 4111 1111 1111 1111' });
    await settled();
    const [letter] = noticeMail(reception, `#${id}:`);
    const [chat] = noticeChats(reception, `#${id}:`);
    for (const text of [letter!.text, letter!.html, letter!.subject, chat!]) {
      expect(text).toContain(String(id));
      for (const secret of ['9876', 'MP1234567', '4111', 'Варвара', guest.email, 'Паспорт']) expect(text).not.toContain(secret);
    }
  });

  it('a cancellation reaches reception once, and nobody else', async () => {
    const guest = await createUser(t);
    const id = await book(guest);
    await settled();
    mail.letters.length = 0;
    telegram.messages.length = 0;
    const res = await call('POST', `hotel/reservations/cancel/${id}/`, undefined, guest.headers);
    expect(res.statusCode, res.body).toBe(200);
    await settled();
    const marker = `#${id} cancelled`;
    expect(noticeMail(reception, marker)).toHaveLength(1);
    expect(noticeChats(reception, marker)).toHaveLength(1);
    nobodyElse([reception]);
  });

  it('a table request on the site reaches reception once, without the guest’s name, phone or wishes', async () => {
    const guest = await createUser(t, { firstName: 'Варвара' });
    const res = await call(
      'POST',
      'restaurant/tables/',
      { date: day(6), time: '19:30', party: 4, name: 'Варвара Ковалёва', phone: '+375 29 123-45-67', email: guest.email, wishes: 'У окна', language: 'ru' },
      guest.headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();
    await settled();
    const marker = `Table request #${id}:`;
    const [letter] = noticeMail(reception, marker);
    expect(noticeMail(reception, marker)).toHaveLength(1);
    expect(letter!.text).toContain('19:30, 4 guests');
    expect(letter!.text).toContain('https://hotel.test/admin/restaurant');
    expect(noticeChats(reception, marker)).toHaveLength(1);
    for (const text of [letter!.text, noticeChats(reception, marker)[0]!]) {
      for (const personal of ['Варвара', '123-45-67', 'У окна', guest.email]) expect(text).not.toContain(personal);
    }
    nobodyElse([reception]);
  });

  it('an order reaches the kitchen once when no order board is open, and nobody else', async () => {
    const id = await order();
    await settled();
    // The kitchen's cook reads Russian.
    const marker = `заказ №${id},`;
    expect(noticeMail(kitchen, marker)).toHaveLength(1);
    expect(noticeMail(kitchen, marker)[0]!.text).toContain('https://hotel.test/admin/orders');
    expect(noticeChats(kitchen, marker)).toHaveLength(1);
    nobodyElse([kitchen]);
  });

  it('an order the open order board shows is not sent to the kitchen', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const board = await openSse(`http://127.0.0.1:${address.port}/api/v1/admin/orders/events/`, { cookie: kitchen.headers.cookie! });
    try {
      expect(board.status).toBe(200);
      const id = await order();
      await board.next((event) => event.event === 'order' && event.data.includes(`"id":${id},"status":"accepted"`));
      await settled();
      expect(noticeMail(kitchen, `№${id}`)).toEqual([]);
      expect(noticeChats(kitchen, `№${id}`)).toEqual([]);
    } finally {
      board.close();
    }
  });

  it('quiet hours hold a notice until they end, then it goes once', async () => {
    const now = new Date();
    const minutes = (shift: number) => hotelClock(new Date(now.getTime() + shift * 60_000));
    // Quiet from an hour ago to two hours on (hotel time).
    const put = await call('PUT', 'account/notices/', { email: true, telegram: true, quiet_hours: { from: minutes(-60), to: minutes(120) } }, reception.headers);
    expect(put.statusCode, put.body).toBe(200);
    try {
      const guest = await createUser(t);
      const id = await book(guest);
      await settled();
      expect(noticeMail(reception, `#${id}:`)).toEqual([]);
      expect(noticeChats(reception, `#${id}:`)).toEqual([]);
      // Still quiet an hour on; past the end, it goes.
      expect(await t.app.notices.sendDue(new Date(now.getTime() + 60 * 60_000))).toBe(0);
      expect(await t.app.notices.sendDue(new Date(now.getTime() + 125 * 60_000))).toBe(2);
      expect(noticeMail(reception, `#${id}:`)).toHaveLength(1);
      expect(noticeChats(reception, `#${id}:`)).toHaveLength(1);
      expect(await t.app.notices.sendDue(new Date(now.getTime() + 300 * 60_000))).toBe(0);
    } finally {
      await call('PUT', 'account/notices/', { email: true, telegram: true, quiet_hours: null }, reception.headers);
    }
  });

  it('quiet hours may run past midnight (hotel time, Europe/Minsk)', () => {
    const at = (clock: string) => new Date(`2026-06-01T${clock}:00+03:00`);
    expect(quietUntil(at('23:30'), { from: '23:00', to: '07:00' })).toEqual(new Date('2026-06-02T07:00:00+03:00'));
    expect(quietUntil(at('03:15'), { from: '23:00', to: '07:00' })).toEqual(at('07:00'));
    expect(quietUntil(at('07:00'), { from: '23:00', to: '07:00' })).toBeNull();
    expect(quietUntil(at('12:00'), { from: '13:00', to: '14:00' })).toBeNull();
    expect(quietUntil(at('13:30'), { from: '13:00', to: '14:00' })).toEqual(at('14:00'));
  });

  it('a person who turned e-mail off gets Telegram only; one who unlinked gets e-mail only', async () => {
    const quietReception = await staff(['reception']);
    await setLanguage(t, quietReception.id, 'en');
    expect((await call('PUT', 'account/notices/', { email: false, telegram: true, quiet_hours: null }, quietReception.headers)).statusCode).toBe(200);
    const unlinked = await staff(['reception']);
    await setLanguage(t, unlinked.id, 'en');
    const off = await call('DELETE', 'account/notices/telegram/', undefined, unlinked.headers);
    expect(off.statusCode).toBe(200);
    expect(off.json<NoticePreferences>().telegram_linked).toBe(false);
    const id = await book(await createUser(t));
    await settled();
    expect(noticeMail(quietReception, `#${id}:`)).toEqual([]);
    expect(noticeChats(quietReception, `#${id}:`)).toHaveLength(1);
    expect(noticeMail(unlinked, `#${id}:`)).toHaveLength(1);
    expect(noticeChats(unlinked, `#${id}:`)).toEqual([]);
    await t.database.db.delete(staffRoles).where(eq(staffRoles.userId, quietReception.id));
    await t.database.db.delete(staffRoles).where(eq(staffRoles.userId, unlinked.id));
  });

  it('a message Telegram refuses is tried again later, and then sent once', async () => {
    telegram.failNext();
    const id = await book(await createUser(t));
    await settled();
    expect(noticeMail(reception, `#${id}:`)).toHaveLength(1);
    expect(noticeChats(reception, `#${id}:`)).toEqual([]);
    const [failed] = await t.database.db.select().from(staffNoticeDeliveries).where(eq(staffNoticeDeliveries.status, 'pending'));
    expect(failed?.lastError).toContain('429');
    expect(await t.app.notices.sendDue(new Date(Date.now() + 3 * 60_000))).toBe(1);
    expect(noticeChats(reception, `#${id}:`)).toHaveLength(1);
  });
});

describe('the preferences and linking routes (issue 49, point 5)', () => {
  it('a member of staff reads their channels, quiet hours and what they are told of', async () => {
    const res = await call('GET', 'account/notices/', undefined, kitchen.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: true, telegram: true, quiet_hours: null, telegram_linked: true, telegram_available: true, roles: ['kitchen'], kinds: ['order'] });
  });

  it('anonymous visitors get 401, guests and role-less accounts 403 with a detail in their language', async () => {
    expect((await call('GET', 'account/notices/')).statusCode).toBe(401);
    const guest = await createUser(t);
    for (const who of [guest, roleless]) {
      const res = await call('PUT', 'account/notices/', { email: true, telegram: true, quiet_hours: null }, who.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ detail: string }>().detail).toBe('Уведомления получают только сотрудники');
    }
  });

  it('bad preferences are refused 422 with a detail, and nothing changes', async () => {
    const bad: unknown[] = [
      { email: true, telegram: true, quiet_hours: { from: '25:00', to: '07:00' } },
      { email: true, telegram: true, quiet_hours: { from: '7:00', to: '08:00' } },
      { email: true, telegram: true, quiet_hours: { from: '23:00', to: '23:00' } },
      { email: 'yes', telegram: true, quiet_hours: null },
      { email: true, quiet_hours: null },
      { email: true, telegram: true, quiet_hours: null, role: 'superuser' },
      { email: true, telegram: true, quiet_hours: { from: '23:00' } },
    ];
    for (const body of bad) {
      const res = await call('PUT', 'account/notices/', body, kitchen.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<{ detail: string }>().detail, JSON.stringify(body)).toMatch(/^body/);
    }
    const same = await call('PUT', 'account/notices/', { email: true, telegram: true, quiet_hours: { from: '23:00', to: '23:00' } }, kitchen.headers);
    expect(same.json<{ detail: string }>().detail).toContain('Начало и конец тихих часов не могут совпадать');
    expect((await call('GET', 'account/notices/', undefined, kitchen.headers)).json<NoticePreferences>().quiet_hours).toBeNull();
  });

  it('the webhook refuses a missing or wrong secret token, and takes no command then', async () => {
    const user = await staff(['reception'], { link: false });
    const link = new URL((await call('POST', 'account/notices/telegram/', undefined, user.headers)).json<{ url: string }>().url);
    const code = link.searchParams.get('start')!;
    for (const token of [null, 'wrong', `${secret}x`]) {
      const res = await webhook(startUpdate(99_001, `/start ${code}`), token);
      expect(res.statusCode).toBe(401);
      expect(res.json<{ detail: string }>().detail).toBeTruthy();
    }
    expect((await call('GET', 'account/notices/', undefined, user.headers)).json<NoticePreferences>().telegram_linked).toBe(false);
    // A group chat is never linked: others there would read the notices.
    expect((await webhook(startUpdate(-99_002, `/start ${code}`, 'group'))).statusCode).toBe(200);
    expect((await call('GET', 'account/notices/', undefined, user.headers)).json<NoticePreferences>().telegram_linked).toBe(false);
    // A code is used once.
    expect((await webhook(startUpdate(99_003, `/start ${code}`))).statusCode).toBe(200);
    expect((await call('GET', 'account/notices/', undefined, user.headers)).json<NoticePreferences>().telegram_linked).toBe(true);
    expect((await webhook(startUpdate(99_004, `/start ${code}`))).statusCode).toBe(200);
    await until(() => telegram.to(99_004).length > 0);
    expect(telegram.to(99_004)[0]).toContain('больше не действует');
    // /stop unlinks.
    expect((await webhook(startUpdate(99_003, '/stop'))).statusCode).toBe(200);
    expect((await call('GET', 'account/notices/', undefined, user.headers)).json<NoticePreferences>().telegram_linked).toBe(false);
    await t.database.db.delete(staffRoles).where(eq(staffRoles.userId, user.id));
  });

  it('a malformed update is refused 422 with a detail', async () => {
    for (const body of [{}, { update_id: 'x' }, { update_id: 1, message: { chat: { id: 'me' } } }]) {
      const res = await webhook(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<{ detail: string }>().detail).toBeTruthy();
    }
  });
});

describe('without a bot (issue 49, point 5)', () => {
  it('linking is refused 409 with a detail, the page says so, and the webhook is 404', async () => {
    const plain = await createTestApp({ NOTICES_INTERVAL_SECONDS: '0' }, { mailer: captureMail() });
    try {
      const user = await createUser(plain, { role: 'admin' });
      await plain.database.db.insert(staffRoles).values({ userId: user.id, role: 'reception' });
      const res = await caller(plain)('POST', 'account/notices/telegram/', undefined, user.headers);
      expect(res.statusCode).toBe(409);
      expect(res.json<{ detail: string }>().detail).toBe('Бот Telegram у гостиницы не настроен');
      const prefs = await caller(plain)('GET', 'account/notices/', undefined, user.headers);
      expect(prefs.json<NoticePreferences>().telegram_available).toBe(false);
      const hook = await plain.app.inject({ method: 'POST', url: '/api/v1/notices/telegram/webhook/', payload: { update_id: 1 } });
      expect(hook.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
