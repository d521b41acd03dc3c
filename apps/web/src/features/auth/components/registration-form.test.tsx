import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { useSession } from '../../../shared/session/session-store';
import { fakeApi, renderWithProviders, testUser } from '../../../test/render';
import { RegistrationForm } from './registration-form';

function setup() {
  const onRegistered = vi.fn();
  renderWithProviders(<RegistrationForm email="anna@example.com" onRegistered={onRegistered} />);
  const user = userEvent.setup();
  const fill = async (name: string, password: string, confirm: string) => {
    for (const [label, value] of [
      ['Имя', name],
      ['Пароль', password],
      ['Повторите пароль', confirm],
    ] as const) {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      if (value) await user.type(field, value);
    }
    await user.click(screen.getByRole('button', { name: 'Создать аккаунт' }));
  };
  return { fill, onRegistered };
}

describe('RegistrationForm', () => {
  beforeEach(() => useSession.setState({ status: 'anonymous', user: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('AUTH-13: the name needs at least 2 characters', async () => {
    const { fill } = setup();
    await fill('А', 'Grodno1799pass', 'Grodno1799pass');
    expect(await screen.findByText('Имя должно быть не короче 2 символов')).toBeInTheDocument();
  });

  it('AUTH-14, AUTH-16: password and confirmation need at least 12 characters', async () => {
    const { fill } = setup();
    await fill('Анна', 'Grodno17', 'Grodno17');
    expect(await screen.findAllByText('Пароль должен быть не короче 12 символов')).toHaveLength(2);
  });

  it.each(['grodno1799pass', 'GRODNO1799PASS', 'GrodnoPassword'])('AUTH-15: %s is weak (lower, upper and digit needed)', async (password) => {
    const { fill } = setup();
    await fill('Анна', password, password);
    expect(await screen.findByText('Пароль должен содержать строчную и заглавную буквы и цифру')).toBeInTheDocument();
  });

  it('AUTH-16: the confirmation must equal the password', async () => {
    const { fill } = setup();
    await fill('Анна', 'Grodno1799pass', 'Grodno1799pasS');
    expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
  });

  it('AUTH-18: the length message says 12 in both languages', () => {
    expect(i18n.t('auth:registration.passwordMin', { lng: 'ru' })).toContain('12');
    expect(i18n.t('auth:registration.passwordMin', { lng: 'en' })).toContain('12');
    expect(i18n.t('auth:registration.passwordMin', { lng: 'en' })).not.toContain('8');
  });

  it('AUTH-17, AUTH-19: both passwords are trimmed; success signs the user in', async () => {
    const api = fakeApi({ 'POST auth/signup/': () => ({ status: 201, body: { ...testUser, is_active: false } }) });
    const { fill, onRegistered } = setup();
    await fill('Анна', '  Grodno1799pass ', 'Grodno1799pass   ');
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(api.calls[0]?.body).toEqual({ first_name: 'Анна', email: 'anna@example.com', password: 'Grodno1799pass', language: 'ru' });
    expect(useSession.getState().status).toBe('authenticated');
  });

  it('ERR-07: a failure shows the server detail on the form and as a toast', async () => {
    fakeApi({ 'POST auth/signup/': () => ({ status: 500, body: { detail: 'Registration error' } }) });
    const { fill, onRegistered } = setup();
    await fill('Анна', 'Grodno1799pass', 'Grodno1799pass');
    await waitFor(() => expect(screen.getAllByText('Registration error')).toHaveLength(2));
    expect(onRegistered).not.toHaveBeenCalled();
  });
});
