/**
 * The staff's tables (/admin/restaurant; issue 24, point 1): the day's tables by time with the
 * steps their status allows, a confirmation sent to the server, and a move refused for a full slot
 * saying which times are free, in the staff member's language.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday, TABLE_DETAILS, type TableBoard, type TableReservation } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { toast } from '../../../shared/ui';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { RestaurantBoard } from './restaurant-board';

beforeAll(async () => {
  await i18n.loadNamespaces(['restaurant-board', 'restaurant']);
});
afterEach(async () => {
  toast.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
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
  email_state: 'confirmed',
  hold_until: null,
  can_cancel: false,
  created_at: '2026-11-26T10:00:00.000Z',
  ...over,
});

function board(reservations: TableReservation[]): TableBoard {
  return { date, settings: { covers: 40, auto_confirm: false }, unconfirmed_total: reservations.filter((row) => row.email_state !== 'confirmed' && row.status !== 'cancelled').length, reservations, load: [{ time: '19:30', taken: 4 }] };
}

describe('the restaurant board (issue 24.1)', () => {
  it('lists the day by time with the steps each status allows, and confirms a request', async () => {
    // Tomorrow's table: seating and a no-show wait for its time (issue 42.13).
    let rows = [table({ id: 1, date: addDays(date, 1) }), table({ id: 2, time: '20:00', name: 'Иван', status: 'seated', source: 'walk_in' })];
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
    expect(within(first!).getAllByRole('button').map((button) => button.textContent)).toEqual(['Подтвердить', 'Отменить', 'Перенести']);
    expect(within(first!).getByTestId('board-from-time')).toHaveTextContent('Посадить или отметить неявку — с 19:30');
    expect(within(second!).queryAllByRole('button')).toEqual([]);
    await user.click(within(first!).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(within(screen.getAllByTestId('board-table')[0]!).getByTestId('board-status')).toHaveTextContent('Подтверждён'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ step: 'confirm' });
  });

  it('a move to a full slot says which times are free (en)', async () => {
    await i18n.changeLanguage('en');
    fakeApi({
      // A table tomorrow: the move form refuses a time already gone, and today's 20:00 is gone in the evening.
      'GET admin/restaurant/day/': () => ({ status: 200, body: board([table({ id: 3, status: 'confirmed', date: addDays(date, 1) })]) }),
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

  it('from the table’s time: seating and a no-show are asked first, and a no-show is taken back (issue 42.13)', async () => {
    let current = table({ id: 5, date: addDays(date, -1), status: 'confirmed' });
    const api = fakeApi({
      'GET admin/restaurant/day/': () => ({ status: 200, body: board([current]) }),
      'POST admin/restaurant/tables/5/step/': (request) => {
        const step = (request.body as { step: string }).step;
        current = { ...current, status: step === 'no_show' ? 'no_show' : step === 'seat' ? 'seated' : 'confirmed' };
        return { status: 200, body: current };
      },
    });
    renderWithProviders(<RestaurantBoard />);
    const user = userEvent.setup();
    const row = await screen.findByTestId('board-table');
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Посадить', 'Не пришли', 'Отменить', 'Перенести']);
    await user.click(within(row).getByRole('button', { name: 'Не пришли' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отметить неявку?' });
    expect(dialog).toHaveTextContent('Ольга (19:30) не пришли');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-action'));
    const undo = await within(screen.getByTestId('board-table')).findByRole('button', { name: 'Отменить неявку' });
    await user.click(undo);
    await waitFor(() => expect(within(screen.getByTestId('board-table')).getByTestId('board-status')).toHaveTextContent('Подтверждён'));
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ step: 'no_show' }, { step: 'undo_no_show' }]);
  });

  it('tables whose e-mail is not confirmed stand apart and are cleared at once after a question (issue 42.10, en)', async () => {
    await i18n.changeLanguage('en');
    let rows = [
      table({ id: 7, name: 'Confirmed guest' }),
      table({ id: 8, name: 'Stranger', email_state: 'awaiting', hold_until: '2026-11-26T10:30:00.000Z' }),
      table({ id: 9, name: 'Lapsed', email_state: 'expired', hold_until: '2026-11-26T10:30:00.000Z' }),
    ];
    const api = fakeApi({
      'GET admin/restaurant/day/': () => ({ status: 200, body: board(rows) }),
      'POST admin/restaurant/unconfirmed/clear/': () => {
        rows = rows.map((row) => (row.email_state === 'confirmed' ? row : { ...row, status: 'cancelled' }));
        return { status: 200, body: { cleared: 2 } };
      },
    });
    renderWithProviders(<RestaurantBoard />);
    const user = userEvent.setup();
    const apart = await screen.findByTestId('board-unconfirmed');
    expect(within(apart).getAllByTestId('board-table').map((row) => within(row).getByRole('heading').textContent)).toEqual(['Stranger · guests: 4', 'Lapsed · guests: 4']);
    expect(within(apart).getAllByTestId('board-email-state').map((state) => state.textContent)).toEqual(['holds seats until 13:30', 'expired: holds no seats']);
    expect(screen.getAllByTestId('board-table')[0]).toHaveTextContent('Confirmed guest');
    await user.click(within(apart).getByRole('button', { name: 'Clear all unconfirmed (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the unconfirmed tables?' });
    expect(dialog).toHaveTextContent('All 2 tables whose e-mail is not confirmed');
    await user.click(within(dialog).getByTestId('confirm-action'));
    await waitFor(() => expect(screen.queryByTestId('board-unconfirmed')).toBeNull());
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['admin/restaurant/unconfirmed/clear/']);
  });
});
