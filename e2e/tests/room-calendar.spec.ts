/**
 * A room's calendars shared with booking sites, end to end: the admin reads the room's own
 * calendar at its address, adds a Booking.com calendar served from loopback, sees its event hold
 * the room's nights on the board and its other event land on nights a block already takes (sold
 * twice); then the site goes down, "Import calendars" on the board says so, and the nights stay
 * held. Each project uses a room and nights of its own, far from the other specs' nights.
 */
import { expect, gotoIn, test } from '../fixtures';
import { SUPERUSER } from '../support/admin';
// The API tests' stand-in for booking sites: feeds written as Booking.com writes them.
import { bookingComFeed, startBookingSites, type BookingSites } from '../../apps/api/test/support/booking-sites';
import { CLIENT_TOKEN, login } from '../support/users';

const headers = { 'x-client-token': CLIENT_TOKEN };

const texts = {
  en: {
    events: '1 event holds nights',
    add: 'Add',
    site: /^Site/,
    address: /^Address of the site’s calendar/,
    takenByBlock: 'taken by a block',
    importCalendars: 'Import calendars',
    failed: 'The site answered with error 500',
    conflict: 'already taken here by a block',
  },
  ru: {
    events: '1 событие занимает ночи',
    add: 'Добавить',
    site: /^Сайт/,
    address: /^Адрес календаря на сайте/,
    takenByBlock: 'занято закрытием',
    importCalendars: 'Обновить календари',
    failed: 'Сайт ответил ошибкой 500',
    conflict: 'уже заняты здесь закрытием',
  },
} as const;

/** A calendar day `offset` days from today, "YYYY-MM-DD". */
function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

let site: BookingSites;
test.beforeAll(async () => {
  site = await startBookingSites();
});
test.afterAll(async () => {
  await site.close();
});

test('a room exports its calendar and imports a booking site’s; a site that fails is flagged on the board while its nights stay held', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const mobile = testInfo.project.name === 'mobile';
  // English at 1280 px, Russian at 375 px: both languages, without doubling the run.
  const language = mobile ? 'ru' : 'en';
  const t = texts[language];
  const offset = 230 + (mobile ? 12 : 0);
  const path = `/booking-${testInfo.project.name}-${Date.now().toString(36)}.ics`;
  const note = `Repairs ${testInfo.project.name}`;

  await login(page, SUPERUSER);
  await gotoIn(page, language, '/admin/hotel');

  // The room's dialog loads its calendars; the answer names the room.
  const card = page.getByTestId('admin-room-card').nth(mobile ? 3 : 2);
  const [calendarAnswer] = await Promise.all([page.waitForResponse(/\/api\/v1\/admin\/rooms\/\d+\/calendar\/$/), card.click()]);
  const room = Number(/rooms\/(\d+)\/calendar/.exec(calendarAnswer.url())![1]);

  // A block on nights the site will sell too: the second event lands on them.
  const block = await page.request.post('/api/v1/admin/blocks/', {
    headers,
    data: { room_id: room, arrival: day(offset + 5), departure: day(offset + 7), note },
  });
  expect(block.status(), await block.text()).toBe(201);
  site.serve(path, {
    kind: 'text',
    body: bookingComFeed([
      { uid: `free-${path}`, arrival: day(offset), departure: day(offset + 3) },
      { uid: `taken-${path}`, arrival: day(offset + 5), departure: day(offset + 7) },
    ]),
  });

  // The room's own calendar, at the address the section shows.
  const section = page.getByTestId('room-calendar');
  const address = section.getByTestId('calendar-export-url');
  await expect(address).toHaveValue(/^http.*\.ics$/);
  const exported = await page.request.get(await address.inputValue());
  expect(exported.status()).toBe(200);
  expect(exported.headers()['content-type']).toContain('text/calendar');
  expect(await exported.text()).toContain('BEGIN:VCALENDAR');

  // The site's calendar is added and read at once: one event holds nights, the other is a double sale.
  const form = section.getByTestId('calendar-feed-form');
  await form.getByLabel(t.site).fill('Booking.com');
  await form.getByLabel(t.address).fill(site.url(path));
  await form.getByRole('button', { name: t.add }).click();
  const feed = section.getByTestId('calendar-feed').filter({ hasText: '127.0.0.1' });
  await expect(feed.getByTestId('calendar-feed-events')).toHaveText(t.events);
  await expect(feed.getByTestId('calendar-feed-conflicts')).toContainText(t.takenByBlock);
  await expect(feed.getByTestId('calendar-feed-error')).toHaveCount(0);
  const feedId = Number(await feed.getAttribute('data-feed-id'));
  await page.keyboard.press('Escape');
  await expect(section).toBeHidden();

  try {
    // The board shows the imported nights, and warns of the double sale next to the room.
    await page.goto(`/admin/reservations?from=${day(offset - 2)}&weeks=2`);
    const track = page.getByTestId('board-track').and(page.locator(`[data-room-id="${room}"]`));
    const hold = track.locator('[data-kind="import"]').filter({ hasText: 'Booking.com' });
    await expect(hold).toBeVisible();
    const status = page.getByTestId('board-room').and(page.locator(`[data-room-id="${room}"]`)).getByTestId('calendar-feeds-status');
    await expect(status).toHaveAttribute('data-tone', 'conflict');

    // The site goes down; staff import every calendar from the board.
    site.serve(path, { kind: 'text', status: 500, body: 'Internal Server Error', contentType: 'text/plain' });
    const importButton = page.getByTestId('board-import-calendars');
    await expect(importButton).toHaveText(t.importCalendars);
    await importButton.click();
    await expect(importButton).toHaveText(t.importCalendars);
    await expect(status).toHaveAttribute('data-tone', 'error');
    await status.locator('summary').click();
    await expect(status.getByTestId('calendar-feed-failure')).toContainText(t.failed);
    await expect(status.getByTestId('calendar-feed-conflict')).toContainText(t.conflict);
    // The nights of the last good import stay held.
    await expect(hold).toBeVisible();
  } finally {
    // Other specs search these rooms: free the nights.
    await page.request.delete(`/api/v1/admin/calendar-feeds/${feedId}/`, { headers });
    const blockId = ((await block.json()) as { id: number }).id;
    await page.request.delete(`/api/v1/admin/blocks/${blockId}/`, { headers });
  }
});
