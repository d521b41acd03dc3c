/** Orders placed through the API, as the cart places them: with the total the guest was shown (issue 42). */
import { orderSummary } from '@hotel/domain';
import type { Page } from '@playwright/test';
import { CLIENT_TOKEN } from './users';

const headers = { 'x-client-token': CLIENT_TOKEN };

/** The `expected_total` of dishes without options to an address: today's menu prices and the kitchen's delivery settings, no promo code. */
export async function expectedOrderTotal(page: Page, items: readonly { product_id: string; quantity: number }[]): Promise<number> {
  const products = (await (await page.request.get('/api/v1/delivery/products/', { headers })).json()) as { id: number; price: number }[];
  const ordering = (await (await page.request.get('/api/v1/delivery/ordering/', { headers })).json()) as { min_order: number; free_delivery_from: number | null; delivery_fee: number };
  const lines = items.map((item) => ({ price: products.find((product) => String(product.id) === item.product_id)!.price, quantity: item.quantity }));
  return orderSummary(lines, ordering).total;
}

/** An order's body with the `expected_total` the cart would send for it (`expectedOrderTotal`). */
export async function withExpectedTotal<T extends { items: readonly { product_id: string; quantity: number }[] }>(page: Page, body: T): Promise<T & { expected_total: number }> {
  return { ...body, expected_total: await expectedOrderTotal(page, body.items) };
}
