import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders, testUser } from '../../../test/render';
import { ActivationBanner } from './activation';
import { CreatePasswordForm } from './create-password-form';
import { VerifyCodeForm } from './verify-code-form';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VerifyCodeForm', () => {
  it('AUTH-21: non-digits typed into the code are stripped; the code must have 6 digits', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<VerifyCodeForm email="a@example.com" onVerified={vi.fn()} />);
    const code = screen.getByLabelText('Код из письма');
    await user.type(code, '1a2-b3 4');
    expect(code).toHaveValue('1234');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Код должен состоять из 6 цифр')).toBeInTheDocument();
  });

  it('AUTH-22: resend is disabled for 59 seconds, then enabled; a resend starts the countdown again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const api = fakeApi({ 'POST account/password/reset/': () => ({ status: 200, body: { ok: true } }) });
    renderWithProviders(<VerifyCodeForm email="a@example.com" onVerified={vi.fn()} />);
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('0:59');
    expect(screen.queryByRole('button', { name: 'Отправить код ещё раз' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('0:01');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const resend = screen.getByRole('button', { name: 'Отправить код ещё раз' });
    expect(resend).toBeEnabled();
    fireEvent.click(resend);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('0:59');
    expect(api.calls).toEqual([{ method: 'POST', path: 'account/password/reset/', body: { email: 'a@example.com' } }]);
  });

  it('ERR-12: a failed resend shows a toast and enables resend again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    fakeApi({ 'POST account/password/reset/': () => ({ status: 500, body: { detail: 'boom' } }) });
    renderWithProviders(<VerifyCodeForm email="a@example.com" onVerified={vi.fn()} />);
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить код ещё раз' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('Ошибка отправки кода')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отправить код ещё раз' })).toBeEnabled();
  });

  it('ERR-11: a wrong code shows "Invalid code" on the field and as a toast', async () => {
    fakeApi({ 'POST account/password/reset/done/': () => ({ status: 400, body: { detail: 'Invalid code' } }) });
    const onVerified = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<VerifyCodeForm email="a@example.com" onVerified={onVerified} />);
    await user.type(screen.getByLabelText('Код из письма'), '123456');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(screen.getAllByText('Неверный код')).toHaveLength(2));
    expect(screen.getByLabelText('Код из письма')).toHaveAccessibleDescription('Неверный код');
    expect(onVerified).not.toHaveBeenCalled();
  });
});

describe('CreatePasswordForm', () => {
  it('AUTH-24, AUTH-25: at least 8 characters, and both fields equal', async () => {
    const api = fakeApi({ 'POST account/password/set/': () => ({ status: 200, body: { ok: true } }) });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CreatePasswordForm email="a@example.com" onSaved={onSaved} />);
    const password = screen.getByLabelText('Новый пароль');
    const repeat = screen.getByLabelText('Повторите пароль');
    await user.type(password, 'short');
    await user.type(repeat, 'short');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Пароль должен быть не короче 8 символов')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'long-enough');
    await user.clear(repeat);
    await user.type(repeat, 'long-enougH');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
    await user.clear(repeat);
    await user.type(repeat, 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0]?.body).toEqual({ email: 'a@example.com', new_password: 'long-enough', new_password1: 'long-enough' });
  });
});

describe('ActivationBanner', () => {
  it('AUTH-37: an active user sees no banner', () => {
    renderWithProviders(<ActivationBanner user={{ email: 'a@example.com', is_active: true }} />);
    expect(screen.queryByTestId('activation-banner')).not.toBeInTheDocument();
  });

  it('AUTH-38..41: the button opens the code form; digits only, at most 6, checked on change; closing resets it', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<ActivationBanner user={{ email: 'a@example.com', is_active: false }} />);
    expect(screen.getByTestId('activation-banner')).toHaveTextContent('Подтвердите e-mail');
    await user.click(screen.getByRole('button', { name: 'Ввести код' }));
    const dialog = await screen.findByRole('dialog', { name: 'Активация аккаунта' });
    const code = screen.getByLabelText('Код активации');
    expect(code).toHaveAttribute('maxlength', '6');
    await user.type(code, '12345a');
    expect(await screen.findByText('Код должен содержать только цифры')).toBeInTheDocument();
    await user.type(code, '7');
    expect(code).toHaveValue('12345a');
    await user.clear(code);
    await user.type(code, '123');
    expect(await screen.findByText('Код должен состоять из 6 цифр')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Закрыть окно' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Ввести код' }));
    expect(await screen.findByLabelText('Код активации')).toHaveValue('');
    expect(screen.queryByText('Код должен состоять из 6 цифр')).not.toBeInTheDocument();
  });

  it('AUTH-42, ERR-09: resend counts down 59 s; a failed resend shows a toast and enables it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    fakeApi({ 'POST auth/activate/resend/': () => ({ status: 500, body: { detail: 'boom' } }) });
    renderWithProviders(<ActivationBanner user={{ email: 'a@example.com', is_active: false }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ввести код' }));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('0:59');
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить код ещё раз' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('Ошибка повторной отправки кода активации')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отправить код ещё раз' })).toBeEnabled();
  });

  it('AUTH-43, ERR-08: a wrong code shows "Invalid code"; a right one refetches the user and the dialog closes', async () => {
    let active = false;
    const api = fakeApi({
      'POST auth/activate/': ({ body }) =>
        (body as { code: string }).code === '654321'
          ? ((active = true), { status: 200, body: { ...testUser, is_active: true } })
          : { status: 400, body: { detail: 'Invalid code' } },
      'GET auth/me/': () => ({ status: 200, body: { ...testUser, is_active: active } }),
    });
    // A signed-in browser carries the server's readable "signed_in" marker next to its session.
    document.cookie = 'signed_in=1; path=/';
    const user = userEvent.setup();
    renderWithProviders(<ActivationBanner user={{ email: 'a@example.com', is_active: false }} />);
    await user.click(screen.getByRole('button', { name: 'Ввести код' }));
    await user.type(screen.getByLabelText('Код активации'), '111111');
    await user.click(screen.getByRole('button', { name: 'Активировать' }));
    expect(await screen.findByText('Неверный код')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Код активации'));
    await user.type(screen.getByLabelText('Код активации'), '654321');
    await user.click(screen.getByRole('button', { name: 'Активировать' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain('GET auth/me/');
    expect(screen.getByText('Аккаунт активирован')).toBeInTheDocument();
  });
});
