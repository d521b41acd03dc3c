/**
 * ERIP bills end to end in the sandbox (issue 46; docs/decisions/058-erip.md): a guest books a
 * non-refundable stay far ahead and chooses an ERIP bill on the payment step; the booking holds the
 * room and shows the path in ERIP and the bill's number; the sandbox's page plays the bank's app,
 * where «Pay» confirms the stay. A second stay, in the other language, is left to expire there: the
 * booking is gone from the account and its nights can be booked again. Each project (375 and 1280
 * px) books in both languages, on a room and nights of its own (340 to 356 days ahead: the site books a year ahead at most).
 * At the desk, staff issue an ERIP bill for a stay's balance from its bill, and once the sandbox's
 * bank app pays it the bill shows the payment (a room of its own, 330 to 337 days ahead).
 */
import { expect, gotoIn, test } from '../fixtures';
import { SUPERUSER } from '../support/admin';
import { saveCard } from '../support/cards';
import { CLIENT_TOKEN, createUserAndLogin, login } from '../support/users';
import { lookAt } from '../support/shots';

const headers = { 'x-client-token': CLIENT_TOKEN };

const texts = {
  en: {
    rate: 'Non-refundable',
    book: 'Book',
    continue: 'Continue',
    erip: /By ERIP bill/,
    eripBook: /^Book and get an ERIP bill for /,
    details: 'Details',
    path: 'Raschet (ERIP) → ',
    pay: 'Pay',
    expire: 'Let it expire',
    plain: 'Non-refundable: paid in full, no refund on cancellation',
  },
  ru: {
    rate: 'Невозвратный',
    book: 'Забронировать',
    continue: 'Продолжить',
    erip: /Счётом ЕРИП/,
    eripBook: /^Забронировать и получить счёт ЕРИП на /,
    details: 'Подробнее',
    path: 'Расчёт (ЕРИП) → ',
    pay: 'Оплатить',
    expire: 'Дать счёту истечь',
    plain: 'Невозвратный тариф: оплачено полностью, при отмене деньги не возвращаются',
  },
} as const;

const dayFromNow = (days: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

test('a non-refundable stay paid by an ERIP bill in the sandbox is held, then confirmed; another left to expire is freed', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const mobile = testInfo.project.name === 'mobile';
  const [first, second] = mobile ? (['ru', 'en'] as const) : (['en', 'ru'] as const);

  // The owner offers 10 % off a room of this spec's own (rooms other specs leave the rate of alone).
  const signedIn = await request.post('/api/v1/auth/login/', { headers, data: SUPERUSER });
  expect(signedIn.status()).toBe(200);
  const rooms = (await (await request.get('/api/v1/admin/rooms/', { headers })).json()) as { id: number; name: { ru: string; en: string } }[];
  const room = rooms.at(mobile ? -4 : -3)!;
  const offer = (percent: number) => request.patch(`/api/v1/admin/rooms/${room.id}/`, { headers, data: { non_refundable_percent: percent } });
  expect((await offer(10)).status()).toBe(200);

  /** Books the room at the non-refundable rate by ERIP and opens the booking's details; answers the details. */
  async function bookByErip(language: 'ru' | 'en', offset: number) {
    const t = texts[language];
    const shot = (name: string, fullPage = false) => lookAt(page, `erip-${name}-${language}`, { fullPage });
    // The sandbox's own page reads the language from the cookie the site sets.
    await page.context().addCookies([{ name: 'language', value: language, url: baseURL! }]);
    await gotoIn(page, language, `/hotel/rooms?checkIn=${dayFromNow(offset)}&checkOut=${dayFromNow(offset + 2)}&guests=1`);
    const variant = page.getByTestId('variant-card').filter({ has: page.getByRole('heading', { name: room.name[language] || room.name.ru, exact: true }) });
    const rates = variant.getByTestId('variant-rates');
    await expect(rates).toBeVisible();
    await rates.getByRole('radio', { name: new RegExp(t.rate) }).check();
    await variant.getByRole('button', { name: t.book }).click();
    await expect(page).toHaveURL(/\/hotel\/guests$/);
    await page.getByRole('button', { name: t.continue }).click();
    await expect(page).toHaveURL(/\/hotel\/payment$/);
    await page.getByTestId('pay-by').getByRole('radio', { name: t.erip }).check();
    const book = page.getByTestId('book-button');
    await expect(book).toHaveText(t.eripBook);
    await page.getByTestId('pay-by').scrollIntoViewIfNeeded();
    await shot('payment');
    await book.click();

    // Held, not paid: the booking shows the bill to pay from the bank's app.
    await expect(page).toHaveURL(/\/account\/reservations$/);
    // The account lists upcoming stays by arrival: this one, the later, comes last.
    const card = page.getByTestId('reservation-card').filter({ hasText: room.name[language] || room.name.ru }).last();
    await card.getByRole('button', { name: t.details }).click();
    const details = page.getByTestId('reservation-details');
    const erip = details.getByTestId('details-erip');
    await expect(erip.getByTestId('details-erip-path')).toContainText(t.path);
    await expect(erip.getByTestId('details-erip-bill')).toHaveText(/^\d+01$/);
    const bill = (await erip.getByTestId('details-erip-bill').textContent())!;
    await erip.scrollIntoViewIfNeeded();
    await shot('account');
    return { t, shot, bill, erip };
  }

  try {
    const user = await createUserAndLogin(page, { language: first });
    const cardId = await saveCard(page);

    // The first stay is paid in the sandbox's bank app.
    const paid = await bookByErip(first, mobile ? 340 : 350);
    await paid.erip.getByTestId('details-erip-sandbox').click();
    await expect(page.getByTestId('sandbox-erip-bill')).toHaveText(paid.bill);
    await expect(page.getByTestId('sandbox-erip-path')).toContainText(paid.t.path);
    await paid.shot('sandbox', true);
    await page.getByRole('button', { name: paid.t.pay, exact: true }).click();
    await expect(page).toHaveURL(/\/account\/reservations$/);
    const confirmed = page.getByTestId('reservation-card').filter({ hasText: room.name[first] || room.name.ru }).first();
    await expect(confirmed.getByTestId('card-non-refundable')).toHaveText(paid.t.plain);

    // The second, in the other language, is left to expire: the room is freed at once.
    const arrival = dayFromNow(mobile ? 344 : 354);
    const departure = dayFromNow(mobile ? 346 : 356);
    const held = await bookByErip(second, mobile ? 344 : 354);
    await held.erip.getByTestId('details-erip-sandbox').click();
    await expect(page.getByTestId('sandbox-erip-bill')).toHaveText(held.bill);
    await held.shot('sandbox', true);
    await page.getByRole('button', { name: held.t.expire }).click();
    await expect(page).toHaveURL(/\/account\/reservations$/);
    await expect(page.getByTestId('reservation-card').filter({ hasText: room.name[second] || room.name.ru })).toHaveCount(1);
    // The nights are free again: the guest books them at the flexible rate.
    const again = await page.request.post('/api/v1/hotel/reservations/', {
      headers,
      data: { room_id: room.id, arrival, departure, payment_method_id: cardId },
    });
    expect(again.status(), await again.text()).toBe(201);
    expect(user.email).toBeTruthy();
  } finally {
    await offer(0);
  }
});

test('staff issue an ERIP bill for a stay’s balance from its bill; paid in the sandbox’s bank app, it is a payment line of the bill', async ({ page, browser, viewport, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const mobile = testInfo.project.name === 'mobile';
  const language = mobile ? 'ru' : 'en';
  const firstName = `Ерип${mobile ? 'Мобайл' : 'Десктоп'}`;
  await createUserAndLogin(page, { firstName, language });
  const cardId = await saveCard(page);

  const context = await browser.newContext({ viewport: viewport ?? undefined, baseURL });
  const staff = await context.newPage();
  await login(staff, SUPERUSER);
  try {
    const rooms = (await (await staff.request.get('/api/v1/admin/rooms/', { headers })).json()) as { id: number }[];
    const arrival = dayFromNow(mobile ? 330 : 334);
    const booked = await page.request.post('/api/v1/hotel/reservations/', {
      headers,
      data: { room_id: rooms.at(-5)!.id, arrival, departure: dayFromNow(mobile ? 332 : 336), payment_method_id: cardId },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { id } = (await booked.json()) as { id: number };

    const openBill = async () => {
      await gotoIn(staff, language, `/admin/reservations?from=${arrival}&weeks=2`);
      await staff.getByTestId('board-bar').filter({ hasText: firstName }).first().click();
      return staff.getByTestId('folio');
    };
    const folio = await openBill();
    const form = folio.getByRole('form', { name: language === 'ru' ? 'Принять оплату' : 'Take a payment' });
    await form.getByLabel(language === 'ru' ? 'Способ' : 'Method').selectOption('erip');
    await form.getByRole('button', { name: language === 'ru' ? 'Принять оплату' : 'Take payment' }).click();
    const bills = folio.getByTestId('folio-erip-bills');
    await expect(bills).toContainText(new RegExp(`${id}01`), { timeout: 20_000 });
    await lookAt(staff, `erip-desk-bill-${language}`);

    // The guest pays it from the bank app: the sandbox's page of the bill staff issued.
    const money = (await (await staff.request.get(`/api/v1/admin/payments/?from=${dayFromNow(-1)}&to=${dayFromNow(1)}`, { headers })).json()) as {
      entries: { reservation_id: number | null; method: string | null; provider_ref: string | null }[];
    };
    const bill = money.entries.find((entry) => entry.reservation_id === id && entry.method === 'erip')!;
    await staff.context().addCookies([{ name: 'language', value: language, url: baseURL! }]);
    await staff.goto(`/api/v1/payments/sandbox/${bill.provider_ref}/`);
    await expect(staff.getByTestId('sandbox-erip-bill')).toHaveText(`${id}01`);
    await staff.getByRole('button', { name: texts[language].pay, exact: true }).click();
    await expect(staff).not.toHaveURL(/\/payments\/sandbox\//);

    const paid = await openBill();
    await expect(paid.getByTestId('folio-payment').filter({ hasText: language === 'ru' ? 'Счёт ЕРИП' : 'ERIP bill' })).toBeVisible({ timeout: 20_000 });
    await expect(paid.getByTestId('folio-erip-bills')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
