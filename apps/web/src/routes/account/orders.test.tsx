import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderDisplayStatus, type Order, type OrderItem, type OrderStatus } from '@hotel/domain';
import { leaveFor } from '../../shared/api/leave-for';
import { resetCartForTests, useCart } from '../../shared/cart/cart-store';
import { useSession } from '../../shared/session/session-store';
import { i18n } from '../../shared/i18n';
import { toast } from '../../shared/ui';
import { fakeApi, renderWithProviders, testUser, type FakeCall } from '../../test/render';
import { Component as OrdersPage } from './orders';
import { Component as OverviewPage } from './overview';

vi.mock('../../shared/api/leave-for', () => ({ leaveFor: vi.fn() }));

const dish = (id: number, ru: string, price: number, quantity = 1, withImage = false): OrderItem => ({
  id,
  product_id: id,
  name: { ru, en: `${ru} (en)` },
  image: withImage ? { src: `/api/v1/uploads/dish-${id}.webp`, widths: [320], alt: { ru, en: ru } } : null,
  price,
  quantity,
  options: [],
});

let nextId = 100;
function order(status: OrderStatus, overrides: Partial<Order> = {}): Order {
  const id = nextId++;
  const items = overrides.items ?? [dish(1, 'Суп', 12_50, 2, true), dish(2, 'Драники', 9_90)];
  const goods = items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  return {
    id,
    status,
    display_status: orderDisplayStatus(status),
    created_at: `2026-06-${String(10 + (id % 10)).padStart(2, '0')}T10:15:00Z`,
    price: goods + 139_00,
    summary: { items: goods, delivery: 139_00, packaging: 0, discount: 0, total: goods + 139_00 },
    address: { id: 5, label: 'Дом', address: 'ул. Советская, 1', entrance: 2, floor: 3, apartment: 14, intercom: '14K', comment: null },
    room: null,
    items,
    comment: 'Позвонить заранее',
    deliver_at: null,
    payment_method: status === 'pending' ? null : { payment_method_id: 'card-1', card_last4: '4242', brand: 'visa' },
    payment_status: status === 'pending' ? 'awaiting' : 'paid',
    paid_at: status === 'pending' ? null : '2026-06-10T10:16:00Z',
    expected_at: status === 'pending' ? null : '2026-06-10T11:16:00Z',
    delivered_at: status === 'completed' ? '2026-06-10T11:05:00Z' : null,
    canceled_at: status === 'canceled' || status === 'stashed' ? '2026-06-10T10:30:00Z' : null,
    cancel_reason: '',
    promo_code: null,
    promo_discount: 0,
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(leaveFor).mockClear();
  resetCartForTests();
  useSession.setState({ status: 'authenticated', user: testUser });
});
afterEach(() => {
  toast.clear();
  vi.unstubAllGlobals();
  resetCartForTests();
});

/** `list` is read on every request: a test changes it as the server would. */
function renderOrders(list: Order[], extra: Record<string, () => { status: number; body?: unknown }> = {}) {
  const api = fakeApi({ 'GET delivery/orders/': () => ({ status: 200, body: list }), ...extra });
  renderWithProviders(
    <Routes>
      <Route path="/account/orders" element={<OrdersPage />} />
      <Route path="/delivery/cart" element={<p>cart page</p>} />
    </Routes>,
    { route: '/account/orders' },
  );
  return { api, user: userEvent.setup() };
}

const calls = (api: { calls: FakeCall[] }, key: string) => api.calls.filter((c) => `${c.method} ${c.path}` === key);
const panel = (name: RegExp) => screen.getByRole('tabpanel', { name });
const cardsIn = (element: HTMLElement) => within(element).queryAllByTestId('order-card');

describe('/account/orders', () => {
  it('ACC-28, ACC-29, ACC-30: Active holds unpaid (pending), accepted (accepted, in_progress) and delivering; Completed holds delivered and cancelled', async () => {
    const list = (['pending', 'accepted', 'in_progress', 'delivering', 'completed', 'canceled', 'stashed'] as const).map((s) => order(s));
    const { user } = renderOrders(list);
    const active = await screen.findByRole('tabpanel', { name: /Активные/ });
    expect(cardsIn(active).map((c) => within(c).getByTestId('order-status').textContent).sort()).toEqual(['В пути', 'Ожидает оплаты', 'Принят', 'Принят']);
    await user.click(screen.getByRole('tab', { name: /Завершённые/ }));
    expect(cardsIn(panel(/Завершённые/)).map((c) => within(c).getByTestId('order-status').textContent)).toEqual(['Отменён', 'Отменён', 'Доставлен']);
  });

  it('ACC-31: a card shows at most 6 dish pictures and "+N" for the rest', async () => {
    const items = Array.from({ length: 8 }, (_, i) => dish(i + 1, `Блюдо ${i + 1}`, 5_00, 1, i % 2 === 0));
    renderOrders([order('accepted', { items, created_at: '2026-06-12T10:00:00Z' }), order('accepted', { created_at: '2026-06-11T10:00:00Z' })]);
    const [big, small] = await screen.findAllByTestId('order-card');
    expect(within(big!).getAllByTestId('order-thumb')).toHaveLength(6);
    expect(within(big!).getByTestId('order-more')).toHaveTextContent('+2');
    expect(within(small!).getAllByTestId('order-thumb')).toHaveLength(2);
    expect(within(small!).queryByTestId('order-more')).not.toBeInTheDocument();
  });

  it('ACC-32, ACC-33: details show the date, status, address and dishes, and a summary of real figures', async () => {
    const one = order('accepted', { items: [dish(1, 'Суп', 12_50, 2, true), dish(2, 'Драники', 9_90)] });
    const { user } = renderOrders([one]);
    await user.click(await screen.findByRole('button', { name: 'Подробнее' }));
    const details = await screen.findByTestId('order-details');
    expect(within(details).getByTestId('order-status')).toHaveTextContent('Принят');
    expect(details).toHaveTextContent(/\d{1,2} июн\. 2026, \d{2}:15/);
    expect(within(details).getByTestId('order-address')).toHaveTextContent('ул. Советская, 1, подъезд 2, этаж 3, кв. 14, домофон 14K');
    const items = within(details).getAllByTestId('order-item');
    expect(items[0]).toHaveTextContent('Суп12,50 BYN × 225 BYN');
    expect(within(items[0]!).getByRole('img', { name: 'Суп' })).toBeInTheDocument();
    expect(within(details).getByTestId('summary-items')).toHaveTextContent('34,90 BYN');
    expect(within(details).getByTestId('summary-delivery')).toHaveTextContent('139 BYN');
    expect(within(details).getByTestId('summary-packaging')).toHaveTextContent('0 BYN');
    expect(within(details).getByTestId('summary-discount')).toHaveTextContent('0 BYN');
    expect(within(details).getByTestId('summary-total')).toHaveTextContent('173,90 BYN');
    expect(within(details).getByTestId('order-expected')).toHaveTextContent('Курьер привезёт заказ к');
  });

  it('an order placed at 23:40 in Grodno reads 23:40 and "expected by 00:40" in a browser set to UTC: the hotel states its times on its own clock (issue 48)', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      const late = order('accepted', { created_at: '2026-11-27T20:40:00Z', expected_at: '2026-11-27T21:40:00Z' });
      const { user } = renderOrders([late]);
      await user.click(await screen.findByRole('button', { name: 'Подробнее' }));
      const details = await screen.findByTestId('order-details');
      expect(details).toHaveTextContent('27 нояб. 2026, 23:40');
      expect(within(details).getByTestId('order-expected')).toHaveTextContent('00:40');
    } finally {
      process.env.TZ = zone;
    }
  });

  it('a room-service order says "Room service: <room>" instead of an address, in both languages (issue 24)', async () => {
    const one = order('accepted', {
      room: { reservation_id: 31, name: { ru: 'Люкс с камином', en: 'Suite with a fireplace' } },
      summary: { items: 37_40, delivery: 0, packaging: 0, discount: 0, total: 37_40 },
      price: 37_40,
    });
    const { user } = renderOrders([one]);
    await user.click(await screen.findByRole('button', { name: 'Подробнее' }));
    const details = await screen.findByTestId('order-details');
    expect(within(details).getByTestId('order-room')).toHaveTextContent('Обслуживание в номере: Люкс с камином');
    expect(within(details).queryByTestId('order-address')).not.toBeInTheDocument();
    expect(within(details).getByTestId('summary-delivery')).toHaveTextContent('0 BYN');
    await i18n.changeLanguage('en');
    try {
      await waitFor(() => expect(within(details).getByTestId('order-room')).toHaveTextContent('Room service: Suite with a fireplace'));
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it('ACC-34: cancelling sets the order to canceled, so it moves under Completed as cancelled', async () => {
    const one = order('accepted');
    const list = [one];
    const { api, user } = renderOrders(list, {
      [`POST orders/${one.id}/cancel/`]: () => {
        list[0] = { ...one, status: 'canceled', display_status: 'cancelled', canceled_at: '2026-06-10T10:40:00Z' };
        return { status: 200, body: list[0] };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Подробнее' }));
    await user.click(screen.getByTestId('cancel-order'));
    expect(screen.getByText('Отменить заказ? Деньги вернутся на карту.')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-cancel-order'));
    expect(await screen.findByText('Заказ отменён, деньги вернутся на карту')).toBeInTheDocument();
    expect(calls(api, `POST orders/${one.id}/cancel/`)).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByTestId('order-details')).getByTestId('order-status')).toHaveTextContent('Отменён'));
    expect(screen.queryByTestId('cancel-order')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('tab', { name: /Завершённые/ }));
    expect(within(panel(/Завершённые/)).getByTestId('order-status')).toHaveTextContent('Отменён');
  });

  it('a declined order is not shown as paid: "payment failed", no card named, and "Pay" pays the same order (issue 20, point 10)', async () => {
    const one = order('pending', { payment_status: 'failed' });
    const list = [one];
    const { api, user } = renderOrders(list, {
      'GET account/payments/methods/': () => ({
        status: 200,
        body: [{ id: 1, payment_method_id: 'card-2', card_last4: '5555', brand: 'mastercard', exp_month: 1, exp_year: 2030, primary: true, status: 'succeeded', created_at: '2026-06-01T00:00:00Z' }],
      }),
      'POST payments/create/': () => {
        list[0] = { ...one, status: 'accepted', display_status: 'accepted', payment_status: 'paid', paid_at: '2026-06-10T10:50:00Z' };
        return { status: 200, body: { payment_id: 'p-1', status: 'succeeded', amount: one.price } };
      },
    });
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByTestId('order-status')).toHaveTextContent('Оплата не прошла');
    await user.click(within(card).getByRole('button', { name: 'Подробнее' }));
    const details = await screen.findByTestId('order-details');
    expect(details).not.toHaveTextContent('Оплачено');
    expect(within(details).getByTestId('order-unpaid')).toHaveTextContent('Оплата не прошла: заказ не оплачен');
    await waitFor(() => expect(within(details).getByTestId('pay-order-button')).toBeEnabled());
    await user.click(within(details).getByTestId('pay-order-button'));
    await waitFor(() => expect(calls(api, 'POST payments/create/')).toHaveLength(1));
    expect(calls(api, 'POST payments/create/')[0]!.body).toEqual({ order_id: one.id, payment_method_id: 'card-2', return_path: '/account/orders' });
    expect(await screen.findByText('Оплата прошла успешно!')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('order-details')).getByTestId('order-status')).toHaveTextContent('Принят'));
    expect(calls(api, 'POST orders/')).toHaveLength(0);
  });

  const mastercard = {
    'GET account/payments/methods/': () => ({
      status: 200,
      body: [{ id: 1, payment_method_id: 'card-2', card_last4: '3220', brand: 'mastercard', exp_month: 1, exp_year: 2030, primary: true, status: 'succeeded', created_at: '2026-06-01T00:00:00Z' }],
    }),
  };

  /** Presses "Pay" on the unpaid order and answers with a 3-D Secure page; the browser leaves for it. */
  async function payWith3ds(one: Order) {
    const { api, user } = renderOrders([one], {
      ...mastercard,
      'POST payments/create/': () => ({ status: 200, body: { payment_id: 'p-3ds', status: 'pending', amount: one.price, confirmation_url: 'http://localhost/api/v1/payments/sandbox/abc/' } }),
    });
    await user.click(within(await screen.findByTestId('order-card')).getByRole('button', { name: 'Подробнее' }));
    const details = await screen.findByTestId('order-details');
    await waitFor(() => expect(within(details).getByTestId('pay-order-button')).toBeEnabled());
    await user.click(within(details).getByTestId('pay-order-button'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://localhost/api/v1/payments/sandbox/abc/'));
    // The provider is told to send the guest back here, and the page remembers what to ask about.
    expect(calls(api, 'POST payments/create/')[0]!.body).toEqual({ order_id: one.id, payment_method_id: 'card-2', return_path: '/account/orders' });
    expect(sessionStorage.getItem('orderPayment')).toBe('p-3ds');
    cleanup();
  }

  it('DEL-33, DEL-34: "Pay" with a card that asks for 3-D Secure brings the guest back here, says the payment went through and shows the order accepted (issue 20)', async () => {
    const one = order('pending', { payment_status: 'failed' });
    await payWith3ds(one);

    // Back from the confirmation page: the order is paid now.
    const paid: Order = { ...one, status: 'accepted', display_status: 'accepted', payment_status: 'paid', paid_at: '2026-06-10T10:50:00Z' };
    const { api } = renderOrders([paid], { ...mastercard, 'GET payments/p-3ds/status/': () => ({ status: 200, body: { status: 'succeeded' } }) });
    expect(await screen.findByText('Оплата прошла успешно!')).toBeInTheDocument();
    expect(within(await screen.findByTestId('order-card')).getByTestId('order-status')).toHaveTextContent('Принят');
    expect(calls(api, 'GET payments/p-3ds/status/')).toHaveLength(1);
    expect(sessionStorage.getItem('orderPayment')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('order-payment-checking')).toBeNull());
    // The orders are asked again once the outcome is known, so the list cannot show the state from before.
    await waitFor(() => expect(calls(api, 'GET delivery/orders/').length).toBeGreaterThanOrEqual(2));
  });

  it('DEL-34: a payment declined on the 3-D Secure page says so back here, and the order stays unpaid with "Pay" (issue 20)', async () => {
    const one = order('pending', { payment_status: 'awaiting' });
    await payWith3ds(one);

    const list = [{ ...one, payment_status: 'failed' as const }];
    let answer: 'pending' | 'canceled' = 'pending';
    renderOrders(list, { ...mastercard, 'GET payments/p-3ds/status/': () => ({ status: 200, body: { status: answer } }) });
    // While the provider has not settled it, the page says it is waiting.
    expect(await screen.findByTestId('order-payment-checking')).toHaveTextContent('Ждём подтверждения оплаты…');
    answer = 'canceled';
    expect(await screen.findByText('Оплата не удалась. Попробуйте другой способ оплаты.')).toBeInTheDocument();
    expect(within(screen.getByTestId('order-card')).getByTestId('order-status')).toHaveTextContent('Оплата не прошла');
    expect(sessionStorage.getItem('orderPayment')).toBeNull();
    expect(screen.queryByTestId('order-payment-checking')).toBeNull();
  });

  it('offers no cancel once the kitchen has started', async () => {
    const { user } = renderOrders([order('in_progress')]);
    await user.click(await screen.findByRole('button', { name: 'Подробнее' }));
    await screen.findByTestId('order-details');
    expect(screen.queryByTestId('cancel-order')).not.toBeInTheDocument();
  });

  it('repeat puts the dishes in the cart at today\'s prices, says which are gone, and opens the cart', async () => {
    const one = order('completed');
    const { user } = renderOrders([one], {
      [`POST orders/${one.id}/repeat/`]: () => ({
        status: 200,
        body: { items: [{ product_id: 1, quantity: 2, price: 13_00, name: { ru: 'Суп', en: 'Soup' }, image: null }], missing: [{ name: { ru: 'Драники', en: 'Draniki' }, quantity: 1 }] },
      }),
    });
    await user.click(await screen.findByRole('tab', { name: /Завершённые/ }));
    await user.click(within(panel(/Завершённые/)).getByRole('button', { name: 'Подробнее' }));
    await user.click(screen.getByTestId('repeat-order'));
    expect(await screen.findByText('cart page')).toBeInTheDocument();
    expect(screen.getByText('Этих блюд сейчас нет в меню: Драники')).toBeInTheDocument();
    expect(useCart.getState().items).toEqual([{ product_id: 1, quantity: 2, price: 13_00, name: { ru: 'Суп', en: 'Soup' }, image: null }]);
  });

  it('ERR-35: each tab has an empty state leading to the menu', async () => {
    renderOrders([]);
    const empty = await screen.findByTestId('orders-empty');
    expect(empty).toHaveTextContent('Активных заказов нет');
    expect(within(empty).getByRole('link', { name: 'Перейти в меню' })).toHaveAttribute('href', '/delivery');
  });

  it('ERR-27: a failed list shows "Ошибка:" with the detail', async () => {
    fakeApi({ 'GET delivery/orders/': () => ({ status: 500, body: { detail: 'Internal server error' } }) });
    renderWithProviders(<OrdersPage />, { route: '/account/orders' });
    expect(await screen.findByTestId('orders-error', {}, { timeout: 5000 })).toHaveTextContent('Ошибка: Internal server error');
  });
});

describe('/account/overview (ACC-09)', () => {
  it('lists the active orders (accepted or delivering) below the reservations, with the link to all orders', async () => {
    fakeApi({
      'GET delivery/orders/': () => ({ status: 200, body: [order('delivering'), order('completed'), order('pending')] }),
      'GET hotel/reservations/': () => ({ status: 200, body: [] }),
    });
    renderWithProviders(<OverviewPage />, { route: '/account/overview' });
    const section = await screen.findByTestId('active-orders');
    await waitFor(() => expect(within(section).getAllByTestId('overview-order')).toHaveLength(2));
    expect(within(section).getAllByTestId('order-status').map((s) => s.textContent).sort()).toEqual(['В пути', 'Ожидает оплаты']);
    expect(within(section).getByRole('link', { name: /Все заказы/ })).toHaveAttribute('href', '/account/orders');
  });
});
