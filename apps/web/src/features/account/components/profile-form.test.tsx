import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileUpdateSchema, type Account } from '@hotel/domain';
import { fakeApi, renderWithProviders, testUser } from '../../../test/render';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm, ProfileIncompleteBanner } from './profile-form';

const account: Account = { ...testUser, delivery_addresses: [], payment_methods: [] };

afterEach(() => vi.unstubAllGlobals());

describe('ProfileForm', () => {
  it('ACC-11: has every field of the spec', () => {
    fakeApi({});
    renderWithProviders(<ProfileForm account={account} />);
    for (const label of ['Никнейм', 'Имя', 'Фамилия', 'E-mail', 'Телефон', 'Дополнительный телефон', 'Пол', 'Дата рождения']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['not_given', 'female', 'male']);
  });

  it('ACC-18: save is disabled until the form changes, and again when the change is undone', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm account={account} />);
    const save = screen.getByRole('button', { name: 'Сохранить' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Никнейм'), 'x');
    expect(save).toBeEnabled();
    await user.type(screen.getByLabelText('Никнейм'), '{Backspace}');
    expect(save).toBeDisabled();
  });

  it('ACC-15, ACC-16, ACC-17: nickname and names need at least 2 characters, the e-mail must be valid, the phone at least 10 characters', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm account={account} />);
    for (const [label, value] of [
      ['Никнейм', 'a'],
      ['Имя', 'А'],
      ['Фамилия', 'Н'],
      ['E-mail', 'anna@'],
      ['Телефон', '+37529'],
    ] as const) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), value);
    }
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    for (const message of [
      'Никнейм должен быть не короче 2 символов',
      'Имя должно быть не короче 2 символов',
      'Фамилия должна быть не короче 2 символов',
      'Некорректный e-mail',
      'Телефон должен быть не короче 10 символов',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('ACC-12: the additional phone is sent only while its checkbox is on', async () => {
    const api = fakeApi({ 'PUT account/': () => ({ status: 200, body: testUser }), 'GET account/': () => ({ status: 200, body: account }) });
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm account={account} />);
    await user.click(screen.getByLabelText('Дополнительный телефон'));
    await user.type(screen.getByLabelText('Дополнительный номер'), '+375331112233');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ extra_phone: '+375331112233', gender: null, birthday: null });
    // What the page sends is what the server takes: gender "Не указан" was refused once (issue 26).
    expect(profileUpdateSchema.safeParse(api.calls.find((c) => c.method === 'PUT')?.body).error).toBeUndefined();
    await screen.findByText('Профиль сохранён');

    await user.click(screen.getByLabelText('Дополнительный телефон'));
    expect(screen.queryByLabelText('Дополнительный номер')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === 'PUT')[1]?.body).not.toHaveProperty('extra_phone');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled());
  });

  it('ERR-31: a failed save is shown to the user', async () => {
    fakeApi({ 'PUT account/': () => ({ status: 500, body: { detail: 'Database is down' } }) });
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm account={account} />);
    await user.type(screen.getByLabelText('Никнейм'), '2');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Не удалось сохранить профиль')).toBeInTheDocument();
    expect(screen.queryByText(/Database is down/)).not.toBeInTheDocument();
  });

  it('a new e-mail is not saved with the profile: the rest is, and the e-mail goes to its own confirmation', async () => {
    const api = fakeApi({ 'PUT account/': () => ({ status: 200, body: testUser }) });
    const onEmailChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm account={account} onEmailChange={onEmailChange} />);
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'New@Example.com');
    await user.type(screen.getByLabelText('Никнейм'), '2');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onEmailChange).toHaveBeenCalledWith('new@example.com'));
    expect(api.calls[0]?.body).toMatchObject({ email: 'anna@example.com', username: 'anna2' });
    expect(screen.getByLabelText('E-mail')).toHaveValue('anna@example.com');
  });
});

describe('ProfileIncompleteBanner', () => {
  it.each(['username', 'first_name', 'last_name', 'phone'] as const)('ACC-14: shows while %s is missing', (field) => {
    renderWithProviders(<ProfileIncompleteBanner account={{ ...account, [field]: null }} />);
    expect(screen.getByTestId('profile-incomplete')).toHaveTextContent('Профиль заполнен не полностью');
  });

  it('ACC-14: hides when everything is filled', () => {
    renderWithProviders(<ProfileIncompleteBanner account={account} />);
    expect(screen.queryByTestId('profile-incomplete')).not.toBeInTheDocument();
  });
});

describe('ChangePasswordForm', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, old: string, next: string, repeat: string) {
    for (const [label, value] of [
      ['Текущий пароль', old],
      ['Новый пароль', next],
      ['Повторите новый пароль', repeat],
    ] as const) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), value);
    }
    await user.click(screen.getByRole('button', { name: 'Изменить пароль' }));
  }

  it('ACC-19, ACC-20: the new password follows the sign-up rule; new and repeat must match', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<ChangePasswordForm />);
    await fill(user, '12345', 'Short-1', 'Short-1');
    expect(await screen.findByText('Пароль должен быть не короче 12 символов')).toBeInTheDocument();
    await fill(user, '12345', 'all-lower-case-1', 'all-lower-case-1');
    expect(await screen.findByText('Пароль должен содержать строчную и заглавную буквы и цифру')).toBeInTheDocument();
    await fill(user, '12345', 'Grodno-1799-Stay', 'Grodno-1799-Stax');
    expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
  });

  it('ERR-31: a wrong current password shows on its field and as a toast; success clears the form', async () => {
    let status = 403;
    fakeApi({ 'POST account/password/': () => ({ status, body: status === 200 ? { ok: true } : { detail: 'Invalid password' } }) });
    const user = userEvent.setup();
    renderWithProviders(<ChangePasswordForm />);
    await fill(user, 'wrong-one', 'Grodno-1799-Stay', 'Grodno-1799-Stay');
    await waitFor(() => expect(screen.getByLabelText('Текущий пароль')).toHaveAccessibleDescription('Неверный пароль'));
    expect(screen.getByText('Не удалось изменить пароль')).toBeInTheDocument();
    status = 200;
    await fill(user, 'right-one', 'Grodno-1799-Stay', 'Grodno-1799-Stay');
    expect(await screen.findByText('Пароль изменён')).toBeInTheDocument();
    expect(screen.getByLabelText('Текущий пароль')).toHaveValue('');
  });
});
