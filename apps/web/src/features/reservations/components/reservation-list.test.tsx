import { screen, within } from '@testing-library/react';
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
});
