import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Housekeeping, HousekeepingRoom } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { toast } from '../../../shared/ui';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { HousekeepingList } from './housekeeping-list';

beforeAll(async () => {
  await i18n.loadNamespaces(['desk', 'hotel', 'admin', 'reservations-board']);
});
afterEach(async () => {
  toast.clear();
  await i18n.changeLanguage('ru');
});

// Far ahead, so the nights are never in the past whatever day the test runs on.
const today = '2099-03-10';

const attic: HousekeepingRoom = {
  room_id: 3,
  name: { ru: 'Мансарда', en: 'Attic' },
  state: 'dirty',
  out_of_order: null,
  departure: true,
  stay: false,
  arrival: false,
  occupied: false,
  updated_at: null,
};

const list = (rooms: HousekeepingRoom[] = [attic]): Housekeeping => ({ today, rooms });

describe('out of order (issue 45, point 7; issue 44, point 7: the route’s schema checks the dialog)', () => {
  it.each([
    ['ru', 'Обязательное поле', 'Закрыть номер'],
    ['en', 'Required', 'Close the room'],
  ] as const)('a room closed without a reason is refused in the screen’s language (%s) and nothing is sent; with one, the reason and the nights go', async (language, required, save) => {
    await i18n.changeLanguage(language);
    const { calls } = fakeApi({
      'GET admin/housekeeping/': () => ({ status: 200, body: list() }),
      'PUT admin/housekeeping/rooms/3/': () => ({ status: 200, body: list([{ ...attic, state: 'out_of_order', out_of_order: { reason: 'Течёт кран', from: today, to: '2099-03-11' } }]) }),
    });
    renderWithProviders(<HousekeepingList />);
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('housekeeping-room-3')).getByTestId('set-out_of_order'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: save }));
    expect(await within(dialog).findByText(required)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox'), '  Течёт кран ');
    await user.click(within(dialog).getByRole('button', { name: save }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ state: 'out_of_order', reason: 'Течёт кран', from: today, to: '2099-03-11' }]),
    );
  });

  it('the server’s refusal is shown where the reason is, in the screen’s language, and the dialog stays', async () => {
    fakeApi({
      'GET admin/housekeeping/': () => ({ status: 200, body: list() }),
      'PUT admin/housekeeping/rooms/3/': () => ({ status: 404, body: { detail: 'Room not found', code: 'desk:refused.roomNotFound' } }),
    });
    renderWithProviders(<HousekeepingList />);
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('housekeeping-room-3')).getByTestId('set-out_of_order'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Ремонт');
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть номер' }));
    expect(await within(dialog).findByText('Номер не найден')).toBeInTheDocument();
  });
});
