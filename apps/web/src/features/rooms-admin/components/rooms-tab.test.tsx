import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Image } from '@hotel/domain';
import { testAdminRoom as testRoom } from '../../../test/hotel-fixtures';
import { fakeApi, renderWithProviders, testUser } from '../../../test/render';
import { useSession } from '../../../shared/session/session-store';
import { RoomsTab } from './rooms-tab';

// The admin area is a manager's here: they may change everything on the screen (issue 49).
beforeEach(() => useSession.getState().signedIn({ ...testUser, role: 'admin', roles: ['manager'] }));
afterEach(() => {
  useSession.getState().signedOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const photo = (file: string, alt: string): Image => ({ src: `http://localhost/uploads/${file}`, widths: [320, 640], alt: { ru: alt, en: alt } });
const attic = testRoom({
  images: [photo('attic-window.webp', 'Мансарда, окно'), photo('attic-bath.webp', 'Мансарда, ванная')],
  price: 250_00,
  extra_price: 320_50,
});
const single = testRoom({ id: 4, slug: 'single', name: { ru: 'Одноместный', en: 'Single' }, price: 120_00, extra_price: null, extra_capacity: 0 });

/** What the edit dialog reads besides the synced list: the texts as written, the amenities, the calendars. */
const dialogApi = {
  'GET admin/rooms/': () => ({ status: 200, body: [attic, single] }),
  'GET admin/conveniences/': () => ({ status: 200, body: [] }),
  'GET admin/rooms/3/calendar/': () => ({ status: 200, body: { room_id: 3, export_url: 'http://localhost/api/v1/calendars/rooms/3/a.ics', feeds: [] } }),
};

describe('RoomsTab (ADM-11, ADM-12, ADM-13, ADM-14, ADM-15, ADM-16, ADM-17, ADM-18, ADM-19)', () => {
  it("ADM-13: a room card shows the room's first image, its name and price, and the extra price only when it has one", async () => {
    fakeApi({ ...dialogApi, 'POST hotel/rooms/sync/': () => ({ status: 200, body: [attic, single] }) });
    renderWithProviders(<RoomsTab />);
    const [atticCard, singleCard] = await screen.findAllByTestId('admin-room-card');

    const images = within(atticCard!).getAllByRole('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAccessibleName('Мансарда, окно');
    expect(images[0]).toHaveAttribute('src', expect.stringContaining('/uploads/attic-window.webp'));
    expect(within(atticCard!).getByTestId('admin-room-name')).toHaveTextContent('Мансарда');
    expect(atticCard).toHaveTextContent('250 BYN');
    expect(atticCard).toHaveTextContent('Цена с доп. местом: 320,50 BYN');

    expect(within(singleCard!).getByTestId('admin-room-name')).toHaveTextContent('Одноместный');
    expect(singleCard).toHaveTextContent('120 BYN');
    expect(singleCard).not.toHaveTextContent('Цена с доп. местом');
  });

  it('ADM-14: clicking a room card opens that room’s edit dialog with its price', async () => {
    fakeApi({ ...dialogApi, 'POST hotel/rooms/sync/': () => ({ status: 200, body: [attic, single] }) });
    const user = userEvent.setup();
    renderWithProviders(<RoomsTab />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click((await screen.findAllByTestId('admin-room-card'))[0]!);

    const dialog = await screen.findByRole('dialog', { name: 'Номер «Мансарда»' });
    expect(await within(dialog).findByLabelText(/Цена за ночь/)).toHaveValue('250');
    expect(within(dialog).getByLabelText(/Цена с доп. местом/)).toHaveValue('320.50');
  });

  it('issue 23.3: the owner sets the non-refundable discount in whole percent; a figure out of 0..50 is refused before saving', async () => {
    const { calls } = fakeApi({
      ...dialogApi,
      'POST hotel/rooms/sync/': () => ({ status: 200, body: [attic, single] }),
      'PATCH admin/rooms/3/': () => ({ status: 200, body: { ...attic, non_refundable_percent: 10 } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<RoomsTab />);
    await user.click((await screen.findAllByTestId('admin-room-card'))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Номер «Мансарда»' });
    const percent = await within(dialog).findByLabelText(/Скидка невозвратного тарифа/);
    expect(percent).toHaveValue('0');
    await user.clear(percent);
    await user.type(percent, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('От 0 до 50 %')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    await user.clear(percent);
    await user.type(percent, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PATCH')!.body).toMatchObject({ non_refundable_percent: 10 });
  });

  it('ADM-12: the rooms are synced again after a room is saved, and the card shows the new price', async () => {
    let synced = [attic, single];
    const { calls } = fakeApi({
      ...dialogApi,
      'POST hotel/rooms/sync/': () => ({ status: 200, body: synced }),
      'PATCH admin/rooms/3/': () => {
        synced = [{ ...attic, price: 275_00 }, single];
        return { status: 200, body: synced[0] };
      },
    });
    const syncs = () => calls.filter((call) => call.path === 'hotel/rooms/sync/').length;
    const user = userEvent.setup();
    renderWithProviders(<RoomsTab />);
    await user.click((await screen.findAllByTestId('admin-room-card'))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Номер «Мансарда»' });
    const price = await within(dialog).findByLabelText(/Цена за ночь/);
    expect(syncs()).toBe(1);

    await user.clear(price);
    await user.type(price, '275');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(syncs()).toBe(2));
    expect(calls.findIndex((call) => call.method === 'PATCH')).toBeLessThan(calls.map((call) => call.path).lastIndexOf('hotel/rooms/sync/'));
    await waitFor(() => expect(screen.getAllByTestId('admin-room-card')[0]).toHaveTextContent('275 BYN'));
  });

  it('ERR-33: a failed room sync shows the server’s message', async () => {
    fakeApi({ ...dialogApi, 'POST hotel/rooms/sync/': () => ({ status: 503, body: { detail: 'Сервис номеров недоступен' } }) });
    renderWithProviders(<RoomsTab />);
    expect(await screen.findByText('Сервис номеров недоступен')).toBeInTheDocument();
    expect(screen.queryByText('Не удалось загрузить номера')).toBeNull();
  });

  // No answer at all, or a proxy's error page without a detail: the status line is not the server's message.
  it.each([
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 502 without a detail', () => ({ status: 502, body: '<html>Bad Gateway</html>' })],
  ])('ERR-33: a room sync that fails with %s shows "Failed to sync rooms"', async (_, answer) => {
    fakeApi({ ...dialogApi, 'POST hotel/rooms/sync/': answer });
    renderWithProviders(<RoomsTab />);
    // The Russian of "Failed to sync rooms" (admin:rooms.syncError).
    expect(await screen.findByText('Не удалось загрузить номера')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch|HTTP 502/)).toBeNull();
    expect(screen.queryByTestId('admin-rooms')).toBeNull();
  });
});
