import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicRoutes, prerenderedPages } from '../app/route-tables/public-routes';
import { testMenu } from '../test/delivery-fixtures';
import { MenuHighlights, onePerCategory } from '../features/site/components/menu-highlights';
import { appDataScript, seedFromPage } from '../shared/api/app-data';
import { i18n } from '../shared/i18n';
import { menuQuery } from '../shared/menu/get-menu';
import { reviewsQuery } from '../features/reviews/api/public-reviews';
import { HeadCollectorContext, type HeadCollector } from '../shared/seo/page-meta';
import { fakeApi, renderWithProviders } from '../test/render';
import { Component as DeliveryPage } from './delivery';

const PRODUCTS = 'GET delivery/products/';
/** The reviews of orders under the menu (issue 25, point 2): none approved yet. */
const REVIEWS = 'GET reviews/';
const ORDERING = 'GET delivery/ordering/';
const noReviews = () => ({ status: 200, body: { kind: 'order' as const, count: 0, average: null, reviews: [] } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/delivery', () => {
  it('DEL-01: shows the catalogue with its title to an anonymous visitor, with the page meta', async () => {
    const api = fakeApi({ [PRODUCTS]: () => ({ status: 200, body: testMenu }), [REVIEWS]: noReviews, [ORDERING]: () => ({ status: 200, body: { delivery_fee: 139_00 } }) });
    renderWithProviders(<DeliveryPage />, { route: '/delivery' });

    expect(screen.getByRole('heading', { level: 1, name: 'Меню доставки' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('product-card')).toHaveLength(testMenu.length);
    expect(screen.getByRole('navigation', { name: 'Категории' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Поиск по названию' })).toBeInTheDocument();
    // Nothing but the menu, its reviews and the delivery fee staff set (issue 48, point 13) is asked for: no session, no sign-in.
    await screen.findByText('Отзывов пока нет.');
    await waitFor(() => expect(api.calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([ORDERING, PRODUCTS, `${REVIEWS}?kind=order`].sort()));
    await waitFor(() => expect(document.title).toBe('Меню доставки «Дом 1799» — блюда ресторана с доставкой по Гродно'));
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/delivery$/);
  });

  it('invites the guest to order by phone: the delivery number, its hours, 60 minutes and the 139 BYN fee', async () => {
    fakeApi({ [PRODUCTS]: () => ({ status: 200, body: testMenu }), [REVIEWS]: noReviews });
    renderWithProviders(<DeliveryPage />, { route: '/delivery' });

    const intro = within(screen.getByTestId('delivery-intro'));
    expect(intro.getByRole('link', { name: 'Заказать: +375 29 000-17-99' })).toHaveAttribute('href', 'tel:+375290001799');
    expect(screen.getByTestId('delivery-intro')).toHaveTextContent('по городу привезём за 60 минут. Стоимость доставки — 139 BYN.');
    expect(intro.getByText('Ежедневно 11:00–22:00')).toBeInTheDocument();

    const order = screen.getByTestId('delivery-order');
    expect(within(order).getByRole('heading', { level: 2, name: 'Как заказать' })).toBeInTheDocument();
    expect(within(order).getByRole('link', { name: '+375 29 000-17-99' })).toHaveAttribute('href', 'tel:+375290001799');
    expect(order).toHaveTextContent('Приём заказовЕжедневно 11:00–22:00');
    expect(order).toHaveTextContent('Доставка по городуза 60 минут');
    expect(order).toHaveTextContent('Стоимость доставки139 BYN');
    // DEL-12: every dish has its plus button.
    const cards = await screen.findAllByTestId('product-card');
    expect(within(screen.getByTestId('product-grid')).getAllByTestId('add-to-cart')).toHaveLength(cards.length);
  });

  it('DEL-01: the page is complete in English', async () => {
    fakeApi({ [PRODUCTS]: () => ({ status: 200, body: testMenu }), [REVIEWS]: noReviews });
    await i18n.changeLanguage('en');
    try {
      await i18n.loadNamespaces(['common', 'restaurant']);
      renderWithProviders(<DeliveryPage />, { route: '/delivery' });
      expect(screen.getByRole('heading', { level: 1, name: 'Delivery menu' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Order: +375 29 000-17-99' })).toHaveAttribute('href', 'tel:+375290001799');
      expect(screen.getByTestId('delivery-intro')).toHaveTextContent('within 60 minutes. Delivery costs 139 BYN.');
      expect(screen.getByTestId('delivery-order')).toHaveTextContent('Daily 11:00–22:00');
      expect(await screen.findAllByTestId('product-card')).toHaveLength(testMenu.length);
      expect(screen.getByRole('navigation', { name: 'Categories' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('House 1799 delivery menu — restaurant dishes delivered in Grodno'));
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it("the first dish's picture loads at once, the others when scrolled near", async () => {
    const pictured = testMenu.map((product) => ({ ...product, image: testMenu[0]!.image }));
    fakeApi({ [PRODUCTS]: () => ({ status: 200, body: pictured }), [REVIEWS]: noReviews });
    renderWithProviders(<DeliveryPage />);
    const [first, second] = await screen.findAllByTestId('product-card');
    expect(first!.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(second!.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('is a public route, prerendered with the namespaces it needs', async () => {
    const route = publicRoutes.find((candidate) => candidate.path === '/delivery');
    expect(route?.lazy).toBeTypeOf('function');
    const module = await (route!.lazy as () => Promise<{ Component?: unknown }>)();
    expect(module.Component).toBe(DeliveryPage);
    expect(prerenderedPages).toContainEqual(
      expect.objectContaining({ path: '/delivery', module: 'src/routes/delivery.tsx', namespaces: ['common', 'restaurant', 'reviews'], renderedOnRequest: true }),
    );
  });

  it('the prerendered HTML has the title and the skeletons, and hydrates without a mismatch', () => {
    fakeApi({ [PRODUCTS]: () => new Promise(() => {}), [REVIEWS]: () => new Promise(() => {}) });
    const page = () => (
      <MemoryRouter initialEntries={['/delivery']}>
        <QueryClientProvider client={new QueryClient()}>
          <DeliveryPage />
        </QueryClientProvider>
      </MemoryRouter>
    );
    const head: HeadCollector = {};
    const html = renderToString(<HeadCollectorContext.Provider value={head}>{page()}</HeadCollectorContext.Provider>);
    expect(head).toMatchObject({ path: '/delivery', language: 'ru', title: 'Меню доставки «Дом 1799» — блюда ресторана с доставкой по Гродно' });
    expect(head.description).toMatch(/.{40,}/);
    expect(html).toContain('Меню доставки</h1>');
    expect(html).toContain('data-testid="product-grid-loading"');
    expect(html).toContain('href="tel:+375290001799"');
    expect(html).not.toContain('data-testid="product-card"');

    const prerendered = document.createElement('div');
    prerendered.innerHTML = html;
    document.body.append(prerendered);
    const before = prerendered.innerHTML;
    const mismatches: unknown[] = [];
    let root!: Root;
    act(() => {
      root = hydrateRoot(prerendered, page(), { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(prerendered.innerHTML).toBe(before);
    act(() => root.unmount());
    prerendered.remove();
  });

  it('DEL-01: hydrates the menu the server drew without a mismatch and without fetching it, from the data the page carries', () => {
    // Any request fails the test: the dishes come from the page.
    fakeApi({});
    const serverClient = new QueryClient();
    serverClient.setQueryData(menuQuery.queryKey, testMenu);
    serverClient.setQueryData(reviewsQuery('order').queryKey, noReviews().body);
    // With a category in the address, as /delivery?category=ID is drawn (issue 26): the same on both sides.
    const category = testMenu[0]!.category;
    const page = (client: QueryClient) => (
      <MemoryRouter initialEntries={[`/delivery?category=${category.id}`]}>
        <QueryClientProvider client={client}>
          <DeliveryPage />
        </QueryClientProvider>
      </MemoryRouter>
    );
    const html = renderToString(page(serverClient));
    expect(html).toContain('data-testid="product-grid"');
    expect(html).not.toContain('data-testid="product-grid-loading"');
    for (const dish of testMenu) expect(html.includes(dish.name.ru), dish.name.ru).toBe(dish.category.id === category.id);

    const prerendered = document.createElement('div');
    prerendered.innerHTML =
      html +
      appDataScript([
        [menuQuery.queryKey, testMenu],
        [reviewsQuery('order').queryKey, noReviews().body],
      ]);
    document.body.append(prerendered);
    const client = new QueryClient();
    seedFromPage(client);
    const before = prerendered.innerHTML;
    const mismatches: unknown[] = [];
    let root!: Root;
    act(() => {
      root = hydrateRoot(prerendered, page(client), { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(prerendered.innerHTML).toBe(before);
    expect(within(prerendered).getAllByTestId('product-card')).toHaveLength(testMenu.filter((dish) => dish.category.id === category.id).length);
    act(() => root.unmount());
    prerendered.remove();
  });

  it("shares the menu request with the restaurant's highlights", async () => {
    const api = fakeApi({ [PRODUCTS]: () => ({ status: 200, body: testMenu }), [REVIEWS]: noReviews });
    renderWithProviders(
      <>
        <MenuHighlights select={onePerCategory} count={3} errorText="error" emptyText="empty" />
        <DeliveryPage />
      </>,
    );
    // The highlights draw their dishes with the same card: the catalogue's grid holds the rest.
    expect(await screen.findAllByTestId('menu-item')).toHaveLength(3);
    expect(within(await screen.findByTestId('product-grid')).getAllByTestId('product-card')).toHaveLength(testMenu.length);
    expect(api.calls.filter((call) => call.path === 'delivery/products/')).toHaveLength(1);
  });
});
