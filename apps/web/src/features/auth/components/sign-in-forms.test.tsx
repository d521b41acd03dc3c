import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { fakeApi, renderWithProviders, testUser } from '../../../test/render';
import { EmailStepForm } from './email-step-form';
import { PasswordForm } from './password-form';

beforeEach(() => useSession.setState({ status: 'anonymous', user: null }));
afterEach(() => vi.unstubAllGlobals());

describe('EmailStepForm', () => {
  function setup() {
    const onSignIn = vi.fn();
    const onCreateAccount = vi.fn();
    renderWithProviders(<EmailStepForm onSignIn={onSignIn} onCreateAccount={onCreateAccount} />);
    return { onSignIn, onCreateAccount, user: userEvent.setup() };
  }

  it('AUTH-05: an invalid e-mail shows login.invalidEmail without asking the server', async () => {
    const api = fakeApi({});
    const { user } = setup();
    await user.type(screen.getByLabelText('E-mail'), 'anna@');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Некорректный e-mail')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('AUTH-06: a registered e-mail goes on to the password (trimmed, lower-cased)', async () => {
    fakeApi({ 'GET auth/email/': () => ({ status: 200, body: { ok: true } }) });
    const { user, onSignIn } = setup();
    await user.type(screen.getByLabelText('E-mail'), '  Anna@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(onSignIn).toHaveBeenCalledWith('anna@example.com'));
  });

  it('AUTH-11: Create account with an unknown e-mail goes on to registration', async () => {
    fakeApi({ 'GET auth/email/': () => ({ status: 404, body: { detail: 'User not found' } }) });
    const { user, onCreateAccount } = setup();
    await user.type(screen.getByLabelText('E-mail'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Создать аккаунт' }));
    await waitFor(() => expect(onCreateAccount).toHaveBeenCalledWith('new@example.com'));
  });

  it.each([
    [404, 'Войти', 'Пользователь не найден'],
    [422, 'Войти', 'Некорректный e-mail'],
    [500, 'Войти', 'Не удалось войти. Попробуйте ещё раз.'],
    [200, 'Создать аккаунт', 'Этот e-mail уже зарегистрирован'],
  ])('ERR-02, ERR-03, ERR-04: answer %i to "%s" shows "%s"', async (status, button, message) => {
    fakeApi({ 'GET auth/email/': () => ({ status, body: status === 200 ? { ok: true } : { detail: 'x' } }) });
    const { user, onSignIn, onCreateAccount } = setup();
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onSignIn).not.toHaveBeenCalled();
    expect(onCreateAccount).not.toHaveBeenCalled();
  });
});

describe('PasswordForm', () => {
  function setup() {
    const onSignedIn = vi.fn();
    const onResetCodeSent = vi.fn();
    renderWithProviders(<PasswordForm email="anna@example.com" onSignedIn={onSignedIn} onResetCodeSent={onResetCodeSent} />);
    return { onSignedIn, onResetCodeSent, user: userEvent.setup() };
  }

  it('AUTH-08: the password needs at least 8 characters', async () => {
    fakeApi({});
    const { user } = setup();
    await user.type(screen.getByLabelText('Пароль'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Пароль должен быть не короче 8 символов')).toBeInTheDocument();
  });

  it.each([
    [403, 'Неверный пароль'],
    [404, 'Пользователь не найден'],
    // issue 21: too many wrong passwords for the account.
    [429, 'Слишком много неверных паролей. Подождите немного и попробуйте снова или восстановите пароль.'],
    [500, 'Не удалось войти. Попробуйте ещё раз.'],
  ])('ERR-05, ERR-06: answer %i shows "%s" on the password field', async (status, message) => {
    fakeApi({ 'POST auth/login/': () => ({ status, body: { detail: 'x' } }) });
    const { user, onSignedIn } = setup();
    await user.type(screen.getByLabelText('Пароль'), 'password-1799');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription(message));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('AUTH-09: a correct password signs in with a success toast', async () => {
    fakeApi({ 'POST auth/login/': () => ({ status: 200, body: { ok: true, user: testUser } }) });
    const { user, onSignedIn } = setup();
    await user.type(screen.getByLabelText('Пароль'), 'password-1799');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', user: { email: 'anna@example.com' } });
    expect(await screen.findByText('Вы вошли в аккаунт')).toBeInTheDocument();
  });

  it('AUTH-20, ERR-10: forgot password requests a code (or shows sendError)', async () => {
    let fail = true;
    const api = fakeApi({ 'POST account/password/reset/': () => (fail ? { status: 500, body: { detail: 'x' } } : { status: 200, body: { ok: true } }) });
    const { user, onResetCodeSent } = setup();
    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    await waitFor(() => expect(screen.getAllByText('Ошибка отправки кода').length).toBeGreaterThan(0));
    expect(onResetCodeSent).not.toHaveBeenCalled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    await waitFor(() => expect(onResetCodeSent).toHaveBeenCalled());
    expect(api.calls.at(-1)).toEqual({ method: 'POST', path: 'account/password/reset/', body: { email: 'anna@example.com' } });
  });

  it('AUTH-22: asking again within 59 s goes on to the code screen with its countdown, not to sendError', async () => {
    fakeApi({ 'POST account/password/reset/': () => ({ status: 429, body: { detail: 'Please wait 41 s before requesting a new code' } }) });
    const { user, onResetCodeSent } = setup();
    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    await waitFor(() => expect(onResetCodeSent).toHaveBeenCalledWith(41));
    expect(screen.getByLabelText('Пароль')).not.toHaveAccessibleDescription('Ошибка отправки кода');
  });

  it('too many codes today says so in Russian', async () => {
    fakeApi({ 'POST account/password/reset/': () => ({ status: 429, body: { detail: 'Too many codes today, try again tomorrow' } }) });
    const { user, onResetCodeSent } = setup();
    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    expect(await screen.findAllByText('Сегодня отправлено слишком много кодов: попробуйте завтра')).not.toHaveLength(0);
    expect(onResetCodeSent).not.toHaveBeenCalled();
  });
});
