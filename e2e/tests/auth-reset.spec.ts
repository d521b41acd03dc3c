import { expect, gotoIn, test } from '../fixtures';
import { pauseClock } from '../support/clock';
import { lettersTo, waitForCode } from '../support/mail';
import { CLIENT_TOKEN, createUser } from '../support/users';

test.describe('password reset by code', () => {
  test('AUTH-20, AUTH-21, AUTH-22, AUTH-23, AUTH-24, AUTH-25, AUTH-26, AUTH-27, AUTH-28, ERR-11: forgot password → code → new password and its confirmation → password changed, back to sign-in → sign in with the new password', async ({ page, request }) => {
    const user = await createUser(request);
    await page.clock.install();
    await page.goto('/auth');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/auth\/password$/);

    const seen = (await lettersTo(user.email)).length;
    await page.getByRole('button', { name: 'Забыли пароль?' }).click();
    await expect(page).toHaveURL(/\/auth\/verify-code$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Введите код' })).toBeVisible();

    // 59-second countdown, resend disabled meanwhile; then it is enabled again (AUTH-22).
    await expect(page.getByTestId('resend-countdown')).toContainText('0:59');
    await expect(page.getByRole('button', { name: 'Отправить код ещё раз' })).toHaveCount(0);
    await pauseClock(page);
    await page.clock.fastForward('00:30');
    await expect(page.getByTestId('resend-countdown')).toContainText(/0:[12]\d/);
    await page.clock.fastForward('00:30');
    await expect(page.getByRole('button', { name: 'Отправить код ещё раз' })).toBeEnabled();
    await page.clock.resume();

    // Non-digits are dropped as they are typed (AUTH-21).
    const code = page.getByLabel('Код из письма');
    await code.pressSequentially('12ab-34');
    await expect(code).toHaveValue('1234');
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.getByText('Код должен состоять из 6 цифр')).toBeVisible();

    await code.fill('000000');
    // On the field and as a toast (ERR-11); the toast lives 2 s, so watch for it from the click on.
    const toast = page.locator('[data-toaster]').getByText('Неверный код').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await toast;
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription(/Неверный код/);

    await code.fill(await waitForCode(user.email, seen));
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page).toHaveURL(/\/auth\/create-password$/);
    await expect(page.getByText('Придумайте пароль не короче 12 символов, со строчной и заглавной буквами и цифрой.')).toBeVisible();

    // One password policy: the sign-up rule, not the spec's 8 for a reset (decision 015).
    const newPassword = page.getByRole('textbox', { name: 'Новый пароль' });
    const repeat = page.getByLabel('Повторите пароль');
    await newPassword.fill('Short-1799');
    await repeat.fill('Short-1799');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page.getByText('Пароль должен быть не короче 12 символов')).toBeVisible();
    await newPassword.fill('New-password-1799');
    await repeat.fill('New-password-1798');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page.getByText('Пароли не совпадают')).toBeVisible();
    await repeat.fill('New-password-1799');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();

    await expect(page).toHaveURL(/\/auth\/password-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Пароль изменён' })).toBeVisible();
    await page.getByRole('link', { name: 'Ко входу' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/auth');

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByLabel('Пароль', { exact: true }).fill('New-password-1799');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/account\/overview$/);
  });

  test('AUTH-26: the create-password screen and the code screen in English', async ({ page, request }) => {
    const user = await createUser(request);
    await gotoIn(page, 'en', '/auth');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const seen = (await lettersTo(user.email)).length;
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible();
    await page.getByLabel('Code from the e-mail').fill('999999');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Invalid code').first()).toBeVisible();
    await page.getByLabel('Code from the e-mail').fill(await waitForCode(user.email, seen));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New password' })).toBeVisible();
    await expect(page.getByText('Choose a password of at least 12 characters with a lower-case letter, an upper-case letter and a digit.')).toBeVisible();
    await expect(page.getByText(/8 to 32/)).toHaveCount(0);
    await page.getByRole('textbox', { name: 'New password' }).fill('Password-en-1799');
    await page.getByLabel('Repeat the password').fill('Password-en-1798');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
  });

  test('asking for a code again within 59 s goes on to the code screen and its countdown, not to an error', async ({ page, request }) => {
    const user = await createUser(request);
    const asked = await request.post('/api/v1/account/password/reset/', {
      headers: { 'x-client-token': CLIENT_TOKEN },
      data: { email: user.email },
    });
    expect(asked.status()).toBe(200);
    await page.goto('/auth');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('button', { name: 'Забыли пароль?' }).click();
    await expect(page).toHaveURL(/\/auth\/verify-code$/);
    await expect(page.getByTestId('resend-countdown')).toContainText(/0:[0-5]\d/);
    await expect(page.getByText('Ошибка отправки кода')).toHaveCount(0);
  });

  test('the new password is set only by the browser that confirmed the code: the e-mail alone sets nothing', async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto('/auth');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Войти' }).click();
    const seen = (await lettersTo(user.email)).length;
    await page.getByRole('button', { name: 'Забыли пароль?' }).click();
    await page.getByLabel('Код из письма').fill(await waitForCode(user.email, seen));
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page).toHaveURL(/\/auth\/create-password$/);

    // Someone else, who knows the address, tries the last step meanwhile.
    const takeover = await request.post('/api/v1/auth/password/set/', {
      headers: { 'x-client-token': CLIENT_TOKEN },
      data: { email: user.email, reset_token: 'A'.repeat(43), new_password: 'Attacker-Pass-666', new_password1: 'Attacker-Pass-666' },
    });
    expect(takeover.status()).toBe(400);

    await page.getByRole('textbox', { name: 'Новый пароль' }).fill('Owners-Pass-1799');
    await page.getByLabel('Повторите пароль').fill('Owners-Pass-1799');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page).toHaveURL(/\/auth\/password-success$/);
  });
});
