import { expect, test } from '../fixtures';
import { GOOGLE_TEST_USER } from '../support/google';

test.describe('social sign-in', () => {
  // One Google account for the whole run: sign in with it once per project is plenty.
  test.describe.configure({ mode: 'serial' });

  test('AUTH-02, AUTH-31: the Google button goes to the provider with response_type=code and comes back signed in', async ({ page }) => {
    await page.goto('/auth');
    const button = page.getByRole('link', { name: 'Войти через Google' });
    await expect(button).toBeVisible();
    // The Yandex keys are not configured in this run, so its button is hidden.
    await expect(page.getByRole('link', { name: 'Войти через Яндекс' })).toHaveCount(0);

    const authorize = page.waitForRequest((request) => new URL(request.url()).pathname === '/authorize');
    // The toast lives 2 s: watch for it from the click on, not after the redirects.
    const toast = page.getByText('Вход выполнен').waitFor({ timeout: 20_000 });
    await button.click();
    const providerUrl = new URL((await authorize).url());
    expect(providerUrl.searchParams.get('response_type')).toBe('code');
    expect(providerUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const redirectUri = new URL(providerUrl.searchParams.get('redirect_uri')!);
    expect(redirectUri.pathname).toBe('/google/callback');
    expect(redirectUri.host).toBe(new URL(page.url()).host);

    await expect(page).toHaveURL(/\/account\/overview$/);
    await toast;
    const me = await page.request.get('/api/v1/auth/me/', { headers: { 'x-client-token': 'house1799-web' } });
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email: GOOGLE_TEST_USER.email, is_active: true });
  });

  test('AUTH-32: a callback with an error parameter shows the sign-in error and returns to /auth', async ({ page }) => {
    const toast = page.getByText('Не удалось войти через внешний сервис').waitFor({ timeout: 15_000 });
    await page.goto('/google/callback?error=access_denied');
    await expect(page).toHaveURL(/\/auth$/);
    await toast;
  });
});
