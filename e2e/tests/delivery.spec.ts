/** The public delivery menu (/delivery) against the demo menu. */
import { expect, gotoIn, test } from '../fixtures';

interface Product {
  name: { ru: string; en: string };
  category: { title: { ru: string } };
}

const isPhone = (width: number | undefined) => (width ?? 1280) < 768;

test('DEL-01, DEL-03, DEL-05, DEL-06: an anonymous visitor browses the whole menu and one category', async ({ page, request, viewport }) => {
  const menu = (await (await request.get('/api/v1/delivery/products/', { headers: { 'x-client-token': 'house1799-web' } })).json()) as Product[];
  const soups = menu.filter((product) => product.category.title.ru === 'Супы');
  expect(soups.length).toBeGreaterThan(1);

  await page.goto('/delivery');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Меню доставки');
  const cards = page.getByTestId('product-grid').getByTestId('product-card');
  await expect(cards).toHaveCount(menu.length);
  await expect(cards.first()).toContainText('BYN');
  await expect(page.getByTestId('delivery-phone')).toHaveAttribute('href', /^tel:\+375/);

  const nav = page.getByTestId('category-nav');
  // Below 768 px the categories fold into a disclosure (DEL-04).
  if (isPhone(viewport?.width)) {
    await expect(nav.getByRole('link', { name: 'Супы', exact: true })).toBeHidden();
    await nav.getByTestId('category-toggle').click();
  }
  await expect(nav.getByRole('link', { name: 'Все', exact: true })).toHaveAttribute('aria-current', 'true');
  await nav.getByRole('link', { name: 'Супы', exact: true }).click();
  await expect(cards).toHaveCount(soups.length);
  for (const soup of soups) await expect(page.getByTestId('product-grid')).toContainText(soup.name.ru);
  if (isPhone(viewport?.width)) await nav.getByTestId('category-toggle').click();
  await nav.getByRole('link', { name: 'Все', exact: true }).click();
  await expect(cards).toHaveCount(menu.length);
});

test('DEL-07, DEL-08, DEL-10, DEL-11: search needs 3 letters, ignores case and empties back to the whole menu', async ({ page, request }) => {
  const menu = (await (await request.get('/api/v1/delivery/products/', { headers: { 'x-client-token': 'house1799-web' } })).json()) as Product[];
  const draniki = menu.filter((product) => product.name.ru.toLowerCase().includes('драник'));
  expect(draniki.length).toBeGreaterThan(0);

  await page.goto('/delivery');
  const cards = page.getByTestId('product-grid').getByTestId('product-card');
  await expect(cards).toHaveCount(menu.length);
  const search = page.getByTestId('menu-search');
  await search.fill('ДР');
  await expect(page.getByTestId('menu-search-status')).toHaveText('Минимум 3 символа для поиска');
  await expect(cards).toHaveCount(menu.length);
  await search.fill('ДРАНИК');
  await expect(cards).toHaveCount(draniki.length);
  await search.fill('');
  await expect(cards).toHaveCount(menu.length);
});

test('the delivery menu in English names dishes and categories in English (DEL-01)', async ({ page }) => {
  await gotoIn(page, 'en', '/delivery');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delivery menu');
  await expect(page.getByTestId('product-grid')).toContainText('Draniki with sour cream');
  await expect(page.getByTestId('menu-search-status')).not.toContainText('символ');
});
