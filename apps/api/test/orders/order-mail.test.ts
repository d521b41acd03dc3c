/**
 * The letters of a food order: the receipt once it is paid, one on each later change of status,
 * in the guest's language, through the app's mailer; a mail failure never undoes anything.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentCreated } from '@hotel/domain';
import { orders, users } from '../../src/db/schema';
import { advanceOrder } from '../../src/modules/orders/lifecycle';
import { settlePendingPayments } from '../../src/modules/payments/service';
import { createTestApp, type TestApp } from '../app';
import { insertAddress, insertCard, insertMenu, type TestMenu, postOrder } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;
let mail: CapturedMail;
beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0', PUBLIC_URL: 'https://house1799.example' }, { mailer: mail });
  call = caller(t);
  menu = await insertMenu(t);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  mail.letters.length = 0;
});

async function guest(language: 'ru' | 'en' = 'ru', firstName = 'Анна'): Promise<{ user: TestUser; card: string; address: number }> {
  const user = await createUser(t, { firstName });
  await t.database.db.update(users).set({ language }).where(eq(users.id, user.id));
  const card = await insertCard(t, user.id, { last4: '4242' });
  return { user, card: card.publicId, address: await insertAddress(t, user.id) };
}

async function paidOrder(g: { user: TestUser; card: string; address: number }): Promise<number> {
  const res = await postOrder(t, call, {
      address_id: g.address,
      payment_method_id: g.card,
      items: [
        { product_id: String(menu.soup), quantity: 2 },
        { product_id: String(menu.draniki), quantity: 1 },
      ],
      comment: 'Домофон не работает',
    },
    g.user.headers,
  );
  const id = res.json<{ id: number }>().id;
  const paid = (await call('POST', 'payments/create/', { order_id: id, payment_method_id: g.card }, g.user.headers)).json<PaymentCreated>();
  expect(paid.status).toBe('succeeded');
  return id;
}

describe('order mail', () => {
  it('sends a receipt once the order is paid: dishes, totals, address and when the courier is due', async () => {
    const g = await guest();
    const id = await paidOrder(g);
    const letters = mail.to(g.user.email);
    expect(letters).toHaveLength(1);
    const [receipt] = letters;
    expect(receipt!.subject).toBe(`Заказ №${id} оплачен и принят — Дом 1799`);
    expect(receipt!.text).toContain('Здравствуйте, Анна!');
    expect(receipt!.text).toContain('Суп × 2: 25 BYN');
    expect(receipt!.text).toContain('Драники × 1: 9,90 BYN');
    expect(receipt!.text).toContain('Блюда: 34,90 BYN');
    expect(receipt!.text).toContain('Доставка: 139 BYN');
    expect(receipt!.text).toContain('Итого: 173,90 BYN');
    expect(receipt!.text).toContain('Адрес доставки: ул. Советская, 1, подъезд 2, этаж 3, кв. 14, домофон 14K');
    expect(receipt!.text).toContain('Комментарий для курьера: Домофон не работает');
    expect(receipt!.text).toContain('Оплачено картой: VISA •••• 4242');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    const due = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Minsk' }).format(new Date(row!.paidAt!.getTime() + 60 * 60_000));
    expect(receipt!.text).toContain(`Курьер привезёт заказ к ${due}.`);
    expect(receipt!.text).toContain('https://house1799.example/account/orders');
    expect(receipt!.html).toContain('<html lang="ru">');
    expect(receipt!.html).toContain('173,90 BYN');
  });

  it("writes in the guest's language", async () => {
    const g = await guest('en', 'Mary');
    const id = await paidOrder(g);
    const [receipt] = mail.to(g.user.email);
    expect(receipt!.subject).toBe(`Order #${id} paid and accepted — House 1799`);
    expect(receipt!.text).toContain('Hello Mary,');
    expect(receipt!.text).toContain('Soup × 2: 25 BYN');
    expect(receipt!.text).toContain('Total: 173.90 BYN');
    expect(receipt!.text).toContain('Delivery address: ул. Советская, 1, entrance 2, floor 3, apt. 14, intercom 14K');
    expect(receipt!.text).toMatch(/The courier is due by \d{2}:\d{2}\./);
  });

  it('writes on each change of status as the kitchen and the courier move the order on', async () => {
    const g = await guest();
    const id = await paidOrder(g);
    mail.letters.length = 0;
    await advanceOrder(t.app, id, 'accepted');
    await advanceOrder(t.app, id, 'in_progress');
    await advanceOrder(t.app, id, 'delivering');
    expect(mail.to(g.user.email).map((l) => l.subject)).toEqual([
      `Заказ №${id} готовится — Дом 1799`,
      `Заказ №${id} в пути — Дом 1799`,
      `Заказ №${id} доставлен — Дом 1799`,
    ]);
    // The state machine still rules: a delivered order goes nowhere, and nothing is sent.
    await expect(advanceOrder(t.app, id, 'completed')).rejects.toMatchObject({ statusCode: 409 });
    expect(mail.to(g.user.email)).toHaveLength(3);
  });

  it('a paid order cancelled by the guest: the letter says the money goes back to the card', async () => {
    const g = await guest();
    const id = await paidOrder(g);
    mail.letters.length = 0;
    await call('POST', `orders/${id}/cancel/`, undefined, g.user.headers);
    const [letter] = mail.to(g.user.email);
    expect(letter!.subject).toBe(`Заказ №${id} отменён — Дом 1799`);
    expect(letter!.text).toContain('Деньги вернутся на карту, которой был оплачен заказ');
  });

  it('an unpaid order cancelled says nothing of a refund; a stashed one says why', async () => {
    const g = await guest();
    const create = async () =>
      (
        await postOrder(t, call, { address_id: g.address, payment_method_id: g.card, items: [{ product_id: String(menu.tea), quantity: 1 }] }, g.user.headers)
      ).json<{ id: number }>().id;
    const cancelled = await create();
    await call('POST', `orders/${cancelled}/cancel/`, undefined, g.user.headers);
    const [letter] = mail.to(g.user.email);
    expect(letter!.text).not.toContain('Деньги вернутся');
    mail.letters.length = 0;

    const abandoned = await create();
    await settlePendingPayments(t.app, new Date(Date.now() + 31 * 60_000));
    const stashed = mail.to(g.user.email).find((l) => l.subject.startsWith(`Заказ №${abandoned} `));
    expect(stashed!.subject).toBe(`Заказ №${abandoned} не оплачен и отменён — Дом 1799`);
    expect(stashed!.text).toContain('Заказ так и не был оплачен');
  });

  it('a letter that cannot be sent is logged and undoes nothing', async () => {
    const g = await guest();
    mail.failNext();
    const id = await paidOrder(g);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('accepted');
    expect(mail.to(g.user.email)).toHaveLength(0);
  });
});
