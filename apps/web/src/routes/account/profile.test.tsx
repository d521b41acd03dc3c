import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { fakeApi, renderWithProviders, testUser } from '../../test/render';
import { Component as ProfilePage } from './profile';

beforeEach(() => useSession.setState({ status: 'authenticated', user: testUser }));
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ status: 'loading', user: null });
});

describe('/account/profile', () => {
  it('ERR-29: a failed profile load shows "Error:" with the server detail, and no form', async () => {
    fakeApi({ 'GET account/': () => ({ status: 500, body: { detail: 'Профиль временно недоступен' } }) });
    renderWithProviders(<ProfilePage />, { route: '/account/profile' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка: Профиль временно недоступен');
    expect(screen.queryByTestId('profile-form')).not.toBeInTheDocument();
  });

  it('ERR-29: a profile load that got no answer shows "Error:" with the error message; retry loads the form', async () => {
    let reachable = false;
    fakeApi({
      'GET account/': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return { status: 200, body: { ...testUser, delivery_addresses: [], payment_methods: [] } };
      },
    });
    renderWithProviders(<ProfilePage />, { route: '/account/profile' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка: Failed to fetch');

    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('profile-form')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
