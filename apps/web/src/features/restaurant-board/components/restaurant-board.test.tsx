/**
 * The staff's tables (/admin/restaurant; issue 24, point 1): the day's tables by time with the
 * steps their status allows, a confirmation sent to the server, and a move refused for a full slot
 * saying which times are free, in the staff member's language.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hotelToday, TABLE_DETAILS, type TableBoard, type TableReservation } from '@hotel/domain';
import { i18next } from '../../../shared/i18n';
import { toast } from '../../../shared/ui';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { RestaurantBoard } from './restaurant-board';

beforeAll(async () => {
  await i18next.loadNamespaces(['restaurant-board', 'restaurant']);
});
afterEach(async () => {
  toast.clear();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('ru');
});

const date = hotelToday();
const table = (over: Partial<TableReservation>): TableReservation => ({
  id: 1,
  date,
  time: '19:30',
  ends: '21:30',
  party: 4,
  name: 'Ольга',
  phone: '+375291234567',
  email: 'olga@example.com',
  wishes: 'У окна',
  status: 'requested',
  source: 'site',
  can_cancel: false,
  created_at: '2026-11-26T10:00:00.000Z',
  ...over,
});

function board(reservations: TableReservation[]): TableBoard {
  return { date, settings: { covers: 40, auto_confirm: false }, reservations, load: [{ time: '19:30', taken: 4 }] };
}

describe('the restaurant board (issue 24.1)', () => {
  it('lists the day by time with the steps each status allows, and confirms a request', async () => {
    let rows = [table({ id: 1 }), table({ id: 2, time: '20:00', name: 'Иван', status: 'seated', source: 'walk_in' })];
    const api = fakeApi({
      'GET admin/restaurant/day/': () => ({ status: 200, body: board(rows) }),
      'POST admin/restaurant/tables/1/step/': () => {
        rows = [{ ...rows[0]!, status: 'confirmed' }, rows[1]!];
        return { status: 200, body: rows[0] };
      },
    });
    renderWithProviders(<RestaurantBoard />);
    const user = userEvent.setup();
    const [first, second] = await screen.findAllByTestId('board-table');
    expect(within(first!).getAllByRole('button').map((button) => button.textContent)).toEqual(['Подтвердить', 'Посадить', 'Не пришли', 'Отменить', 'Перенести']);
    expect(within(second!).queryAllByRole('button')).toEqual([]);
    await user.click(within(first!).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(within(screen.getAllByTestId('board-table')[0]!).getByTestId('board-status')).toHaveTextContent('Подтверждён'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ step: 'confirm' });
  });

  it('a move to a full slot says which times are free (en)', async () => {
    await i18next.changeLanguage('en');
    fakeApi({
      'GET admin/restaurant/day/': () => ({ status: 200, body: board([table({ id: 3, status: 'confirmed' })]) }),
      'POST admin/restaurant/tables/3/move/': () => ({ status: 409, body: { detail: TABLE_DETAILS.full, nearest: ['18:00', '21:00'] } }),
    });
    renderWithProviders(<RestaurantBoard />);
    const user = userEvent.setup();
    const row = await screen.findByTestId('board-table');
    await user.click(within(row).getByRole('button', { name: 'Move' }));
    await user.selectOptions(within(row).getByLabelText('New time'), '20:00');
    await user.click(within(row).getAllByRole('button', { name: 'Move' }).at(-1)!);
    expect(await within(row).findByRole('alert')).toHaveTextContent('No seats at that time. Free: 18:00, 21:00');
  });
});
