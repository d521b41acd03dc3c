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
  it('AUTH-24, AUTH-25: the sign-up rule (12 characters, lower, upper, digit), both fields equal; sent with the reset token', async () => {
    const api = fakeApi({ 'POST account/password/set/': () => ({ status: 200, body: { ok: true } }) });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CreatePasswordForm email="a@example.com" resetToken={'t'.repeat(43)} onSaved={onSaved} />);
    const password = screen.getByLabelText('Новый пароль');
    const repeat = screen.getByLabelText('Повторите пароль');
    await user.type(password, 'Short-1');
    await user.type(repeat, 'Short-1');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Пароль должен быть не короче 12 символов')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Grodno-1799-Stay');
    await user.clear(repeat);
    await user.type(repeat, 'Grodno-1799-StaY');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
    await user.clear(repeat);
    await user.type(repeat, 'Grodno-1799-Stay');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0]?.body).toEqual({
      email: 'a@example.com',
      reset_token: 't'.repeat(43),
      new_password: 'Grodno-1799-Stay',
      new_password1: 'Grodno-1799-Stay',
    });
  });

  it('a used or late token says to ask for a new code, in the visitor’s language', async () => {
    fakeApi({ 'POST account/password/set/': () => ({ status: 400, body: { detail: 'Confirm the reset code first' } }) });
    const user = userEvent.setup();
    renderWithProviders(<CreatePasswordForm email="a@example.com" resetToken={'t'.repeat(43)} onSaved={vi.fn()} />);
    await user.type(screen.getByLabelText('Новый пароль'), 'Grodno-1799-Stay');
    await user.type(screen.getByLabelText('Повторите пароль'), 'Grodno-1799-Stay');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findAllByText('Время на новый пароль истекло: запросите новый код')).not.toHaveLength(0);
    expect(screen.queryByText(/Confirm the reset code/)).not.toBeInTheDocument();
  });
});

describe('why a code is refused, in Russian', () => {
  it.each([
    ['Invalid code', 400, 'Неверный код'],
    ['Code expired, request a new code', 400, 'Срок действия кода истёк: запросите новый'],
    ['Too many attempts, request a new code', 429, 'Слишком много попыток с этим кодом: запросите новый'],
    ['Too many wrong codes today, try again tomorrow', 429, 'Слишком много неверных кодов сегодня: попробуйте завтра'],
  ])('%s', async (detail, status, shown) => {
    fakeApi({ 'POST account/password/reset/done/': () => ({ status, body: { detail } }) });
    const user = userEvent.setup();
    renderWithProviders(<VerifyCodeForm email="a@example.com" onVerified={vi.fn()} />);
    await user.type(screen.getByLabelText('Код из письма'), '123456');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(screen.getByLabelText('Код из письма')).toHaveAccessibleDescription(shown));
    expect(screen.queryByText(detail)).not.toBeInTheDocument();
  });

  it('a confirmed code hands its reset token on', async () => {
    fakeApi({ 'POST account/password/reset/done/': () => ({ status: 200, body: { ok: true, reset_token: 'r'.repeat(43) } }) });
    const onVerified = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<VerifyCodeForm email="a@example.com" onVerified={onVerified} />);
    await user.type(screen.getByLabelText('Код из письма'), '123456');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith('r'.repeat(43)));
  });

  it('a resend the server finds too early counts down the seconds it asked for', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    fakeApi({ 'POST account/password/reset/': () => ({ status: 429, body: { detail: 'Please wait 118 s before requesting a new code' } }) });
    renderWithProviders(<VerifyCodeForm email="a@example.com" onVerified={vi.fn()} resendIn={3} />);
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('0:03');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить код ещё раз' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('1:58');
  });
});

describe('ActivationBanner', () => {
  it('AUTH-37: an active user sees no banner', () => {
    renderWithProviders(<ActivationBanner user={{ email: 'a@example.com', is_active: true }} />);
    expect(screen.queryByTestId('activation-banner')).not.toBeInTheDocument();
  });

  it('AUTH-38, AUTH-39, AUTH-40, AUTH-41: the button opens the code form; the code is digits only and exactly 6 long, the field takes at most 6, checked on every change; closing resets it', async () => {
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
