/**
 * The staff's payments page (/admin/payments; issue 20): a guest's charge appears with the
 * provider's reference, in both languages, at 375 and 1280 px.
 */
import { expect, gotoIn, test } from '../fixtures';
import { seriousViolations } from '../support/axe';
import { SUPERUSER } from '../support/admin';
import { saveCard } from '../support/cards';
import { CLIENT_TOKEN, createUserAndLogin, login } from '../support/users';
import { lookAt } from '../support/shots';
import { expectedOrderTotal } from '../support/orders';

/** A calendar day counted from today on the hotel's clock (Europe/Minsk), "YYYY-MM-DD". */
function day(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Minsk' }).format(Date.now() + offset * 86_400_000);
}

const headers = { 'x-client-token': CLIENT_TOKEN };

/**
 * An arrival whose cancellation now is late (within 24 hours of check-in at 14:00) but whose stay
 * has not begun: today before check-in, tomorrow after it. The server's clock is the real one.
 */
function lateArrival(): string {
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Minsk', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(Date.now());
  return clock < '14:00' ? day(0) : day(1);
}

test('the payments page shows a guest’s charge with its provider reference, in Russian and English', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  await createUserAndLogin(page, { firstName: 'Ольга' });
  const card = await saveCard(page);
  const address = await page.request.post('/api/v1/account/addresses/', { headers, data: { label: 'Дом', address: 'ул. Советская, 1' } });
  const addressId = ((await address.json()) as { id: number }).id;
  const products = (await (await page.request.get('/api/v1/delivery/products/', { headers })).json()) as { id: number }[];
  const placed = await page.request.post('/api/v1/orders/', {
    headers,
    data: { address_id: addressId, payment_method_id: card, items: [{ product_id: String(products[0]!.id), quantity: 2 }], expected_total: await expectedOrderTotal(page, [{ product_id: String(products[0]!.id), quantity: 2 }]) },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { id: number }).id;
  const paid = await page.request.post('/api/v1/payments/create/', { headers, data: { order_id: orderId, payment_method_id: card } });
  expect(paid.ok(), await paid.text()).toBe(true);
  const paymentId = ((await paid.json()) as { payment_id: string }).payment_id;

  // A booking cancelled within a day of check-in costs the first night; this card's bank wants even the
  // hotel's own charge confirmed, so the fee waits for the guest and stands on top for staff.
  const insisting = await saveCard(page, '4000 0027 6000 3184');
  const rooms = (await (await page.request.get('/api/v1/hotel/rooms/', { headers })).json()) as { id: number }[];
  const room = rooms[testInfo.project.name === 'mobile' ? 0 : 1]!.id;
  const booked = await page.request.post('/api/v1/hotel/reservations/', {
    headers,
    data: { room_id: room, arrival: lateArrival(), departure: day(2), payment_method_id: insisting },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { id: number }).id;
  const cancelled = await page.request.post(`/api/v1/hotel/reservations/cancel/${bookingId}/`, { headers });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  expect(((await cancelled.json()) as { cancellation_charge: string }).cancellation_charge).toBe('pending');

  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, baseURL: process.env.E2E_BASE_URL });
  const staff = await context.newPage();
  await login(staff, SUPERUSER);
  const listed = (await (await staff.request.get('/api/v1/admin/payments/', { headers })).json()) as { entries: { id: string; provider_ref: string | null }[] };
  const reference = listed.entries.find((entry) => entry.id === paymentId)!.provider_ref!;
  expect(reference).toMatch(/^[0-9a-f-]{36}$/);

  for (const [language, title, charge, succeeded] of [
    ['ru', 'Платежи', `заказ №${orderId}`, 'Прошёл'],
    ['en', 'Payments', `order #${orderId}`, 'Succeeded'],
  ] as const) {
    await gotoIn(staff, language, '/admin/payments');
    await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const row = staff.getByTestId('payment-entry').filter({ hasText: charge });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('payment-reference')).toHaveText(reference);
    await expect(row.getByTestId('payment-status')).toHaveText(succeeded);
    await expect(row).toContainText('VISA •••• 4242');
    await expect(staff.getByTestId('payments-totals')).toBeVisible();
    const unpaid = staff.getByTestId('attention-entry').filter({ hasText: language === 'ru' ? `бронирование №${bookingId}` : `booking #${bookingId}` });
    await expect(unpaid).toContainText(language === 'ru' ? 'Ждёт подтверждения гостя' : "Waiting for the guest's confirmation");
    await expect(unpaid).toContainText('VISA •••• 3184');
    expect(await seriousViolations(staff, 'main')).toEqual([]);
    await lookAt(staff, `payments-${language}`, { fullPage: true });
    await lookAt(staff, `payments-top-${language}`);
    await lookAt(row, `payments-row-${language}`);
  }

  // The accountant's CSV carries the same reference.
  const csv = await staff.request.get('/api/v1/admin/payments/csv/', { headers });
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toContain(reference);
  await context.close();
});
