/** A saved card, approved on the sandbox gateway's own page, as a guest saves one at checkout. */
import { expect, type Page } from '@playwright/test';
import { CLIENT_TOKEN } from './users';

const headers = { 'x-client-token': CLIENT_TOKEN };

/** Saves a card with the page's session and answers its public id (the newest, when there are several). */
export async function saveCard(page: Page, number = '4242 4242 4242 4242'): Promise<string> {
  const started = await page.request.post('/api/v1/payments/methods/init/', { headers, data: { return_path: '/hotel/payment' } });
  expect(started.status()).toBe(201);
  const { confirmation_url } = (await started.json()) as { confirmation_url: string };
  const done = await page.request.post(new URL(confirmation_url).pathname, {
    form: { decision: 'approve', number, expiry: '12/30', holder: 'MARIA NOVIK' },
  });
  expect(done.ok()).toBe(true);
  const methods = (await (await page.request.get('/api/v1/account/payments/methods/', { headers })).json()) as { payment_method_id: string; card_last4: string }[];
  const saved = methods.filter((method) => method.card_last4 === number.replace(/\D/g, '').slice(-4));
  expect(saved.length).toBeGreaterThan(0);
  return saved.at(-1)!.payment_method_id;
}
