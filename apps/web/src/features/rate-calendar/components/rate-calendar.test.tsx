import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday, type RatesMonth } from '@hotel/domain';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { RateCalendar } from './rate-calendar';

afterEach(() => {
  vi.unstubAllGlobals();
});

// A month well ahead, so every night of it can be chosen whatever day the test runs.
const month = addDays(hotelToday(), 60).slice(0, 7);
const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;

function monthData(overrides: Partial<RatesMonth> = {}): RatesMonth {
  const last = addDays(`${addDays(`${month}-28`, 7).slice(0, 7)}-01`, -1);
  return {
    month,
    first_day: `${month}-01`,
    last_day: last,
    rooms: [
      { id: 1, name: { ru: 'Мансарда', en: 'Attic' }, price: 180_00, extra_price: null, extra_capacity: 0 },
      { id: 2, name: { ru: 'Садовый', en: 'Garden' }, price: 220_00, extra_price: 270_00, extra_capacity: 1 },
    ],
    prices: [
      { id: 7, room_id: 1, first_night: day(5), last_night: day(10), weekdays: [1, 2, 3, 4, 5, 6, 7], price: 250_00, extra_price: null, created_at: '2026-11-01T10:00:00.000Z' },
      { id: 9, room_id: 1, first_night: day(6), last_night: day(6), weekdays: [1, 2, 3, 4, 5, 6, 7], price: 300_00, extra_price: null, created_at: '2026-11-02T10:00:00.000Z' },
    ],
    stay_rules: [
      { id: 3, room_id: 2, first_night: day(12), last_night: day(12), weekdays: [1, 2, 3, 4, 5, 6, 7], min_nights: 2, closed_to_arrival: false, closed_to_departure: false, created_at: '2026-11-01T10:00:00.000Z' },
    ],
    ...overrides,
  };
}

const cell = (roomId: number, date: string) =>
  within(screen.getAllByTestId('rates-room').find((row) => row.dataset.roomId === String(roomId))!)
    .getAllByTestId('rate-cell')
    .find((button) => button.dataset.date === date)!;

describe('the rate calendar (issue 23.1, 23.2)', () => {
  it('shows each night’s price, faint where the base applies, the newest overlapping rule, and the stay rule', async () => {
    fakeApi({ 'GET admin/rates/': () => ({ status: 200, body: monthData() }) });
    renderWithProviders(<RateCalendar />, { route: `/admin/hotel?tab=rates&month=${month}` });
    await screen.findByTestId('rate-calendar');
    expect(cell(1, day(1))).toHaveClass(/base/);
    expect(cell(1, day(1))).toHaveTextContent('180');
    expect(cell(1, day(5))).toHaveTextContent('250');
    expect(cell(1, day(5)).dataset.rule).toBe('7');
    // Rule 9 is newer than 7 and wins on its night.
    expect(cell(1, day(6))).toHaveTextContent('300');
    expect(cell(1, day(6))).toHaveAccessibleName(/правило №9/);
    expect(cell(2, day(12))).toHaveTextContent('мин. 2 ночи');
    expect(screen.getAllByTestId('rate-rule').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Цена №9'),
      expect.stringContaining('Цена №7'),
      expect.stringContaining('Правило №3'),
    ]);
  });

  it('two taps select rooms and nights; Set price sends them, and a bad price is refused before sending', async () => {
    const api = fakeApi({
      'GET admin/rates/': () => ({ status: 200, body: monthData() }),
      'POST admin/rates/prices/': () => ({ status: 201, body: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<RateCalendar />, { route: `/admin/hotel?tab=rates&month=${month}` });
    await screen.findByTestId('rate-calendar');
    await user.click(cell(1, day(20)));
    await user.click(cell(2, day(22)));
    expect(cell(1, day(21))).toHaveAttribute('aria-pressed', 'true');
    expect(cell(2, day(20))).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Задать цену' }));
    expect(await screen.findByTestId('rates-problem')).toHaveTextContent('Введите цену числом');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Пн' }));
    await user.type(screen.getByLabelText('Цена за ночь, BYN'), '199,50');
    await user.click(screen.getByRole('button', { name: 'Задать цену' }));
    await vi.waitFor(() => expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      room_ids: [1, 2],
      first_night: day(20),
      last_night: day(22),
      weekdays: [2, 3, 4, 5, 6, 7],
      price: 199_50,
      extra_price: null,
    });
  });
});
