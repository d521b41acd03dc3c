import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '@hotel/domain';
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

  it('ACC-13: saved profile changes are kept and shown again after a reload', async () => {
    // The stand-in server keeps what PUT account/ receives and hands it back on the next GET.
    let stored: Account = { ...testUser, delivery_addresses: [], payment_methods: [] };
    fakeApi({
      'GET account/': () => ({ status: 200, body: stored }),
      'PUT account/': ({ body }) => {
        stored = { ...stored, ...(body as Partial<Account>) };
        const { delivery_addresses: _addresses, payment_methods: _cards, ...user } = stored;
        return { status: 200, body: user };
      },
    });
    const user = userEvent.setup();
    const first = renderWithProviders(<ProfilePage />, { route: '/account/profile' });
    const form = await screen.findByTestId('profile-form');
    for (const [label, value] of [
      ['Никнейм', 'anna_n'],
      ['Фамилия', 'Ковалёва'],
      ['Телефон', '+375297654321'],
    ] as const) {
      await user.clear(within(form).getByLabelText(label));
      await user.type(within(form).getByLabelText(label), value);
    }
    await user.click(within(form).getByLabelText('Дополнительный телефон'));
    await user.type(within(form).getByLabelText('Дополнительный номер'), '+375331112233');
    await user.selectOptions(within(form).getByLabelText('Пол'), 'female');
    await user.type(within(form).getByLabelText('Дата рождения'), '1990-05-17');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Профиль сохранён')).toBeInTheDocument();

    // A reload: a new page with an empty cache reads the profile from the server again.
    first.unmount();
    renderWithProviders(<ProfilePage />, { route: '/account/profile' });
    const reloaded = await screen.findByTestId('profile-form');
    expect(within(reloaded).getByLabelText('Никнейм')).toHaveValue('anna_n');
    expect(within(reloaded).getByLabelText('Имя')).toHaveValue('Анна');
    expect(within(reloaded).getByLabelText('Фамилия')).toHaveValue('Ковалёва');
    expect(within(reloaded).getByLabelText('Телефон')).toHaveValue('+375297654321');
    expect(within(reloaded).getByLabelText('Дополнительный телефон')).toBeChecked();
    expect(within(reloaded).getByLabelText('Дополнительный номер')).toHaveValue('+375331112233');
    expect(within(reloaded).getByLabelText('Пол')).toHaveValue('female');
    expect(within(reloaded).getByLabelText('Дата рождения')).toHaveValue('1990-05-17');
    expect(within(reloaded).getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  });
});
