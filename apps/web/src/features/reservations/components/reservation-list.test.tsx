import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { testReservation } from '../../../test/reservation-fixtures';
import { ReservationList } from './reservation-list';

afterEach(() => vi.unstubAllGlobals());

describe('ReservationList', () => {
  it('ERR-28: a failed reservations list shows "Error:" with the server detail', async () => {
    fakeApi({ 'GET hotel/reservations/': () => ({ status: 500, body: { detail: 'Сервис бронирований недоступен' } }) });
    renderWithProviders(<ReservationList userName="Анна Новик" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Ошибка: Сервис бронирований недоступен$/);
  });

  it('ERR-28: a list that could not be fetched at all shows "Error:" with the error message', async () => {
    fakeApi({
      'GET hotel/reservations/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithProviders(<ReservationList userName="Анна Новик" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Ошибка: Failed to fetch$/);
  });

  it('ERR-28: a failure without any message falls back to "Failed to fetch reservations"', async () => {
    fakeApi({
      'GET hotel/reservations/': () => {
        throw new Error('');
      },
    });
    renderWithProviders(<ReservationList userName="Анна Новик" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Не удалось загрузить бронирования$/);
  });

  // Loading is per query in react-query, not a global flag: the list must leave its skeleton.
  it('ERR-25: the list stops loading once its call has failed, or succeeded', async () => {
    fakeApi({ 'GET hotel/reservations/': () => ({ status: 503, body: { detail: 'Попробуйте позже' } }) });
    const failed = renderWithProviders(<ReservationList userName="Анна Новик" />);
    expect(failed.container.querySelector('[aria-busy="true"]')).toBeInTheDocument();
    await screen.findByRole('alert');
    expect(failed.container.querySelector('[aria-busy="true"]')).not.toBeInTheDocument();
    failed.unmount();

    fakeApi({ 'GET hotel/reservations/': () => ({ status: 200, body: [testReservation()] }) });
    const loaded = renderWithProviders(<ReservationList userName="Анна Новик" />);
    expect(await screen.findByTestId('reservation-card')).toBeInTheDocument();
    expect(loaded.container.querySelector('[aria-busy="true"]')).not.toBeInTheDocument();
  });

  it('CHR-29: the stay dates of a reservation card are in the Russian locale', async () => {
    fakeApi({ 'GET hotel/reservations/': () => ({ status: 200, body: [testReservation()] }) });
    renderWithProviders(<ReservationList userName="Анна Новик" />);
    const card = await screen.findByTestId('reservation-card');
    expect(within(card).getByText('12 июн. 2099 — 15 июн. 2099')).toBeInTheDocument();
  });

  it('ACC-23, ACC-25 (issue 48, point 9): a cancelled booking is listed as cancelled, apart from the completed stays', async () => {
    const completed = testReservation({ id: 1, arrival: '2020-03-01', departure: '2020-03-03', arrival_at: '2020-03-01T11:00:00.000Z', departure_at: '2020-03-03T09:00:00.000Z' });
    const cancelled = testReservation({ id: 2, canceled: true, canceled_at: '2099-01-01T10:00:00.000Z' });
    fakeApi({ 'GET hotel/reservations/': () => ({ status: 200, body: [completed, cancelled] }) });
    renderWithProviders(<ReservationList userName="Анна Новик" />);
    const tab = await screen.findByRole('tab', { name: /Завершённые и отменённые/ });
    expect(tab).toHaveTextContent('2');
    await userEvent.setup().click(tab);
    const done = await screen.findByRole('region', { name: 'Завершённые' });
    const gone = screen.getByRole('region', { name: 'Отменённые' });
    expect(within(done).getAllByTestId('reservation-card')).toHaveLength(1);
    expect(within(done).getByText('Бронь №1')).toBeInTheDocument();
    expect(within(gone).getByText('Бронь №2')).toBeInTheDocument();
    expect(within(gone).getByText('Отменено')).toBeInTheDocument();
  });
});
