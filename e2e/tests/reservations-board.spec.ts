/**
 * The staff's reservations board (/admin/reservations): a guest's booking appears on it, a staff
 * member moves it and the guest's account shows the new dates; a block for repairs takes the room
 * out of the search. Each project books nights of its own, far from the other specs' nights.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, gotoIn, test } from '../fixtures';
import { SUPERUSER } from '../support/admin';
import { saveCard } from '../support/cards';
import { CLIENT_TOKEN, createUserAndLogin, login } from '../support/users';

const headers = { 'x-client-token': CLIENT_TOKEN };

/** A calendar day `offset` days from today, "YYYY-MM-DD". */
function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** "12 июн. 2026": how the account writes a stay's dates. */
function shortDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  const months = ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'];
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A second browser, signed in as the superuser, beside the guest's. */
async function staffPage(browser: Browser, viewport: { width: number; height: number } | null): Promise<Page> {
  const context = await browser.newContext({ viewport: viewport ?? undefined, baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await login(page, SUPERUSER);
  return page;
}

/** The words of the board's room names that a line break cuts in two. */
function brokenWords(page: Page): Promise<string[]> {
  return page.getByTestId('board-room').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const text = cell.querySelector('span > span')!.firstChild!;
      const broken: string[] = [];
      for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
      return broken;
    }),
  );
}

async function roomIds(page: Page): Promise<number[]> {
  const rooms = (await (await page.request.get('/api/v1/hotel/rooms/', { headers })).json()) as { id: number }[];
  return rooms.map((room) => room.id);
}

test('a guest books, the stay is on the board, staff move it and the guest sees the new dates (ADM-01, HOT-37)', async ({ page, browser, viewport }, testInfo) => {
  test.setTimeout(90_000);
  const firstName = `Ольга${testInfo.project.name === 'mobile' ? 'М' : 'Д'}`;
  const guest = await createUserAndLogin(page, { firstName });
  const card = await saveCard(page);
  const offset = 150 + (testInfo.project.name === 'mobile' ? 20 : 0);
  const [arrival, departure] = [day(offset), day(offset + 2)];
  const rooms = await roomIds(page);
  const room = rooms[rooms.length - 1]!;

  // The guest books on the site (the booking screens themselves are booking.spec's).
  const booked = await page.request.post('/api/v1/hotel/reservations/', {
    headers,
    data: { room_id: room, arrival, departure, payment_method_id: card },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  // The stay is a bar with the guest's name on the board.
  const staff = await staffPage(browser, viewport);
  await gotoIn(staff, 'ru', `/admin/reservations?from=${day(offset - 3)}&weeks=2`);
  const bar = staff.getByTestId('board-track').and(staff.locator(`[data-room-id="${room}"]`)).getByTestId('board-bar').filter({ hasText: firstName });
  await expect(bar).toBeVisible();

  // Its details, then a move one night later.
  await bar.click();
  const details = staff.getByTestId('stay-details');
  await expect(details.getByTestId('stay-guest')).toContainText(firstName);
  await expect(details).toContainText(guest.email);
  await expect(details.getByTestId('stay-nights')).toHaveText('2');
  await details.getByRole('button', { name: 'Перенести' }).click();
  const form = staff.getByTestId('move-form');
  await form.locator('input[name="arrival"]').fill(day(offset + 1));
  await form.locator('input[name="departure"]').fill(day(offset + 3));
  await form.getByRole('button', { name: 'Перенести' }).click();
  await expect(staff.getByText('Проживание перенесено', { exact: false }).first()).toBeVisible();

  // The guest's account shows the new dates.
  await gotoIn(page, 'ru', '/account/reservations');
  await expect(page.getByTestId('reservation-card').first()).toContainText(`${shortDate(day(offset + 1))} — ${shortDate(day(offset + 3))}`);
  await staff.context().close();
});

test('a block for repairs is drawn on the board and takes the room out of the search (ADM-01, HOT-16)', async ({ page, browser, viewport }, testInfo) => {
  test.setTimeout(60_000);
  const offset = 190 + (testInfo.project.name === 'mobile' ? 10 : 0);
  const [arrival, departure] = [day(offset), day(offset + 1)];
  const staff = await staffPage(browser, viewport);
  const rooms = await roomIds(staff);
  const room = rooms[0]!;
  const note = `Ремонт ${testInfo.project.name}`;

  await gotoIn(staff, 'ru', `/admin/reservations?from=${day(offset - 2)}&weeks=2`);
  await expect(staff.getByTestId('reservations-board')).toBeVisible();
  // The phone's narrow room column keeps each word of a name whole (Библиотека once read "Библиотек / а").
  expect(await brokenWords(staff)).toEqual([]);
  await staff.getByRole('button', { name: 'Закрыть даты' }).click();
  const dialog = staff.getByRole('dialog');
  await dialog.locator('select[name="room_id"]').selectOption(String(room));
  await dialog.locator('input[name="arrival"]').fill(arrival);
  await dialog.locator('input[name="departure"]').fill(departure);
  await dialog.locator('textarea, input[name="note"]').first().fill(note);
  await dialog.getByRole('button', { name: 'Закрыть даты' }).click();
  await expect(staff.getByTestId('board-bar').filter({ hasText: note })).toBeVisible();

  const search = await page.request.get('/api/v1/hotel/reservations/variants/', {
    headers,
    params: { arrival, departure, guest_count: '1' },
  });
  const offered = search.status() === 200 ? ((await search.json()) as { room: { id: number } }[]).map((variant) => variant.room.id) : [];
  expect(offered).not.toContain(room);
  await staff.context().close();
});
