/**
 * The page the letter to an unconfirmed address links to (issue 42.9): the secret from the link is
 * sent once, and the guest reads what came of it in their language.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday, TABLE_DETAILS, type TableReservation } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { TableEmailConfirmation } from './table-email-confirmation';

beforeAll(async () => {
  await i18n.loadNamespaces(['restaurant']);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
});

const TOKEN = 'A'.repeat(43);
const date = addDays(hotelToday(), 4);
const table: TableReservation = {
  id: 31,
  date,
  time: '19:00',
  ends: '21:00',
  party: 3,
  name: 'Anna',
  phone: '+375291234567',
  email: 'anna@example.com',
  wishes: '',
  status: 'requested',
  source: 'site',
  email_state: 'confirmed',
  hold_until: null,
  can_cancel: false,
  created_at: '2026-11-26T10:00:00.000Z',
};

describe('the table confirmation page (issue 42.9)', () => {
  it('sends the secret once and says the table is confirmed', async () => {
    const api = fakeApi({ 'POST restaurant/tables/confirm/': () => ({ status: 200, body: table }) });
    renderWithProviders(<TableEmailConfirmation token={TOKEN} />);
    expect(screen.getByTestId('table-confirm-working')).toHaveTextContent('Подтверждаем бронь…');
    expect(await screen.findByRole('heading', { name: 'Бронь стола подтверждена' })).toBeInTheDocument();
    expect(screen.getByTestId('table-confirm-result')).toHaveTextContent('19:00, гостей: 3');
    expect(api.calls).toEqual([{ method: 'POST', path: 'restaurant/tables/confirm/', body: { token: TOKEN } }]);
  });

  it('a link that does not work, and a hold run out with the seats gone, say so (en)', async () => {
    await i18n.changeLanguage('en');
    fakeApi({ 'POST restaurant/tables/confirm/': () => ({ status: 404, body: { detail: TABLE_DETAILS.confirmLink } }) });
    const first = renderWithProviders(<TableEmailConfirmation token={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not work');
    first.unmount();
    fakeApi({ 'POST restaurant/tables/confirm/': () => ({ status: 409, body: { detail: TABLE_DETAILS.full, nearest: ['18:00'] } }) });
    renderWithProviders(<TableEmailConfirmation token={TOKEN} />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('its seats have been taken meanwhile'));
    expect(screen.getByRole('link', { name: 'Book a table' })).toHaveAttribute('href', '/restaurant/book');
  });

  it('without a secret in the address it asks nothing of the server', () => {
    const api = fakeApi({});
    renderWithProviders(<TableEmailConfirmation token="" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Ссылка не работает');
    expect(api.calls).toEqual([]);
  });
});
