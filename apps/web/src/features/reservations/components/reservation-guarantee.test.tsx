import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Reservation } from '@hotel/domain';
import { renderWithProviders } from '../../../test/render';
import { testReservation } from '../../../test/reservation-fixtures';
import { ReservationDetails } from './reservation-details';

const card = { payment_method_id: 'card-1', card_last4: '4242', brand: 'visa' };

function details(reservation: Reservation) {
  renderWithProviders(<ReservationDetails reservation={reservation} userName="Анна Новик" onClose={vi.fn()} />);
  return within(screen.getByTestId('reservation-details'));
}

describe('the card that guarantees a booking, in its details (CON-05)', () => {
  it('names the card while the booking stands', () => {
    expect(details(testReservation({ payment_method: card })).getByTestId('details-guarantee')).toHaveTextContent('Гарантия: карта VISA •••• 4242');
  });

  it.each([
    ['succeeded', 'Поздняя отмена: удержана стоимость первой ночи, 250 BYN.'],
    ['pending', 'Поздняя отмена: стоимость первой ночи, 250 BYN, списывается с карты.'],
    ['canceled', 'Поздняя отмена: стоимость первой ночи, 250 BYN, не удалось списать с карты — мы свяжемся с вами.'],
  ] as const)('a late cancellation whose charge is %s says so', (charge, text) => {
    const cancelled = testReservation({ payment_method: card, canceled: true, status: 'cancelled', canceled_at: '2099-06-11T20:00:00Z', cancellation_fee: 250_00, cancellation_charge: charge });
    expect(details(cancelled).getByTestId('details-fee')).toHaveTextContent(text);
  });
});
