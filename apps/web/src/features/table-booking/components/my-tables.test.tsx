/** The guest's tables in the account (issue 24, point 1): listed with their status, cancelled after a confirmation. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TableReservation } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { MyTables } from './my-tables';

beforeAll(async () => {
  await i18n.loadNamespaces(['restaurant']);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const table: TableReservation = {
  id: 5,
  date: '2026-12-04',
  time: '19:30',
  ends: '21:30',
  party: 4,
  name: 'Анна',
  phone: '+375291234567',
  email: 'anna@example.com',
  wishes: '',
  status: 'confirmed',
  source: 'site',
  email_state: 'confirmed',
  hold_until: null,
  can_cancel: true,
  created_at: '2026-11-26T10:00:00.000Z',
};

describe('the guest’s tables (issue 24.1)', () => {
  it('shows each table with its status and cancels one after asking', async () => {
    let current = table;
    const api = fakeApi({
      'GET restaurant/tables/': () => ({ status: 200, body: [current] }),
      'POST restaurant/tables/5/cancel/': () => {
        current = { ...table, status: 'cancelled', can_cancel: false };
        return { status: 200, body: current };
      },
    });
    renderWithProviders(<MyTables />);
    const user = userEvent.setup();
    const card = await screen.findByTestId('table-card');
    expect(within(card).getByTestId('table-status')).toHaveTextContent('Подтверждён');
    expect(card).toHaveTextContent('4 гостя · №5');
    await user.click(within(card).getByRole('button', { name: 'Отменить' }));
    await user.click(within(card).getByRole('button', { name: 'Да, отменить' }));
    expect(await within(card).findByText('Отменён')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Отменить' })).toBeNull();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['restaurant/tables/5/cancel/']);
  });

  it('says so when there are none, with the way to book', async () => {
    fakeApi({ 'GET restaurant/tables/': () => ({ status: 200, body: [] }) });
    renderWithProviders(<MyTables />);
    expect(await screen.findByText('Броней столов пока нет.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Забронировать стол' })).toHaveAttribute('href', '/restaurant/book');
  });
});
