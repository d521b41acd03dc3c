import { screen, waitFor, within } from '@testing-library/react';
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

describe('changing the e-mail on /account/profile', () => {
  it('asks for the password, then the code sent to the new address; the address changes only then', async () => {
    let email = testUser.email;
    const api = fakeApi({
      'GET account/': () => ({ status: 200, body: { ...testUser, email, delivery_addresses: [], payment_methods: [] } }),
      'PUT account/': () => ({ status: 200, body: { ...testUser, email } }),
      'POST account/email/': (call) =>
        (call.body as { password: string }).password === 'Correct-Horse-42' ? { status: 200, body: { ok: true } } : { status: 403, body: { detail: 'Invalid password' } },
      'POST account/email/confirm/': () => {
        email = 'new@example.com';
        return { status: 200, body: { ...testUser, email } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/account/profile' });
    const field = await screen.findByLabelText('E-mail');
    await user.clear(field);
    await user.type(field, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    const dialog = await screen.findByRole('dialog', { name: 'Новый e-mail' });
    expect(dialog).toHaveTextContent('Чтобы входить с адресом new@example.com, введите пароль');
    await user.type(within(dialog).getByLabelText('Пароль'), 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить код' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Пароль')).toHaveAccessibleDescription('Неверный пароль'));
    await user.clear(within(dialog).getByLabelText('Пароль'));
    await user.type(within(dialog).getByLabelText('Пароль'), 'Correct-Horse-42');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить код' }));

    await user.type(await within(dialog).findByLabelText('Код из письма'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.path === 'account/email/confirm/')?.body).toEqual({ code: '123456' });
    expect(useSession.getState().user?.email).toBe('new@example.com');
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveValue('new@example.com'));
  });
});
